/**
 * Claims/saveBulkNotes: the same note on many claims, as a bulk job. Each claim gets a notes row
 * and a claim_events row ('note.added', with the source of the request); void claims are refused.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { bulkNotesRequestSchema, NoteType } from '../../../contract/notes.ts';
import type { z } from 'zod';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import type { ChunkClaim, ChunkFailure, JobHandler, JobRecord } from '../jobs/jobTypes.ts';
import { filterOf } from './claimFilters.ts';

export const VOID_CLAIM_REASON = 'Claim is void.';

type BulkNotesInput = z.output<typeof bulkNotesRequestSchema>;

interface NoteParams {
  noteTypeId: number;
  text: string;
}

function noteParams(job: JobRecord): NoteParams {
  const { noteTypeId, text } = job.params;
  if (typeof noteTypeId !== 'number' || typeof text !== 'string')
    throw new Error(`Job ${job.jobId} has no note to add.`);
  return { noteTypeId, text };
}

export const bulkNotesHandler: JobHandler = {
  kind: 'notes',
  async processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    _scope,
    now: Date,
  ): Promise<ChunkFailure[]> {
    const { noteTypeId, text } = noteParams(job);
    const failures: ChunkFailure[] = [];
    const ids: number[] = [];
    for (const claim of claims) {
      if (claim.claimStatusId === CLAIM_STATUS.void)
        failures.push({ claimId: claim.claimId, reason: VOID_CLAIM_REASON });
      else ids.push(claim.claimId);
    }
    if (ids.length > 0) {
      await tx.query(
        `WITH added AS (
           INSERT INTO notes (group_id, claim_id, patient_id, note_type_id, text, created_by, created_at)
           SELECT c.group_id, c.claim_id, c.patient_id, $2, $3, $4, $5 FROM claims c WHERE c.claim_id = ANY($1::bigint[])
           RETURNING note_id, claim_id
         )
         INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
         SELECT claim_id, $4, 'note.added', $6, jsonb_build_object('noteID', note_id, 'noteTypeID', $2::int, 'jobID', $7::bigint), $5 FROM added`,
        [ids, noteTypeId, text, job.userId, now, job.source, job.jobId],
      );
    }
    return failures;
  },
};

async function noteTypeName(q: Queryable, noteTypeId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM note_types WHERE note_type_id = $1', [noteTypeId]);
  if (!row) throw new BadRequestError('Choose a note type from the list.');
  return row.name;
}

/** Records the run (queued) and its start in the audit log, in one transaction; the caller hands the id to the runner. */
export async function queueBulkNotes(db: Db, actor: Actor, input: BulkNotesInput): Promise<number> {
  const claimIds = input.claimIDs ? [...new Set(input.claimIDs)].sort((a, b) => a - b) : null;
  const query = input.query ? filterOf(input.query) : null;
  return db.transaction(async (tx) => {
    const typeName = await noteTypeName(tx, input.noteTypeID);
    const jobId = await createJob(tx, {
      userId: actor.userId,
      kind: 'notes',
      title: `Add note (${typeName})`,
      source: actor.source,
      claimIds,
      query,
      params: { noteTypeId: input.noteTypeID, text: input.text },
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.notes.queued',
      recordType: 'bulk_job',
      recordId: jobId,
      source: actor.source,
      ip: actor.ip,
      detail: claimIds ? { claims: claimIds.length } : { query },
    });
    return jobId;
  });
}

/** Repository/getNoteType: the note types a biller picks from. */
export async function noteTypes(q: Queryable): Promise<NoteType[]> {
  return q.query('SELECT note_type_id AS "noteTypeID", name FROM note_types ORDER BY note_type_id');
}
