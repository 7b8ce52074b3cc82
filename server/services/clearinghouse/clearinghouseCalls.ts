/**
 * Batches/sendSubmissionBatch and Insurance/collectClearingHouseReplies: a batch sent again by
 * hand, and the replies collected on command, each audited.
 */
import type { CollectClearingHouseRepliesReply } from '../../../contract/clearinghouse.ts';
import type { SubmissionBatch } from '../../../contract/submission.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { submissionBatchDetail } from '../submission/submissionBatches.ts';
import { collectClearinghouseReplies } from './collectReplies.ts';
import { sendSubmissionBatches } from './sendClearinghouseFile.ts';
import { ClearinghouseConnectionError } from './transport.ts';

/** A batch sent again by hand; a batch outside the data role is "not found". */
export async function sendBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  submissionBatchID: number,
): Promise<SubmissionBatch> {
  await submissionBatchDetail(db, scope, submissionBatchID);
  const [result] = await sendSubmissionBatches(db, [submissionBatchID]);
  if (result && !result.sent && result.error === null)
    throw new BadRequestError(
      result.clearingHouseName === null
        ? "This batch's payer has no clearinghouse: download its 837 instead."
        : `${result.clearingHouseName} has no connection set up: set one on the Clearinghouses screen.`,
    );
  await writeAudit(db, {
    userId: actor.userId,
    action: 'submission.send',
    recordType: 'submission_batch',
    recordId: submissionBatchID,
    source: actor.source,
    ip: actor.ip,
    detail: { sent: result?.sent ?? false, error: result?.error ?? null },
  });
  return (await submissionBatchDetail(db, scope, submissionBatchID)).batch;
}

export async function collectReplies(
  db: Db,
  actor: Actor,
  clearingHouseID: number | null,
): Promise<CollectClearingHouseRepliesReply> {
  let collection;
  try {
    collection = await collectClearinghouseReplies(db, clearingHouseID, { userId: actor.userId });
  } catch (error) {
    if (error instanceof ClearinghouseConnectionError) throw new BadRequestError(error.message);
    throw error;
  }
  await writeAudit(db, {
    userId: actor.userId,
    action: 'clearinghouse.collect',
    recordType: 'clearing_house',
    ...(clearingHouseID === null ? {} : { recordId: clearingHouseID }),
    source: actor.source,
    ip: actor.ip,
    detail: { files: collection.files.map((file) => file.fileName), errors: collection.errors.length },
  });
  const count = collection.files.length;
  const message =
    count === 0
      ? 'No new clearinghouse replies.'
      : `${count} clearinghouse ${count === 1 ? 'reply' : 'replies'} collected.`;
  return { message, files: collection.files, errors: collection.errors };
}
