import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import type { RuleHit, ScrubRule } from './types.ts';

/**
 * ICD-10-CM as stored, without the dot: a letter, a digit, a letter or digit (C4A, Z3A), then up
 * to four more letters or digits. E11.9 is stored as E119.
 */
const ICD_10_CM = /^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$/;

export const diagnosisRequiredRule: ScrubRule = {
  id: 'DIAGNOSIS_REQUIRED',
  severity: 'error',
  field: 'diagnoses',
  title: 'The claim has at least one diagnosis',
  fix: 'Add the diagnosis (ICD-10-CM) from the visit note, then point the charge lines at it.',
  check(claim) {
    return claim.diagnoses.length > 0 ? [] : [{ field: 'diagnoses', message: 'The claim has no diagnosis code.' }];
  },
};

export const icdFormatRule: ScrubRule = {
  id: 'ICD_FORMAT',
  severity: 'error',
  field: 'diagnoses[]',
  title: 'Diagnosis codes are written as ICD-10-CM codes',
  fix: 'Enter the code in capitals without the dot: a letter, a digit, then 1 to 5 letters or digits (E11.9 is entered as E119).',
  check(claim) {
    return claim.diagnoses.flatMap(({ sequence, icdCode }, index): RuleHit[] => {
      if (ICD_10_CM.test(icdCode)) return [];
      const why = icdCode.includes('.') ? 'is written with a dot' : 'is not an ICD-10-CM code';
      return [{ field: `diagnoses[${index}]`, message: `Diagnosis ${sequence}, "${icdCode}", ${why}.` }];
    });
  },
};

/** One date per fiscal year the claim's dates of service fall in: a claim can cross October 1. */
function codeSetDates(claim: BillingClaim): string[] {
  return fiscalYearOf(claim.dosFrom) === fiscalYearOf(claim.dosTo) ? [claim.dosFrom] : [claim.dosFrom, claim.dosTo];
}

export const icdBillableRule: ScrubRule = {
  id: 'ICD_BILLABLE',
  severity: 'error',
  field: 'diagnoses[]',
  title: 'Diagnosis codes are billable codes of the ICD-10-CM list in force on the date of service',
  fix: 'Pick the complete code from the ICD-10-CM list of the date of service: a category heading needs its further characters (E11 -> E119).',
  check(claim, context) {
    return claim.diagnoses.flatMap(({ sequence, icdCode }, index): RuleHit[] => {
      if (!ICD_10_CM.test(icdCode)) return [];
      for (const date of codeSetDates(claim)) {
        const status = context.icdCodeStatus(icdCode, date);
        const year = `FY${fiscalYearOf(date)}`;
        if (status === 'notBillable') {
          return [
            {
              field: `diagnoses[${index}]`,
              message: `Diagnosis ${sequence}, ${icdCode}, is a category heading in the ${year} ICD-10-CM list, not a billable code.`,
            },
          ];
        }
        if (status === 'notListed') {
          return [
            {
              field: `diagnoses[${index}]`,
              message: `Diagnosis ${sequence}, ${icdCode}, is not in the ${year} ICD-10-CM list that applies to the date of service ${date}.`,
            },
          ];
        }
      }
      return [];
    });
  },
};
