/**
 * Claims/addClaimsToChargeBatch: the picked claims (or "all N matching") go into one charge batch,
 * as a bulk run. The batch is checked when the run is asked for (a clear 400 at once) and again in
 * every chunk's transaction, share-locked, so a batch closed mid-run takes no more claims. Each
 * claim must be of the batch's practice and not void or closed; the others are reported with why.
 * A claim moved gets the same 'claim edited' event as the one-claim edit (AddEditClaim/editClaim).
 */
import type { AddClaimsToChargeBatchInput } from '../../../contract/chargeBatchClaims.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import {
  NOT_FOUND_REASON,
  type ChunkClaim,
  type ChunkFailure,
  type JobHandler,
  type JobRecord,
} from '../jobs/jobTypes.ts';
import { batchClosed, batchNotFound, chargeBatchRefusal, lockChargeBatch } from './claimChargeBatch.ts';
import { endedClaimReason } from './claimEditing.ts';
import { filterOf } from './claimFilters.ts';

function batchOf(job: JobRecord): number {
  const { chargeBatchID } = job.params;
  if (typeof chargeBatchID !== 'number') throw new Error(`Job ${job.jobId} names no charge batch.`);
  return chargeBatchID;
}

interface Held {
  claimId: number;
  claimStatusId: number;
  chargeBatchId: number | null;
}

export const chargeBatchRunHandler: JobHandler = {
  kind: 'charge_batch',
  async processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    scope: DataScope,
    now: Date,
  ): Promise<ChunkFailure[]> {
    const chargeBatchID = batchOf(job);
    const batch = await lockChargeBatch(tx, scope, chargeBatchID);
    if (!batch) return claims.map((claim) => ({ claimId: claim.claimId, reason: batchNotFound(chargeBatchID) }));
    // Read again under the claims' lock: the status the runner read may have changed since.
    const held = new Map(
      (
        await tx.query<Held>(
          `SELECT claim_id AS "claimId", claim_status_id AS "claimStatusId", charge_batch_id AS "chargeBatchId"
             FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id FOR NO KEY UPDATE`,
          [claims.map((claim) => claim.claimId)],
        )
      ).map((claim) => [claim.claimId, claim]),
    );
    const failures: ChunkFailure[] = [];
    const moves: Held[] = [];
    for (const claim of claims) {
      const current = held.get(claim.claimId);
      const reason = current
        ? (chargeBatchRefusal(batch, { groupID: claim.groupId, practiceID: claim.practiceId }) ??
          endedClaimReason({ claimID: claim.claimId, claimStatusID: current.claimStatusId }))
        : NOT_FOUND_REASON;
      if (reason !== null) failures.push({ claimId: claim.claimId, reason });
      // A claim already in the batch counts as done without a second event.
      else if (current && current.chargeBatchId !== chargeBatchID) moves.push(current);
    }
    if (moves.length > 0) {
      const ids = moves.map((move) => move.claimId);
      await tx.query('UPDATE claims SET charge_batch_id = $2, updated_at = $3 WHERE claim_id = ANY($1::bigint[])', [
        ids,
        chargeBatchID,
        now,
      ]);
      await tx.query(
        `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
         SELECT x.claim_id, $3, 'claim edited', $4,
                jsonb_build_object('fields', jsonb_build_array('chargeBatchID'), 'values', jsonb_build_object('chargeBatchID', $5::bigint), 'fromChargeBatchID', x.from_batch, 'jobID', $6::bigint), $7
           FROM unnest($1::bigint[], $2::bigint[]) AS x (claim_id, from_batch)`,
        [ids, moves.map((move) => move.chargeBatchId), job.userId, job.source, chargeBatchID, job.jobId, now],
      );
    }
    return failures;
  },
};

/** Checks the batch, records the run (queued) and its start in the audit log; the caller hands the id to the runner. */
export async function queueAddToChargeBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddClaimsToChargeBatchInput,
): Promise<number> {
  const claimIds = input.claimIDs ? [...new Set(input.claimIDs)].sort((a, b) => a - b) : null;
  const query = input.query ? filterOf(input.query) : null;
  return db.transaction(async (tx) => {
    const batch = await lockChargeBatch(tx, scope, input.chargeBatchID);
    if (!batch) throw new BadRequestError(batchNotFound(input.chargeBatchID));
    if (batch.status !== 'open') throw new BadRequestError(batchClosed(batch));
    const jobId = await createJob(tx, {
      userId: actor.userId,
      kind: 'charge_batch',
      title: `Add claims to charge batch ${batch.batchNumber}`,
      source: actor.source,
      claimIds,
      query,
      params: { chargeBatchID: input.chargeBatchID },
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.charge_batch.queued',
      recordType: 'bulk_job',
      recordId: jobId,
      source: actor.source,
      ip: actor.ip,
      detail: { ...(claimIds ? { claims: claimIds.length } : { query }), chargeBatchID: input.chargeBatchID },
    });
    return jobId;
  });
}
