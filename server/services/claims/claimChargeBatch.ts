/**
 * Which charge batch a claim may go in: an open batch of the claim's own practice (so of its
 * group), within the user's data role. A closed batch is counted and done; a batch of another
 * practice would count the superbill in someone else's run. The batch row is share-locked, so a
 * batch being closed at the same moment either sees the claim in it or refuses it.
 */
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

export interface ChargeBatchTarget {
  chargeBatchID: number;
  groupID: number;
  practiceID: number;
  batchNumber: string;
  status: string;
}

/** The batch, share-locked until the transaction ends; null when it is not in the data role. */
export async function lockChargeBatch(
  q: Queryable,
  scope: DataScope,
  chargeBatchID: number,
): Promise<ChargeBatchTarget | null> {
  const [batch] = await q.query<ChargeBatchTarget>(
    `SELECT charge_batch_id AS "chargeBatchID", group_id AS "groupID", practice_id AS "practiceID", batch_number AS "batchNumber", status
       FROM charge_batches WHERE charge_batch_id = $1 AND practice_id = ANY($2::bigint[]) FOR SHARE`,
    [chargeBatchID, scope.practiceIds],
  );
  return batch ?? null;
}

export const batchNotFound = (chargeBatchID: number) =>
  `Charge batch ${chargeBatchID} is not one of your charge batches.`;
export const batchClosed = (batch: Pick<ChargeBatchTarget, 'batchNumber'>) =>
  `Charge batch ${batch.batchNumber} is closed: reopen it, or pick an open batch.`;

/** Why a claim of this group and practice cannot go in the batch, or null when it can. */
export function chargeBatchRefusal(
  batch: ChargeBatchTarget,
  claim: { groupID: number; practiceID: number },
): string | null {
  if (batch.groupID !== claim.groupID)
    return `Charge batch ${batch.batchNumber} belongs to another group: a claim goes only in a batch of its own group.`;
  if (batch.practiceID !== claim.practiceID)
    return `Charge batch ${batch.batchNumber} is of another practice: a claim goes only in a batch of its own practice.`;
  if (batch.status !== 'open') return batchClosed(batch);
  return null;
}

/** Locks the batch and checks the claim may go in it; a 400 naming why not. */
export async function checkChargeBatch(
  q: Queryable,
  scope: DataScope,
  claim: { groupID: number; practiceID: number },
  chargeBatchID: number,
): Promise<ChargeBatchTarget> {
  const batch = await lockChargeBatch(q, scope, chargeBatchID);
  if (!batch) throw new BadRequestError(batchNotFound(chargeBatchID));
  const refused = chargeBatchRefusal(batch, claim);
  if (refused !== null) throw new BadRequestError(refused);
  return batch;
}
