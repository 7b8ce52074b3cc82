import type { RevenueCodesForCptReply } from '../../contract/revenueCodes.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';
import { callApi, type CallOptions } from './client.ts';

/**
 * The revenue code the practice's CPT-revenue crosswalk gives a code for the claim's coverage (the
 * payer's own entry first, then the practice-wide one): what the claim form puts on an
 * institutional line whose revenue code is still empty.
 */
export function getRevenueCodeForCpt(
  practiceID: number,
  patientInsuranceID: number | null,
  cptCode: string,
  options?: CallOptions,
): Promise<RevenueCodesForCptReply> {
  return callApi(
    MedicalCase.getRevenueCodesForCPT,
    { practiceID, cptCode, ...(patientInsuranceID === null ? {} : { patientInsuranceID }) },
    options,
  );
}
