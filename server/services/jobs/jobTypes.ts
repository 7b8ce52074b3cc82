import type { ClaimFilter } from '../../../contract/claims.ts';
import type { JobKind, JobStatus } from '../../../contract/jobs.ts';
import type { Transaction } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { ActionSource } from '../context.ts';

/** A bulk_jobs row as the runner reads it. */
export interface JobRecord {
  jobId: number;
  userId: number;
  kind: JobKind;
  title: string;
  status: JobStatus;
  source: ActionSource;
  claimIds: number[] | null;
  query: ClaimFilter | null;
  params: Record<string, unknown>;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  lastClaimId: number;
  cancelRequested: boolean;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A claim of a chunk as the database has it now; absent when the claim does not exist. */
export interface ChunkClaim {
  claimId: number;
  groupId: number;
  practiceId: number;
  claimStatusId: number;
}

export interface ChunkFailure {
  claimId: number;
  reason: string;
}

/** What one kind of bulk run does to a chunk of claims, inside the chunk's transaction. */
export interface JobHandler {
  kind: JobKind;
  /**
   * Changes the claims that may be changed and returns the ones refused with why. Claims that do
   * not exist or lie outside the data role are refused by the runner before this is called.
   */
  processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    scope: DataScope,
    now: Date,
  ): Promise<ChunkFailure[]>;
}

export const NOT_FOUND_REASON = 'Claim not found.';
