import { Patient } from '../../contract/calls/patient.ts';
import type { EligibilityCheckReply } from '../../contract/eligibility.ts';
import { callApi, type CallOptions } from './client.ts';

/** Asks the payer whether the patient's active insurance (or the one named) is in force on the day. */
export function checkEligibility(
  query: { patientID: number; patientInsuranceID?: number; dateOfService?: string },
  options?: CallOptions,
): Promise<EligibilityCheckReply> {
  return callApi(Patient.getEligibilityData, query, options);
}
