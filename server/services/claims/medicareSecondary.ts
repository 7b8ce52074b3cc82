/**
 * Medicare as a secondary payer (MSP): why Medicare is not paying first. An 837P billing Medicare
 * after another payer must say it in SBR05 of loop 2000B (005010X222A1: required when the
 * destination payer is Medicare and Medicare is not the primary payer); the 837I has no SBR05.
 *
 * The type is the patient's answer to the MSP questionnaire. Until a coverage records that answer,
 * it is read from the primary payer's kind of coverage by the table below, which is the whole
 * rule: a biller sees the chosen type and why when the crossover claim is made, and the scrubber
 * refuses a Medicare secondary claim for which no type fits.
 */
import type { BillingClaim, BillingPayer, InsuranceType, MedicareSecondaryChoice } from './billingClaim.ts';

/** The insurance type codes (X12 element 1336) that name a Medicare secondary payer situation. */
export const MEDICARE_SECONDARY_TYPES = {
  '12': 'working aged beneficiary or spouse with an employer group health plan',
  '13': 'end-stage renal disease beneficiary in the coordination period with an employer group health plan',
  '14': 'no-fault insurance, including auto, is primary',
  '15': "workers' compensation",
  '16': 'public health service or other federal agency',
  '41': 'black lung',
  '42': "veterans' administration",
  '43': 'disabled beneficiary under age 65 with a large group health plan',
  '47': 'other liability insurance is primary',
} as const;

export type MedicareSecondaryType = keyof typeof MEDICARE_SECONDARY_TYPES;

/** Medicare's age of entitlement: a group health plan pays first for the working aged from it, for the disabled below it. */
const MEDICARE_AGE = 65;

/**
 * The type assumed from the primary's kind of coverage. A group health plan (commercial, Blue
 * Cross Blue Shield) is 12 (working aged) from 65 and 43 (disabled, large group health plan)
 * below it: a beneficiary under 65 is on Medicare for a disability or for ESRD (13), which only the
 * questionnaire tells apart. Medicaid, Medicare itself and self-pay never pay before Medicare.
 */
const BY_PRIMARY_TYPE: Record<
  InsuranceType,
  { code: MedicareSecondaryType | ((age: number) => MedicareSecondaryType) | null; kind: string }
> = {
  commercial: {
    code: (age) => (age >= MEDICARE_AGE ? '12' : '43'),
    kind: 'an employer group health plan (commercial)',
  },
  bcbs: {
    code: (age) => (age >= MEDICARE_AGE ? '12' : '43'),
    kind: 'an employer group health plan (Blue Cross Blue Shield)',
  },
  auto: { code: '14', kind: 'no-fault (auto) insurance' },
  workers_comp: { code: '15', kind: "workers' compensation" },
  tricare: { code: '16', kind: 'TRICARE, a federal program' },
  medicaid: { code: null, kind: 'Medicaid' },
  medicare: { code: null, kind: 'Medicare' },
  self_pay: { code: null, kind: 'self-pay' },
};

/** Whole years from `birth` to `on`, both 'YYYY-MM-DD'. */
export function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

type ClaimFacts = Pick<BillingClaim, 'coverage' | 'otherCoverages' | 'patient' | 'dosFrom'>;

/**
 * The MSP type of a claim billing Medicare after another payer, or null when the claim does not
 * (it bills no one, someone else, or Medicare as primary). The primary is the patient's first
 * coverage in force on the date of service; `originalPayer` (the payer the original claim billed)
 * stands in when that coverage is no longer on file.
 */
export function medicareSecondaryChoice(
  claim: ClaimFacts,
  originalPayer: BillingPayer | null,
): MedicareSecondaryChoice | null {
  const coverage = claim.coverage;
  if (coverage === null || coverage.payer.insuranceType !== 'medicare' || coverage.priority === 1) return null;
  const primary = claim.otherCoverages.find((other) => other.priority === 1)?.payer ?? originalPayer;
  if (primary === null) {
    return {
      code: null,
      description: null,
      reason: `No primary coverage is on file for the patient on ${claim.dosFrom}, so why Medicare pays second cannot be told: add the primary coverage, or bill Medicare as primary.`,
    };
  }
  const rule = BY_PRIMARY_TYPE[primary.insuranceType];
  if (rule.code === null) {
    return {
      code: null,
      description: null,
      reason: `The primary payer ${primary.name} is ${rule.kind}, which never pays before Medicare: put Medicare first in the patient's coverage order.`,
    };
  }
  const age = ageOn(claim.patient.dateOfBirth, claim.dosFrom);
  const code = typeof rule.code === 'function' ? rule.code(age) : rule.code;
  const agePart =
    typeof rule.code === 'function'
      ? ` and the patient is ${age >= MEDICARE_AGE ? `${MEDICARE_AGE} or older` : `under ${MEDICARE_AGE}`} on ${claim.dosFrom}`
      : '';
  return {
    code,
    description: MEDICARE_SECONDARY_TYPES[code],
    reason: `The primary payer ${primary.name} is ${rule.kind}${agePart}.`,
  };
}
