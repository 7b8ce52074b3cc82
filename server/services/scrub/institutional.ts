/**
 * Rules only an institutional claim (UB-04, 837I 005010X223A2) is held to: the type of bill, the
 * stay an inpatient bill needs (admission date, type and point of origin, the discharge hour of a
 * final bill), a patient status that agrees with the frequency, a revenue code on every line, the
 * non-covered part of a line within it, an attending physician who is a person, and the
 * present-on-admission indicators Medicare asks of an inpatient bill.
 */
import { facilityTypeCode, isInpatient } from '../../edi/837/codes837.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import type { RuleHit, ScrubRule } from './types.ts';

const institutional = (claim: BillingClaim) => claim.claimType === 'institutional';

/** The claim's type of bill (facility type + classification), else its facility's; null when neither has one. */
export function billTypeOf(claim: BillingClaim): string | null {
  const billType = claim.institutional?.billType ?? claim.facility?.billType ?? null;
  return billType === null || billType.trim() === '' ? null : facilityTypeCode(billType);
}

const inpatient = (claim: BillingClaim) => {
  const billType = billTypeOf(claim);
  return billType !== null && isInpatient(billType);
};

const billOf = (claim: BillingClaim) => `${billTypeOf(claim) ?? ''}${claim.frequencyCode}`;

export const billTypeRequiredRule: ScrubRule = {
  id: 'UB_BILL_TYPE_REQUIRED',
  severity: 'error',
  field: 'institutional.billType',
  title: 'An institutional claim has its type of bill (UB-04 FL4, 837I CLM05)',
  fix: 'Open the claim form and pick the type of bill (e.g. 13 hospital outpatient, 11 hospital inpatient).',
  check(claim) {
    if (!institutional(claim) || billTypeOf(claim) !== null) return [];
    return [
      { field: 'institutional.billType', message: 'The claim has no type of bill, and neither has its facility.' },
    ];
  },
};

export const inpatientAdmissionRule: ScrubRule = {
  id: 'UB_INPATIENT_ADMISSION_REQUIRED',
  severity: 'error',
  field: 'admission',
  title: 'An inpatient bill has its admission date, type and point of origin (FL12, FL14, FL15; DTP*435, CL1)',
  fix: 'Key the admission date, the admission type and the point of origin in the claim form’s UB-04 section.',
  check(claim) {
    if (!institutional(claim) || !inpatient(claim)) return [];
    const stay = claim.admission ?? null;
    const missing = [
      stay === null ? 'admission date' : null,
      (claim.institutional?.admissionTypeCode ?? stay?.typeCode ?? null) === null ? 'admission type' : null,
      (claim.institutional?.admissionSourceCode ?? stay?.sourceCode ?? null) === null ? 'point of origin' : null,
    ].filter((name): name is string => name !== null);
    if (missing.length === 0) return [];
    return [
      { field: 'admission', message: `Bill type ${billOf(claim)} is inpatient but has no ${missing.join(', ')}.` },
    ];
  },
};

export const dischargeHourRule: ScrubRule = {
  id: 'UB_DISCHARGE_HOUR_REQUIRED',
  severity: 'error',
  field: 'institutional.dischargeHour',
  title: 'A final inpatient bill of a discharged patient has the discharge hour (FL16, DTP*096)',
  fix: 'Key the discharge hour (00-23) in the claim form’s UB-04 section.',
  check(claim) {
    const ub = claim.institutional ?? null;
    if (!institutional(claim) || ub === null || !inpatient(claim)) return [];
    if (!['1', '4'].includes(claim.frequencyCode) || ub.patientStatusCode === '30' || ub.dischargeHour !== null)
      return [];
    return [
      {
        field: 'institutional.dischargeHour',
        message: `Bill type ${billOf(claim)} is a final inpatient bill (patient status ${ub.patientStatusCode}) with no discharge hour.`,
      },
    ];
  },
};

