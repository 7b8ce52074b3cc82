import { describe, expect, it } from 'vitest';
import { summarizeCoverage, type CoverageSummary } from './coverageSummary.ts';
import { read271 } from './read271.ts';
import { subscriberReply } from './test/reply271.ts';

function summary(body: readonly string[], on: string): CoverageSummary {
  const document = read271(subscriberReply(body));
  expect(document.problems).toEqual([]);
  const subscriber = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[0];
  if (subscriber === undefined) throw new Error('no subscriber');
  return summarizeCoverage(subscriber, on);
}

describe('summarizeCoverage', () => {
  it('says inactive for the days an inactive line is dated to, active on the others', () => {
    const body = ['DTP*346*D8*20260101', 'EB*1*IND*30*PR*PLAN A', 'EB*6*IND*30', 'DTP*307*RD8*20260301-20260331'];
    expect(summary(body, '2026-03-15')).toMatchObject({ active: false, planDescription: '' });
    expect(summary(body, '2026-04-01')).toMatchObject({ active: true, planDescription: 'PLAN A' });
    expect(summary(body, '2025-12-31').active).toBe(false);
  });

  it('decides on the plan’s lines, not on a service the plan does not cover', () => {
    const body = ['EB*1*IND*30*PR*PLAN A', 'EB*6*IND*35', 'DTP*307*RD8*20260101-20261231'];
    expect(summary(body, '2026-03-02')).toMatchObject({ active: true, planDescription: 'PLAN A' });
    expect(summary(['EB*6*IND*35', 'DTP*307*RD8*20260101-20261231'], '2026-03-02').active).toBe(false);
  });

  it('bounds an active line by its own eligibility dates before the member’s', () => {
    const body = ['DTP*346*D8*20200101', 'EB*1*IND*30', 'DTP*356*D8*20260201', 'DTP*357*D8*20260228'];
    expect(summary(body, '2026-02-10').active).toBe(true);
    expect(summary(body, '2026-03-02').active).toBe(false);
  });

  it('says nothing of coverage the reply does not mention', () => {
    expect(summary(['AAA*Y**42*P'], '2026-03-02')).toMatchObject({
      active: null,
      rejections: [{ loop: '2100C', reason: { code: '42' } }],
    });
  });

  it('takes the plan-wide co-pay when no office-visit co-pay is given, and the in-network one', () => {
    const body = ['EB*1*IND*30', 'EB*B*IND*30*PR**27*35*****N', 'EB*B*IND*30*PR**27*15*****Y'];
    expect(summary(body, '2026-03-02').officeVisitCopayCents).toBe(1500);
    const office = [...body, 'EB*B*IND*98*PR**27*20*****Y'];
    expect(summary(office, '2026-03-02').officeVisitCopayCents).toBe(2000);
  });

  it('reports remaining amounts for the individual in network only', () => {
    const familyOnly = ['EB*1*FAM*30', 'EB*C*FAM*30*PR**29*900*****Y', 'EB*G*IND*30*PR**29*700*****N'];
    expect(summary(familyOnly, '2026-03-02')).toMatchObject({
      deductibleRemainingCents: null,
      outOfPocketRemainingCents: null,
    });
    // A line that names no network applies to both.
    const unmarked = ['EB*1*IND*30', 'EB*C*IND*30*PR**23*1500', 'EB*C*IND*30*PR**29*620.75'];
    expect(summary(unmarked, '2026-03-02').deductibleRemainingCents).toBe(62075);
  });

  it('reads the co-insurance percent of an office visit, in network', () => {
    const body = ['EB*1*IND*30', 'EB*A*IND*30*PR****.1', 'EB*A*IND*98*PR****.25****Y', 'EB*A*IND*98*PR****.5****N'];
    expect(summary(body, '2026-03-02').coinsurancePercent).toBe(25);
  });
});
