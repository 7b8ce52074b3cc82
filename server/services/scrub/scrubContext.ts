import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import { coverageDayKey, type CoverageAnswer } from '../eligibility/latestAnswers.ts';
import type { DuplicateLine, ScrubContext } from './types.ts';

/** What the rules may look up, read for a whole batch of claims (loadScrubContext.ts). */
export interface ScrubReference {
  /** 'YYYY-MM-DD' */
  today: string;
  /** Billable flag by `${code}|${fiscalYear}`, for the codes and years of the batch. */
  icdCodes: ReadonlyMap<string, boolean>;
  /** Fiscal years whose ICD-10-CM list is loaded; other years are checked for format only. */
  icdYearsLoaded: ReadonlySet<number>;
  /** Termination date ('YYYY-MM-DD', the last day the code may be used) or null, by code. */
  hcpcsCodes: ReadonlyMap<string, string | null>;
  hcpcsLoaded: boolean;
  placesOfService: ReadonlySet<string>;
  /** By charge id: the first other line billing the same service. */
  duplicates: ReadonlyMap<number, DuplicateLine>;
  /** The payer's latest answers by coverageDayKey, for the claims' coverages on their days of service. */
  eligibility?: ReadonlyMap<string, CoverageAnswer>;
}

export const icdKey = (code: string, fiscalYear: number): string => `${code}|${fiscalYear}`;

export function scrubContextOf(reference: ScrubReference): ScrubContext {
  return {
    today: reference.today,
    icdCodeStatus(code, dateOfService) {
      const fiscalYear = fiscalYearOf(dateOfService);
      if (!reference.icdYearsLoaded.has(fiscalYear)) return 'listNotLoaded';
      const billable = reference.icdCodes.get(icdKey(code, fiscalYear));
      if (billable === undefined) return 'notListed';
      return billable ? 'billable' : 'notBillable';
    },
    hcpcsCodeStatus(code, dateOfService) {
      if (!reference.hcpcsLoaded) return 'listNotLoaded';
      const terminated = reference.hcpcsCodes.get(code);
      if (terminated === undefined) return 'notListed';
      return terminated !== null && dateOfService > terminated ? 'terminated' : 'active';
    },
    isPlaceOfService: (code) => reference.placesOfService.has(code),
    duplicateOf: (chargeID) => reference.duplicates.get(chargeID) ?? null,
    eligibilityOf: (patientInsuranceID, dateOfService) =>
      reference.eligibility?.get(coverageDayKey({ patientInsuranceID, dateOfService })) ?? null,
  };
}
