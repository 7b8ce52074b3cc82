/**
 * Claims/changeClaimStatus, updateClaimsStatus and changeClaimScrubStatus: the statuses a biller
 * sets by hand. Which claim status may follow which is the table MANUAL_CLAIM_STATUS_CHANGES;
 * the statuses the product sets itself (scrub, submission, payments, void encounter) are never
 * set here. Each change is stored with its DNA event and audit row in one transaction; a bulk
 * run takes one transaction per chunk of claims.
 */
import {
  CLAIM_STATUS,
  CLAIM_STATUS_NAMES,
  SCRUB_STATUS,
  SCRUB_STATUS_NAMES,
  standsAsSent,
} from '../../../contract/claimStatus.ts';
import {
  MANUAL_CLAIM_STATUS_CHANGES,
  MANUAL_SCRUB_STATUS,
  type ChangeClaimScrubStatusReply,
  type ChangeClaimStatusReply,
  type StatusChangedDetail,
  type UpdateClaimsStatusReply,
} from '../../../contract/claimStatusChange.ts';
import type { RefusedClaim } from '../../../contract/scrub.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { needsScrubAgain } from './claimEditing.ts';
import { lockClaim } from './chargeStatusWrites.ts';

export const STATUS_CHUNK = 500;

const S = CLAIM_STATUS;
const SET_BY_SCRUBBING = 'Draft and Ready to Submit follow from scrubbing and edits; scrub the claim instead (Alt+S).';
const SET_BY_PAYMENTS = 'Paid and Partially Paid follow from the payments posted on the claim.';

/** Statuses the product sets itself, with where they come from. */
const NEVER_BY_HAND: Readonly<Record<number, string>> = {
  [S.draft]: SET_BY_SCRUBBING,
  [S.readyToSubmit]: SET_BY_SCRUBBING,
  [S.submitted]: 'A claim is Submitted when it is sent (Alt+U).',
  [S.partiallyPaid]: SET_BY_PAYMENTS,
  [S.paid]: SET_BY_PAYMENTS,
  [S.void]: 'Use "Void encounter…", which takes the charges off the claim in the ledger.',
};

const statusName = (id: number) => CLAIM_STATUS_NAMES[id] ?? `status ${id}`;

function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Why the claim cannot go from `fromID` to `toID` by hand, or null when it can. */
export function statusChangeRefusal(claimID: number, fromID: number, toID: number): string | null {
  const from = statusName(fromID);
  const to = statusName(toID);
  if (fromID === toID) return `Claim ${claimID} is already ${to}.`;
  if (fromID === S.void || fromID === S.closed)
    return `Claim ${claimID} is ${from.toLowerCase()}: its status does not change any more.`;
  const why = NEVER_BY_HAND[toID];
  if (why !== undefined) return `Claim ${claimID} cannot be set to ${to} by hand: ${why}`;
  const allowed = MANUAL_CLAIM_STATUS_CHANGES[fromID] ?? [];
  if (allowed.includes(toID)) return null;
  return `Claim ${claimID} cannot go from ${from} to ${to}; from ${from} it can go to ${orList(allowed.map(statusName))}.`;
}

interface StatusRun {
  updated: number[];
  refused: RefusedClaim[];
  notFound: number[];
}

