import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

export interface ScopedClaim {
  groupId: number;
  practiceId: number;
  patientId: number;
  claimStatusId: number;
}

/** The claim, or NotFoundError when it does not exist or lies outside the data role. */
export async function scopedClaim(q: Queryable, scope: DataScope, claimID: number): Promise<ScopedClaim> {
  const [claim] = await q.query<ScopedClaim>(
    `SELECT group_id AS "groupId", practice_id AS "practiceId", patient_id AS "patientId", claim_status_id AS "claimStatusId"
       FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  return claim;
}
