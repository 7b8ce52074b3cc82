import type { ClaimFilter } from '../../../contract/claims.ts';
import type { JobKind, JobStatus } from '../../../contract/jobs.ts';
import type { Db, Transaction } from '../../db/types.ts';
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
  /** A run that walks patients: its patients, sorted (null until a run by rules has picked them). */
  patientIds: number[] | null;
  params: Record<string, unknown>;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  lastClaimId: number;
  lastPatientId: number;
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
  /** The cursor kind: claim runs walk claim ids (the default). */
  walks?: 'claims';
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
  /**
   * Work that must not hold the chunk's transaction open (asking a payer), done first with the
   * database itself on the chunk's claims in the data role. What it keeps must be found again by
   * processChunk, and doing it again (a chunk retried, or taken over by another process) must only
   * do what is not yet kept.
   */
  beforeChunk?(db: Db, job: JobRecord, claims: readonly ChunkClaim[], scope: DataScope, now: Date): Promise<void>;
}

/** A patient of a chunk as the database has it now. */
export interface ChunkPatient {
  patientId: number;
  practiceId: number;
  inCollections: boolean;
}

export interface PatientChunkFailure {
  patientId: number;
  reason: string;
}

/**
 * A run that walks patients. Its chunk reads first, with the database (reads that audit themselves
 * commit on their own), and then writes in the chunk's transaction, which the runner opens under
 * the run's row lock once it knows the chunk is still its to apply.
 */
export interface PatientJobHandler {
  kind: JobKind;
  walks: 'patients';
  /** A run by rules: its patients under the data role, picked once when the run starts. */
  selectPatients(db: Db, job: JobRecord, scope: DataScope): Promise<number[]>;
  /** Reads the chunk's patients (those in the data role); the step returned writes them. */
  readChunk(
    db: Db,
    job: JobRecord,
    patients: readonly ChunkPatient[],
    scope: DataScope,
  ): Promise<(tx: Transaction, now: Date) => Promise<PatientChunkFailure[]>>;
  /** The run has ended (done or cancelled): in the transaction that ends it. */
  complete?(tx: Transaction, job: JobRecord, now: Date): Promise<void>;
}

/** Any kind of run the runner carries out, by what it walks. */
export type RunHandler = JobHandler | PatientJobHandler;

export const NOT_FOUND_REASON = 'Claim not found.';
export const PATIENT_NOT_FOUND_REASON = 'Patient not found.';
