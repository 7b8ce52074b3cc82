/**
 * Applies a 999 or 277CA (or a 277 answering our 276) to the batches and claims it answers, in
 * one transaction per file: every status, reason, history row, DNA event and work queue task is
 * stored, or none is. The same file applied again (same text) changes nothing and says so. A file
 * that cannot be read, or holds anything but 999s or 277s, changes nothing and is reported. What
 * the file names that we never sent (a batch, a claim) is named in the EDI import log.
 *
 * Called by the clearinghouse's inbound poll for every 999/277 it collects, and by
 * AbilityApiIntegration/uploadAcknowledgementFile for a file a biller has.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/types.ts';
import { read277Async } from '../../edi/acknowledgements/read277.ts';
import { read999Async } from '../../edi/acknowledgements/read999.ts';
import type { AcknowledgementProblem } from '../../edi/acknowledgements/model999.ts';
import { readX12 } from '../../edi/x12/readX12.ts';
import { recordEdiRead } from '../importLogs/ediLog.ts';
import { apply277 } from './apply277.ts';
import { apply999 } from './apply999.ts';
import { batchByGroupControl, batchByReference } from './batchLookup.ts';
import { newOutcome, type AppliedFile } from './fileOutcome.ts';
import { notifyRejections } from './notifyRejections.ts';

export type AcknowledgementKind = '999' | '277CA' | '277';

export interface AcknowledgementFileInput {
  fileName: string | null;
  text: string;
  /** The clearinghouse the file came from (clearing_houses), or null for a file uploaded by hand. */
  clearinghouseId: number | null;
  /** Who applies it; null for the clearinghouse's poll. */
  appliedBy?: number | null;
  /** A biller's data role: batches and claims outside it are not touched (reported as not ours). */
  scope?: { groupIds: readonly number[]; practiceIds: readonly number[] } | null;
  now?: Date;
}