/** One chunk of claims to `toID`, in one transaction; claims refused or not found are only reported. */
async function changeStatuses(
  tx: Transaction,
  actor: Actor,
  scope: DataScope,
  claimIDs: readonly number[],
  toID: number,
  note: string | null,
  now: Date,
): Promise<StatusRun> {
  // Locked in claim order, so two runs over overlapping claims wait for each other.
  const rows = await tx.query<{ claimID: number; claimStatusID: number }>(
    `SELECT claim_id AS "claimID", claim_status_id AS "claimStatusID" FROM claims
      WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[]) ORDER BY claim_id FOR NO KEY UPDATE`,
    [claimIDs, scope.practiceIds],
  );
  const statusOf = new Map(rows.map((row) => [row.claimID, row.claimStatusID]));
  const run: StatusRun = { updated: [], refused: [], notFound: [] };
  const fromIDs: number[] = [];
  for (const claimID of claimIDs) {
    const fromID = statusOf.get(claimID);
    if (fromID === undefined) {
      run.notFound.push(claimID);
      continue;
    }
    const refusal = statusChangeRefusal(claimID, fromID, toID);
    if (refusal !== null) {
      run.refused.push({ claimID, reason: refusal });
      continue;
    }
    run.updated.push(claimID);
    fromIDs.push(fromID);
  }
  if (run.updated.length === 0) return run;

  await tx.query('UPDATE claims SET claim_status_id = $2, updated_at = $3 WHERE claim_id = ANY($1::bigint[])', [
    run.updated,
    toID,
    now,
  ]);
  await tx.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
     SELECT x.id, $3, 'status changed', $4,
            jsonb_build_object('fromID', x.from_id, 'toID', $5::int, 'from', cs.name, 'to', $6::text, 'note', $7::text), $8
       FROM unnest($1::bigint[], $2::int[]) AS x (id, from_id)
       JOIN claim_statuses cs ON cs.claim_status_id = x.from_id`,
    [run.updated, fromIDs, actor.userId, actor.source, toID, statusName(toID), note, now],
  );
  const [single] = run.updated;
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'claims.status',
    recordType: 'claim',
    ...(run.updated.length === 1 && single !== undefined ? { recordId: single } : {}),
    source: actor.source,
    ip: actor.ip,
    detail: { claimIDs: run.updated, toStatusID: toID },
  });
  return run;
}

export async function changeClaimStatus(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { claimID: number; claimStatusID: number; note?: string | undefined },
  now: Date,
): Promise<ChangeClaimStatusReply> {
  const note = input.note === undefined || input.note === '' ? null : input.note;
  const run = await db.transaction((tx) =>
    changeStatuses(tx, actor, scope, [input.claimID], input.claimStatusID, note, now),
  );
  if (run.notFound.length > 0) throw new NotFoundError();
  const [refused] = run.refused;
  if (refused) throw new BadRequestError(refused.reason);
  return {
    message: `Claim status changed to ${statusName(input.claimStatusID)}.`,
    claimID: input.claimID,
    claimStatusID: input.claimStatusID,
  };
}

/** Each claim asked once, in the order asked; the ones not changed come back with the reason. */
export async function updateClaimsStatus(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimIDs: readonly number[],
  toID: number,
  now: Date,
  chunkSize = STATUS_CHUNK,
): Promise<UpdateClaimsStatusReply> {
  const ids = [...new Set(claimIDs)];
  const reply: UpdateClaimsStatusReply = { updated: [], refused: [] };
  for (let start = 0; start < ids.length; start += chunkSize) {
    const run = await db.transaction((tx) =>
      changeStatuses(tx, actor, scope, ids.slice(start, start + chunkSize), toID, null, now),
    );
    reply.updated.push(...run.updated);
    reply.refused.push(
      ...run.refused,
      ...run.notFound.map((claimID) => ({ claimID, reason: `Claim ${claimID} was not found.` })),
    );
  }
  return reply;
}

/**
 * By hand a claim only goes back to "not scrubbed" (to scrub it afresh); it passes or fails by
 * the scrubber, or passes its warnings through forcefullyPassClaim.
 */
export async function changeClaimScrubStatus(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { claimID: number; scrubStatusID: number },
  now: Date,
): Promise<ChangeClaimScrubStatusReply> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimID, scope);
    if (!claim) throw new NotFoundError();
    const to = SCRUB_STATUS_NAMES[input.scrubStatusID] ?? String(input.scrubStatusID);
    if (input.scrubStatusID !== MANUAL_SCRUB_STATUS) {
      throw new BadRequestError(
        `A claim cannot be set to ${to} by hand: it passes or fails by scrubbing it (Alt+S), and its warnings are passed with "Pass claims with their warnings…".`,
      );
    }
    if (claim.claimStatusID === S.void || claim.claimStatusID === S.closed) {
      throw new BadRequestError(
        `Claim ${claim.claimID} is ${statusName(claim.claimStatusID).toLowerCase()}: its scrub status does not change any more.`,
      );
    }
    if (standsAsSent(claim.claimStatusID, claim.submitStatusID))
      throw new BadRequestError(`Claim ${claim.claimID} has been submitted: its scrub result stays as it was sent.`);
    if (claim.scrubStatusID === SCRUB_STATUS.notScrubbed)
      throw new BadRequestError(`Claim ${claim.claimID} is already ${to}.`);

    await needsScrubAgain(tx, claim.claimID, now);
    const detail: StatusChangedDetail = {
      fromID: claim.scrubStatusID,
      toID: input.scrubStatusID,
      from: SCRUB_STATUS_NAMES[claim.scrubStatusID] ?? String(claim.scrubStatusID),
      to,
    };
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       VALUES ($1, $2, 'scrub status changed', $3, $4::jsonb, $5)`,
      [claim.claimID, actor.userId, actor.source, JSON.stringify(detail), now],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.scrubStatus',
      recordType: 'claim',
      recordId: claim.claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { from: detail.fromID, to: detail.toID },
    });
    const claimStatusID = claim.claimStatusID === S.readyToSubmit ? S.draft : claim.claimStatusID;
    return {
      message: `Scrub status changed to ${to}.`,
      claimID: claim.claimID,
      scrubStatusID: input.scrubStatusID,
      claimStatusID,
    };
  });
}
