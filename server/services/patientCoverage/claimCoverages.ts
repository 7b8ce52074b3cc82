import type { ClaimCoveragesReply, Coverage } from '../../../contract/patientCoverage.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { COVERAGE_COLUMNS, COVERAGE_ORDER } from './coverages.ts';

/** AddEditClaim/getClaimPatientInsurances: the claim's patient's coverages, and the one the claim is billed to. */
export async function claimCoverages(q: Queryable, scope: DataScope, claimID: number): Promise<ClaimCoveragesReply> {
  const [claim] = await q.query<{ patientID: number; patientInsuranceID: number | null }>(
    `SELECT patient_id AS "patientID", patient_insurance_id AS "patientInsuranceID" FROM claims
      WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const coverages = await q.query<Coverage>(
    `SELECT ${COVERAGE_COLUMNS} FROM patient_insurances pi JOIN insurances ins ON ins.insurance_id = pi.insurance_id
      WHERE pi.patient_id = $1 AND (pi.active OR pi.patient_insurance_id = $2) ORDER BY ${COVERAGE_ORDER}`,
    [claim.patientID, claim.patientInsuranceID],
  );
  return { claimID, ...claim, coverages };
}
