import { Patient } from '../../contract/calls/patient.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { Claims } from '../../contract/calls/claims.ts';
import type { DiscoverInsuranceReply, EligibilityCheckReply, EligibilityRunReply } from '../../contract/eligibility.ts';
import { callApi, type CallOptions } from './client.ts';

/** Asks the payer whether the patient's active insurance (or the one named) is in force on the day. */
export function checkEligibility(
  query: { patientID: number; patientInsuranceID?: number; dateOfService?: string },
  options?: CallOptions,
): Promise<EligibilityCheckReply> {
  return callApi(Patient.getEligibilityData, query, options);
}

/** Asks the patient's likely payers, without a member ID, whether they cover the patient today. */
export function discoverInsurance(
  query: { patientID: number; groupID: number },
  options?: CallOptions,
): Promise<DiscoverInsuranceReply> {
  return callApi(Insurance.discoverInsurance, query, options);
}

/** Starts the bulk run checking the coverage of every claim of a day of service (tomorrow when not given). */
export function checkEligibilityForDay(
  body: { dateOfService?: string },
  options?: CallOptions,
): Promise<EligibilityRunReply> {
  return callApi(Claims.checkEligibilityForDay, body, options);
}
