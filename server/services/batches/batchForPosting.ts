/**
 * A payment posted from a payment batch: the batch is taken (FOR UPDATE, so a reconciliation or a
 * second posting waits) and must be open, of the same group as the claims, inside the data role
 * and of the payment's source. Every refusal is a 400 before any ledger row is written.
 */
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

export async function batchForPosting(
  q: Queryable,
  scope: DataScope,
  paymentBatchID: number,
  source: 'insurance' | 'patient',
  claimGroupIDs: readonly number[],
): Promise<number> {
  const [batch] = await q.query<{ groupID: number; status: string; paymentSource: string; batchNumber: string }>(
    `SELECT group_id AS "groupID", status, payment_source AS "paymentSource", batch_number AS "batchNumber"
       FROM payment_batches WHERE payment_batch_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE`,
    [paymentBatchID, scope.practiceIds],
  );
  if (!batch) throw new BadRequestError(`Payment batch ${paymentBatchID} is not one your data role reaches.`);
  if (batch.status !== 'open')
    throw new BadRequestError(`Payment batch ${batch.batchNumber} is ${batch.status}; post to an open batch.`);
  if (batch.paymentSource !== source)
    throw new BadRequestError(
      `Payment batch ${batch.batchNumber} holds ${batch.paymentSource} payments, not ${source} payments.`,
    );
  if (claimGroupIDs.some((groupID) => groupID !== batch.groupID))
    throw new BadRequestError(`Payment batch ${batch.batchNumber} belongs to another group than the claim.`);
  return paymentBatchID;
}
