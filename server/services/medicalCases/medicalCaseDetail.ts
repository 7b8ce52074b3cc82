/**
 * MedicalCase/getMedicalCaseDetailByID: a case with its claims, by its id or by one of its claims.
 * The claims listed are only those of the data role, although a case belongs to one patient and
 * so to one practice: the limit holds even if that ever changes.
 */
import type { MedicalCase, MedicalCaseClaim, MedicalCaseDetailReply } from '../../../contract/medicalCases.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

/** The case's id: given, or the one the claim is linked to (null when it is linked to none). */
async function caseIDOf(
  q: Queryable,
  scope: DataScope,
  query: { medicalCaseID?: number | undefined; claimID?: number | undefined },
): Promise<number | null> {
  if (query.medicalCaseID !== undefined) return query.medicalCaseID;
  const [claim] = await q.query<{ medicalCaseID: number | null }>(
    'SELECT medical_case_id AS "medicalCaseID" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])',
    [query.claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  return claim.medicalCaseID;
}

export async function medicalCaseDetail(
  q: Queryable,
  scope: DataScope,
  query: { medicalCaseID?: number | undefined; claimID?: number | undefined },
): Promise<MedicalCaseDetailReply> {
  const medicalCaseID = await caseIDOf(q, scope, query);
  if (medicalCaseID === null) return { medicalCase: null };
  const [found] = await q.query<Omit<MedicalCase, 'claimCount'>>(
    `SELECT m.medical_case_id AS "medicalCaseID", m.patient_id AS "patientID", m.name, m.case_type AS "caseType",
            m.start_date::text AS "startDate", m.end_date::text AS "endDate"
       FROM medical_cases m JOIN patients p USING (patient_id)
      WHERE m.medical_case_id = $1 AND m.active AND p.practice_id = ANY($2::bigint[])`,
    [medicalCaseID, scope.practiceIds],
  );
  if (!found) throw new NotFoundError();
  const claims = await q.query<MedicalCaseClaim>(
    `SELECT c.claim_id AS "claimID", c.dos_from::text AS "dosFrom", cs.name AS "claimStatus", c.total_charge_cents AS "totalCents", c.balance_cents AS "balanceCents"
       FROM claims c JOIN claim_statuses cs USING (claim_status_id)
      WHERE c.medical_case_id = $1 AND c.practice_id = ANY($2::bigint[])
      ORDER BY c.dos_from, c.claim_id`,
    [medicalCaseID, scope.practiceIds],
  );
  return {
    medicalCase: {
      ...found,
      claimCount: claims.length,
      claims: claims.map((claim) => ({
        ...claim,
        totalCents: Number(claim.totalCents),
        balanceCents: Number(claim.balanceCents),
      })),
    },
  };
}
