import { describe, expect, it } from 'vitest';
import type { EligibilityCheckReply } from '../../contract/eligibility.ts';
import { eligibilityDetail } from './eligibility.ts';

const ACTIVE: EligibilityCheckReply = {
  inquiryID: 7,
  patientID: 3,
  patientInsuranceID: 4,
  payerName: 'Aetna',
  memberID: 'W1234567',
  dateOfService: '2026-03-02',
  askedAt: '2026-03-02T14:05:00.000Z',
  outcome: 'active',
  message: 'Coverage is active on 2026-03-02 (SIMULATED PPO).',
  summary: {
    active: true,
    planDescription: 'SIMULATED PPO',
    officeVisitCopayCents: 2500,
    deductibleRemainingCents: 83000,
    outOfPocketRemainingCents: 433000,
    coinsurancePercent: 20,
    planBegins: '2026-01-01',
    planEnds: '2026-12-31',
    rejections: [],
  },
};

describe('the eligibility toast', () => {
  it('shows the co-pay, what remains of the deductible and out-of-pocket, co-insurance and plan dates', () => {
    const detail = eligibilityDetail(ACTIVE);
    expect(detail.split('\n')[0]).toBe('Aetna, member ID W1234567, on 2026-03-02');
    expect(detail).toContain('Plan: SIMULATED PPO');
    expect(detail).toMatch(/Office visit co-pay: \$25\.00/);
    expect(detail).toMatch(/Deductible remaining: \$830\.00/);
    expect(detail).toMatch(/Out-of-pocket remaining: \$4,330\.00/);
    expect(detail).toContain('Co-insurance: 20%');
    expect(detail).toContain('Plan dates: 2026-01-01 to 2026-12-31');
  });

  it('says why the payer rejected the question and leaves out what it did not give', () => {
    const detail = eligibilityDetail({
      ...ACTIVE,
      outcome: 'rejected',
      summary: {
        ...ACTIVE.summary,
        active: null,
        planDescription: '',
        officeVisitCopayCents: null,
        deductibleRemainingCents: null,
        outOfPocketRemainingCents: null,
        coinsurancePercent: null,
        planBegins: null,
        planEnds: null,
        rejections: [
          {
            loop: '2100C',
            validRequest: false,
            reason: { code: '75', description: 'Subscriber/insured not found' },
            followUp: { code: 'C', description: 'Please correct and resubmit' },
          },
        ],
      },
    });
    expect(detail.split('\n')).toEqual([
      'Aetna, member ID W1234567, on 2026-03-02',
      'Rejected (75): Subscriber/insured not found; please correct and resubmit',
    ]);
  });
});