export const patientStatusFrequencyRule: ScrubRule = {
  id: 'UB_PATIENT_STATUS_FREQUENCY',
  severity: 'error',
  field: 'institutional.patientStatusCode',
  title: 'The patient status agrees with the frequency: 30 (still a patient) only on interim bills (xx2, xx3)',
  fix: 'Bill a patient still in the facility as interim (frequency 2 or 3), or key the discharge status.',
  check(claim) {
    const ub = claim.institutional ?? null;
    if (!institutional(claim) || ub === null || !inpatient(claim)) return [];
    if (ub.patientStatusCode === '30' && ['1', '4'].includes(claim.frequencyCode))
      return [
        {
          field: 'institutional.patientStatusCode',
          message: `Patient status 30 (still a patient) is on bill type ${billOf(claim)}, which says the patient was discharged.`,
        },
      ];
    if (ub.patientStatusCode !== '30' && ['2', '3'].includes(claim.frequencyCode))
      return [
        {
          field: 'institutional.patientStatusCode',
          message: `Bill type ${billOf(claim)} is an interim bill but the patient status ${ub.patientStatusCode} says discharged: use 30.`,
        },
      ];
    return [];
  },
};

export const revenueCodeRequiredRule: ScrubRule = {
  id: 'UB_REVENUE_CODE_REQUIRED',
  severity: 'error',
  field: 'charges[].revenueCode',
  title: 'Every line of an institutional claim has a 4-digit revenue code (FL42, SV201)',
  fix: 'Type the line’s revenue code in the claim form, or add a CPT-revenue crosswalk for its code.',
  check(claim) {
    if (!institutional(claim)) return [];
    const hits: RuleHit[] = [];
    claim.charges.forEach((charge, index) => {
      if (charge.chargeStatus === 'void') return;
      if (/^\d{4}$/.test((charge.revenueCode ?? '').trim()) && charge.revenueCode !== '0000') return;
      hits.push({
        field: `charges[${index}].revenueCode`,
        chargeID: charge.chargeID,
        message: `Line ${charge.lineNumber} (${charge.cptCode}) has no revenue code.`,
      });
    });
    return hits;
  },
};

export const nonCoveredWithinChargeRule: ScrubRule = {
  id: 'UB_NON_COVERED_WITHIN_CHARGE',
  severity: 'error',
  field: 'charges[].nonCoveredCents',
  title: 'A line’s non-covered charges (FL48, SV207) are no more than its total charges',
  fix: 'Lower the line’s non-covered amount to at most its charge.',
  check(claim) {
    if (!institutional(claim)) return [];
    const hits: RuleHit[] = [];
    claim.charges.forEach((charge, index) => {
      if (charge.chargeStatus === 'void' || (charge.nonCoveredCents ?? 0) <= charge.chargeCents) return;
      hits.push({
        field: `charges[${index}].nonCoveredCents`,
        chargeID: charge.chargeID,
        message: `Line ${charge.lineNumber} (${charge.cptCode}) has more non-covered charges than its charge.`,
      });
    });
    return hits;
  },
};

export const attendingIsPersonRule: ScrubRule = {
  id: 'UB_ATTENDING_IS_PERSON',
  severity: 'error',
  field: 'provider',
  title: 'The attending physician (FL76, NM1*71) is a person with an individual NPI',
  fix: 'Pick the physician who attended the patient as the claim’s attending provider, not the organisation.',
  check(claim) {
    if (!institutional(claim) || claim.provider.providerType === 'individual') return [];
    return [
      {
        field: 'provider',
        message: `The attending provider ${claim.provider.lastName} is an organisation; the 837I names a person (NM1*71).`,
      },
    ];
  },
};

export const presentOnAdmissionRule: ScrubRule = {
  id: 'UB_POA_REPORTED',
  severity: 'warning',
  field: 'diagnoses[].poa',
  title: 'A Medicare inpatient bill reports present on admission for every diagnosis (FL67, HI01-9)',
  fix: 'Pick Y, N, U, W or 1 (exempt) for each diagnosis in the claim form’s UB-04 section.',
  check(claim) {
    if (!institutional(claim) || !inpatient(claim) || claim.coverage?.payer.insuranceType !== 'medicare') return [];
    return claim.diagnoses.flatMap((diagnosis, index) =>
      (diagnosis.poa ?? '') === ''
        ? [
            {
              field: `diagnoses[${index}].poa`,
              message: `Diagnosis ${diagnosis.sequence} (${diagnosis.icdCode}) has no present-on-admission indicator.`,
            },
          ]
        : [],
    );
  },
};

export const INSTITUTIONAL_RULES: readonly ScrubRule[] = [
  billTypeRequiredRule,
  inpatientAdmissionRule,
  dischargeHourRule,
  patientStatusFrequencyRule,
  attendingIsPersonRule,
  presentOnAdmissionRule,
  revenueCodeRequiredRule,
  nonCoveredWithinChargeRule,
];
