import { describe, expect, it } from 'vitest';
import { filtersFromAnswers, payerChoices, reasonChoices } from './denials.ts';

describe('filtering denial management from the palette', () => {
  it('offers every payer and reason with its count, after "all"', () => {
    expect(payerChoices([{ insuranceID: 4, payerName: 'Aetna', claimCount: 2 }])).toEqual([
      { value: 'all', label: 'All payers' },
      { value: '4', label: 'Aetna', hint: '2 denied claims' },
    ]);
    const reasons = reasonChoices([
      { reasonCode: '16', description: 'Claim/service lacks information', claimCount: 1, deniedCents: 100 },
      { reasonCode: '', description: null, claimCount: 1, deniedCents: 100 },
    ]);
    expect(reasons).toEqual([
      { value: 'all', label: 'All reasons' },
      { value: '16', label: '16 Claim/service lacks information', hint: '1 claim' },
    ]);
  });

  it('turns the answers into the screen’s filters, "all" and empty filtering nothing', () => {
    expect(filtersFromAnswers({ insuranceID: 'all', reasonCode: 'all', dosFrom: '', dosTo: ' ' })).toEqual({
      insuranceID: null,
      reasonCode: '',
      dosFrom: '',
      dosTo: '',
    });
    expect(
      filtersFromAnswers({ insuranceID: '4', reasonCode: '16', dosFrom: '2026-01-01', dosTo: '2026-03-31' }),
    ).toEqual({
      insuranceID: 4,
      reasonCode: '16',
      dosFrom: '2026-01-01',
      dosTo: '2026-03-31',
    });
  });
});
