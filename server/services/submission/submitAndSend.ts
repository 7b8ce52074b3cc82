/**
 * Claims/submitClaim: the claims written as 837 batches (submitClaims, one transaction), then each
 * batch whose payer goes through a clearinghouse with a connection put in its outbound folder.
 * A batch that could not be sent says why on itself; the claims stay submitted.
 */
import type { SubmitClaimsReply } from '../../../contract/submission.ts';
import type { Db } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { sendSubmissionBatches } from '../clearinghouse/sendClearinghouseFile.ts';
import type { Actor } from '../context.ts';
import { batchesByID } from './submissionBatches.ts';
import { submitClaims } from './submitClaims.ts';

export async function submitAndSend(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimIDs: readonly number[],
  now: Date,
): Promise<SubmitClaimsReply> {
  const reply = await submitClaims(db, actor, scope, claimIDs, now);
  const ids = reply.batches.map((batch) => batch.submissionBatchID);
  if (ids.length === 0) return reply;
  await sendSubmissionBatches(db, ids);
  return { ...reply, batches: await batchesByID(db, ids) };
}
