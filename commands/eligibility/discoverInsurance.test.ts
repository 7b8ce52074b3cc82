import { describe, expect, it } from 'vitest';
import { discoveredChoice } from './discoverInsurance.ts';

describe('a discovered insurance as the palette offers it', () => {
  it('names the payer and member ID, then the plan, its dates, the co-pay and the deductible remaining', () => {
    expect(
      discoveredChoice({
        insuranceID: 12,
        payerName: 'Lone Star Health',
        payerID: '11114',
        memberID: 'DS197506140',
        planDescription: 'SIMULATED PPO',
        planBegins: '2026-01-01',
        planEnds: '2026-12-31',
        officeVisitCopayCents: 2500,
        deductibleRemainingCents: 110000,
      }),
    ).toEqual({
      value: '12',
      label: 'Add Lone Star Health, member ID DS197506140',
      hint: 'SIMULATED PPO · 2026-01-01 to 2026-12-31 · co-pay $25.00 · deductible remaining $1,100.00',
    });
  });

  it('leaves out what the payer did not say', () => {
    expect(
      discoveredChoice({
        insuranceID: 3,
        payerName: 'Prairie Care',
        payerID: '33334',
        memberID: 'M1',
        planDescription: '',
        planBegins: null,
        planEnds: null,
        officeVisitCopayCents: null,
        deductibleRemainingCents: null,
      }).hint,
    ).toBe('');
  });
});
