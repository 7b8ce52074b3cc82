/**
 * A file taken from a clearinghouse's inbound folder, routed by its transaction set (ST01): an
 * 835 goes to the ERA import (and is posted at once when the clearinghouse's connection says so),
 * a 999 or 277 to the acknowledgement readers (applyAcknowledgementFile). What came of it is in the EDI import log, under
 * the group the file is for.
 */
import type { Db, Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { applyAcknowledgementFile } from '../acknowledgements/applyAcknowledgementFile.ts';
import { postEraCheck } from '../era/postEra.ts';
import { uploadEra } from '../era/uploadEra.ts';
import { recordEdiRead } from '../importLogs/ediLog.ts';
import { loadConnection } from './connections.ts';
import { sniffX12, type SniffedX12 } from './sniffX12.ts';

export interface ClearinghouseFile {
  clearinghouseId: number;
  fileName: string;
  text: string;
}

export interface ReceiveOptions {
  /** Who reads it: the user who asked for the collection; by default the one who last saved the connection. */
  userId?: number | null;
  now?: Date;
}

export interface Received {
  transactionSet: string | null;
  outcome: 'read' | 'not read' | 'failed';
  detail: string;
}

/** The files a clearinghouse sends back that the import log keeps. */
const LOGGED = new Set(['835', '999', '277']);

/**
 * The group a file is for: the claims it names (835 CLP01, 277 TRN02 of a claim), the batch a 999
 * acknowledges (AK1's group control number), else ISA08 (our submitter ID: the group's tax ID, or
 * GROUP<id> for a group without one).
 */
export async function groupOfFile(q: Queryable, file: SniffedX12): Promise<number | null> {
  const claimIDs = file.segments
    .filter((segment) => segment[0] === 'CLP' || (segment[0] === 'TRN' && segment[1] === '2'))
    .map((segment) => (segment[0] === 'CLP' ? segment[1] : segment[2]) ?? '')
    .filter((value) => /^\d{1,15}$/.test(value))
    .map(Number);
  if (claimIDs.length > 0) {
    const [row] = await q.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM claims WHERE claim_id = ANY($1::bigint[]) GROUP BY group_id ORDER BY count(*) DESC LIMIT 1',
      [claimIDs.slice(0, 1000)],
    );
    if (row) return Number(row.groupID);
  }
  const controls = file.segments
    .filter((segment) => segment[0] === 'AK1')
    .map((segment) => segment[2] ?? '')
    .filter((value) => /^\d{1,9}$/.test(value))
    .map(Number);
  if (controls.length > 0) {
    const [row] = await q.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM submission_batches WHERE group_control_number = ANY($1::bigint[]) ORDER BY submission_batch_id DESC LIMIT 1',
      [controls],
    );
    if (row) return Number(row.groupID);
  }
  if (file.receiverID) {
    const [row] = await q.query<{ groupID: number }>(
      `SELECT group_id AS "groupID" FROM groups
        WHERE regexp_replace(coalesce(tax_id, ''), '\\D', '', 'g') = $1 OR 'GROUP' || group_id = $1
        ORDER BY group_id LIMIT 1`,
      [file.receiverID],
    );
    if (row) return Number(row.groupID);
  }
  return null;
}

/** The clearinghouse as the ERA import's actor: audit rows say 'system'. */
function systemActor(userId: number): Actor {
  return {
    userId,
    sessionId: 0,
    loginAuditId: 0,
    roleId: 0,
    dataRoleId: 0,
    modules: new Set(),
    mustChangePassword: false,
    ip: '127.0.0.1',
    source: 'system',
  };
}

async function groupScope(q: Queryable, groupID: number): Promise<DataScope> {
  const practices = await q.query<{ id: number }>(
    'SELECT practice_id AS id FROM practices WHERE group_id = $1 ORDER BY practice_id',
    [groupID],
  );
  return { groupIds: [groupID], practiceIds: practices.map((row) => Number(row.id)) };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function receiveRemittance(
  db: Db,
  file: ClearinghouseFile,
  groupID: number,
  userId: number,
  autoPost: boolean,
  now: Date,
): Promise<Received> {
  const actor = systemActor(userId);
  const scope = await groupScope(db, groupID);
  let uploaded;
  try {
    uploaded = await uploadEra(db, actor, scope, { groupID, fileName: file.fileName, text: file.text });
  } catch (error) {
    // The ERA import logged the refusal itself.
    if (error instanceof AppError) return { transactionSet: '835', outcome: 'failed', detail: error.message };
    throw error;
  }
  const notes: string[] = [];
  if (autoPost)
    for (const check of uploaded.checks) {
      try {
        const posted = await postEraCheck(db, actor, scope, { eraCheckID: check.eraCheckID, bypassWarningsID: 0 }, now);
        notes.push(`check ${check.traceNumber} posted (${posted.claims} claims)`);
      } catch (error) {
        notes.push(`check ${check.traceNumber} waits for a biller: ${messageOf(error)}`);
      }
    }
  const checks = uploaded.checks.map((check) => check.traceNumber).join(', ');
  return {
    transactionSet: '835',
    outcome: 'read',
    detail: `ERA ${uploaded.eraID} uploaded (${checks})${notes.length > 0 ? `; ${notes.join('; ')}` : ''}.`,
  };
}

/**
 * Routes one file by its ST01. Never throws for what the file holds: the outcome says what came of
 * it; a failure of the database itself is thrown.
 */
export async function receiveClearinghouseFile(
  db: Db,
  file: ClearinghouseFile,
  options: ReceiveOptions = {},
): Promise<Received> {
  const now = options.now ?? new Date();
  const sniffed = sniffX12(file.text);
  const connection = await loadConnection(db, file.clearinghouseId);
  const userId = options.userId ?? connection?.updatedBy ?? null;
  const set = sniffed.transactionSet;
  const groupID = await groupOfFile(db, sniffed);
  const logNotRead = async (detail: string): Promise<Received> => {
    if (groupID !== null && set !== null && LOGGED.has(set))
      await recordEdiRead(db, {
        groupID,
        transactionSet: set as '835' | '999' | '277',
        fileName: file.fileName,
        outcome: 'error',
        detail,
        bytes: Buffer.byteLength(file.text),
        readBy: userId,
        at: now,
      });
    return { transactionSet: set, outcome: 'not read', detail };
  };
  if (set === null) return logNotRead('Not read: the file is not an X12 interchange (no ISA segment or no ST).');
  if (groupID === null) return logNotRead(`Not read: no group of ours is named in this ${set} file.`);
  if (set === '835') {
    if (userId === null) return logNotRead('Not read: nobody has saved the clearinghouse connection to read it as.');
    return receiveRemittance(db, file, groupID, userId, connection?.autoPost ?? false, now);
  }
  if (set === '999' || set === '277') {
    // The acknowledgement readers log the file themselves, in the EDI import log.
    const applied = await applyAcknowledgementFile(db, {
      fileName: file.fileName,
      text: file.text,
      clearinghouseId: file.clearinghouseId,
      appliedBy: options.userId ?? null,
      now,
    });
    return {
      transactionSet: set,
      outcome: applied.outcome === 'error' ? 'failed' : 'read',
      detail: applied.message,
    };
  }
  return logNotRead(`Not read: the product does not read ${set} files.`);
}