export interface AcknowledgementFileResult {
  /** applied; already applied (the same file was applied before: nothing changed); error (nothing changed). */
  outcome: 'applied' | 'already applied' | 'error';
  transactionSet: AcknowledgementKind | null;
  acknowledgementFileID: number | null;
  /** What came of it, in a sentence or two. */
  message: string;
  batches: { submissionBatchID: number; status: string }[];
  claims: { claimID: number; outcome: string }[];
  rejectedClaimIDs: number[];
  /** What the file names that we did not send. */
  unknown: string[];
  /** Why the file could not be read (the first few problems). */
  problems: string[];
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function problemText(problem: AcknowledgementProblem): string {
  return problem.position > 0
    ? `Line ${problem.line}, segment ${problem.position}: ${problem.message}`
    : problem.message;
}

/** Which transaction sets the file holds: only 999 or only 277 is applied. */
function setsOf(text: string): Set<string> {
  const sets = new Set<string>();
  for (const interchange of readX12(text).interchanges)
    for (const group of interchange.groups) for (const transaction of group.transactions) sets.add(transaction.setID);
  return sets;
}

type Read =
  | { kind: '999'; document: Awaited<ReturnType<typeof read999Async>> }
  | { kind: '277CA' | '277'; document: Awaited<ReturnType<typeof read277Async>> };

async function readFile(text: string): Promise<Read | { error: string; problems: string[] }> {
  const sets = setsOf(text);
  if (sets.size === 0) {
    const document = await read999Async(text);
    return {
      error: 'The file holds no acknowledgement: no 999 or 277 transaction set could be read.',
      problems: document.problems.slice(0, 5).map(problemText),
    };
  }
  if (sets.size > 1 || (!sets.has('999') && !sets.has('277')))
    return {
      error: `The file holds ${[...sets].sort().join(', ')}: only a file of 999s or of 277s is applied as an acknowledgement.`,
      problems: [],
    };
  if (sets.has('999')) {
    const document = await read999Async(text);
    if (document.problemCount > 0)
      return {
        error: `The 999 has ${plural(document.problemCount, 'problem')}: nothing was applied.`,
        problems: document.problems.slice(0, 5).map(problemText),
      };
    return { kind: '999', document };
  }
  const document = await read277Async(text);
  if (document.problemCount > 0)
    return {
      error: `The 277 has ${plural(document.problemCount, 'problem')}: nothing was applied.`,
      problems: document.problems.slice(0, 5).map(problemText),
    };
  const kind = document.responses.every((response) => response.kind === '277CA') ? '277CA' : '277';
  return { kind, document };
}

/** The groups a file that could not be applied concerns, as far as it can be read: for the log. */
async function groupsNamedBy(q: Queryable, text: string): Promise<number[]> {
  const groups = new Set<number>();
  const acknowledgements = (await read999Async(text)).acknowledgements;
  for (const answer of acknowledgements) {
    const batch = await batchByGroupControl(q, answer.groupControlNumber);
    if (batch) groups.add(batch.groupID);
  }
  for (const response of (await read277Async(text)).responses)
    for (const source of response.sources)
      for (const receiver of source.receivers)
        for (const trace of receiver.traces) {
          const batch = await batchByReference(q, trace);
          if (batch) groups.add(batch.groupID);
        }
  return [...groups];
}

function summary(kind: AcknowledgementKind, outcome: ReturnType<typeof newOutcome>): string {
  const rejected = outcome.claims.filter((claim) => claim.outcome === 'rejected').length;
  const accepted = outcome.claims.filter((claim) => claim.outcome === 'accepted').length;
  const parts: string[] = [];
  if (kind === '999')
    for (const batch of outcome.batches) parts.push(`Batch ${batch.submissionBatchID} ${batch.status}.`);
  if (kind === '277') parts.push(`${plural(outcome.claims.length, 'claim status', 'claim statuses')} recorded.`);
  else parts.push(`${plural(accepted, 'claim')} accepted, ${plural(rejected, 'claim')} rejected.`);
  if (outcome.unknown.length > 0) parts.push(`Not ours: ${outcome.unknown.join(' ')}`);
  return parts.join(' ');
}

function logSet(kind: AcknowledgementKind | null): '999' | '277' {
  return kind === '999' ? '999' : '277';
}

export async function applyAcknowledgementFile(
  db: Db,
  input: AcknowledgementFileInput,
): Promise<AcknowledgementFileResult> {
  const now = input.now ?? new Date();
  const { text } = input;
  const bytes = Buffer.byteLength(text, 'utf8');
  const base: AcknowledgementFileResult = {
    outcome: 'error',
    transactionSet: null,
    acknowledgementFileID: null,
    message: '',
    batches: [],
    claims: [],
    rejectedClaimIDs: [],
    unknown: [],
    problems: [],
  };
  const read = await readFile(text);
  if ('error' in read) {
    for (const groupID of await groupsNamedBy(db, text))
      await recordEdiRead(db, {
        groupID,
        transactionSet: /ST\W999/.test(text) ? '999' : '277',
        fileName: input.fileName,
        outcome: 'error',
        detail: [read.error, ...read.problems].join(' '),
        bytes,
        readBy: input.appliedBy ?? null,
        at: now,
      });
    return { ...base, message: read.error, problems: read.problems };
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  const clearinghouseName =
    input.clearinghouseId === null
      ? ''
      : ((
          await db.query<{ name: string }>('SELECT name FROM clearing_houses WHERE clearing_house_id = $1', [
            input.clearinghouseId,
          ])
        )[0]?.name ?? '');
  const outcome = newOutcome();
  const applied = await db.transaction(async (tx) => {
    // Two deliveries of one file at once: the second waits here for the first, then finds its row.
    const [file] = await tx.query<{ id: number }>(
      `INSERT INTO acknowledgement_files (sha256, clearing_house_id, file_name, transaction_set, applied_at, applied_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (sha256) DO NOTHING RETURNING acknowledgement_file_id AS id`,
      [sha256, input.clearinghouseId, input.fileName, read.kind, now, input.appliedBy ?? null],
    );
    if (!file) {
      const [previous] = await tx.query<{ id: number; appliedAt: string }>(
        `SELECT acknowledgement_file_id AS id, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "appliedAt"
           FROM acknowledgement_files WHERE sha256 = $1`,
        [sha256],
      );
      return { fileID: previous ? Number(previous.id) : null, again: previous?.appliedAt ?? '' };
    }
    const fileRef: AppliedFile = {
      id: Number(file.id),
      name: input.fileName,
      clearinghouseName,
      groupIds: input.scope?.groupIds ?? null,
      practiceIds: input.scope?.practiceIds ?? null,
    };
    if (read.kind === '999') await apply999(tx, read.document.acknowledgements, fileRef, outcome, now);
    else await apply277(tx, read.document.responses, fileRef, outcome, now);
    const message = summary(read.kind, outcome);
    await tx.query('UPDATE acknowledgement_files SET summary = $2::jsonb WHERE acknowledgement_file_id = $1', [
      fileRef.id,
      JSON.stringify({
        message,
        batches: outcome.batches,
        claims: outcome.claims,
        unknown: outcome.unknown,
      }),
    ]);
    for (const groupID of outcome.groupIDs)
      await recordEdiRead(tx, {
        groupID,
        transactionSet: logSet(read.kind),
        fileName: input.fileName,
        outcome: outcome.claims.some((claim) => claim.outcome === 'rejected') ? 'rejected' : 'accepted',
        detail: message,
        recordType: 'acknowledgement_file',
        recordID: fileRef.id,
        bytes,
        readBy: input.appliedBy ?? null,
        at: now,
      });
    await notifyRejections(tx, outcome.rejections);
    return { fileID: fileRef.id, again: null, message };
  });
  if (applied.again !== null)
    return {
      ...base,
      outcome: 'already applied',
      transactionSet: read.kind,
      acknowledgementFileID: applied.fileID,
      message: `This ${read.kind} was applied already${applied.again ? ` (${applied.again} UTC)` : ''}: nothing changed.`,
    };
  return {
    ...base,
    outcome: 'applied',
    transactionSet: read.kind,
    acknowledgementFileID: applied.fileID,
    message: applied.message ?? '',
    batches: outcome.batches,
    claims: outcome.claims,
    rejectedClaimIDs: outcome.rejectedClaimIDs,
    unknown: outcome.unknown,
  };
}
