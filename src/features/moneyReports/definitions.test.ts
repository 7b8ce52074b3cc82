import { describe, expect, it } from 'vitest';
import { moneyReport } from '../../../contract/moneyReports.ts';
import { drillTarget, queryOf } from './definitions.ts';
import { REPORT_ENTRIES } from './reportIndex.ts';

describe('the money reports as report screens', () => {
  it('sends only the report’s own parameters, ids as numbers, empty ones left out', () => {
    expect(
      queryOf(moneyReport('eraData'), { groupID: '4', providerID: '9', postingFrom: '2026-01-01', postingTo: ' ' }),
    ).toEqual({ groupID: 4, postingFrom: '2026-01-01' });
  });

  it('leads a claim’s row to that claim alone', () => {
    expect(drillTarget(moneyReport('chargeDetail'), { claimID: 42, charges: 100 }, { providerID: '3' })).toEqual({
      filter: { claimIDs: '42' },
      labels: { claimIDs: 'Claim 42' },
    });
  });

  it('leads a provider’s row to their claims under the report’s dates', () => {
    const target = drillTarget(
      moneyReport('claimActivityByProvider'),
      { providerID: 7, providerName: 'Lee, Ann', charges: 100 },
      { dosFrom: '2026-01-01', postingTo: '2026-03-31', posID: '11' },
    );
    expect(target?.filter).toEqual({ providerID: 7, dosFrom: '2026-01-01', postingTo: '2026-03-31' });
    expect(target?.labels).toEqual({ providerID: 'Lee, Ann' });
    expect(target?.caveat).toMatch(/place of service/);
  });

  it('leads a month’s row to the claims posted that month, within the report’s own posting dates', () => {
    const report = moneyReport('chargesPaymentsSummary');
    expect(drillTarget(report, { month: '2026-02' }, {})?.filter).toEqual({
      postingFrom: '2026-02-01',
      postingTo: '2026-02-28',
    });
    expect(drillTarget(report, { month: '2026-02' }, { postingFrom: '2026-02-10' })?.filter).toEqual({
      postingFrom: '2026-02-10',
      postingTo: '2026-02-28',
    });
  });

  it('leads the totals row to every claim under the report’s parameters', () => {
    expect(drillTarget(moneyReport('planProcedureHistory'), null, { practiceID: '2' })?.filter).toEqual({
      practiceID: 2,
    });
  });

  it('lists every report once in the index, by title', () => {
    const titles = REPORT_ENTRIES.map((entry) => entry.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    for (const name of ['Charge detail', 'Payment report', 'Ledger account', 'Patient accounting detail', 'ERA data'])
      expect(titles).toContain(name);
  });
});
