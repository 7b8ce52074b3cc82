/**
 * Claims/submitClaim: the chosen claims as X12 837 files, one per group, payer and kind
 * (837P / 837I), stored as submission batches. The scrubber's rules run again on the claims as
 * they are at this moment, inside the transaction that sends them, so a claim with an error is
 * never sent, whatever its stored scrub status says. One transaction: every batch, link, status
 * and DNA event is stored, or none is.
 */
import { CLAIM_STATUS, SCRUB_STATUS, standsAsSent, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { RefusedClaim } from '../../../contract/scrub.ts';
import type { SubmissionBatch, SubmitClaimsReply } from '../../../contract/submission.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import { build837 } from '../../edi/837/build837.ts';
import { Build837Error } from '../../edi/837/build837Error.ts';
import { groupClaimsForSubmission, type SubmissionGroup } from '../../edi/837/groupClaimsForSubmission.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import { loadBillingClaims } from '../claims/loadBillingClaims.ts';
import type { Actor } from '../context.ts';
import { dateOf } from '../scrub/days.ts';
import { loadScrubContext } from '../scrub/loadScrubContext.ts';
import { scrubClaim } from '../scrub/scrubClaim.ts';
import { batchesByID } from './submissionBatches.ts';

const SENDABLE_SCRUB = new Set<number>([SCRUB_STATUS.passed, SCRUB_STATUS.forcefullyPassed]);
const CLOSED = new Set<number>([CLAIM_STATUS.void, CLAIM_STATUS.closed]);

function plural(count: number, one: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${one}s`;
}

/** Why a claim cannot go out now, or null when it can. */
function refusalOf(claim: BillingClaim, errors: number): string | null {
  if (CLOSED.has(claim.claimStatusID))
    return `Claim ${claim.claimID} is ${claim.claimStatusID === CLAIM_STATUS.void ? 'void' : 'closed'}: it is not sent.`;
  if (standsAsSent(claim.claimStatusID, claim.submitStatusID))
    return `Claim ${claim.claimID} has already been submitted; it is sent again only after a rejection.`;
  if (errors > 0) return `Claim ${claim.claimID} has ${plural(errors, 'scrub error')}: fix them and scrub it again.`;
  if (!SENDABLE_SCRUB.has(claim.scrubStatusID))
    return `Claim ${claim.claimID} has not passed the scrubber: scrub it first.`;
  if (claim.charges.every((charge) => charge.chargeStatus === 'void'))
    return `Claim ${claim.claimID} has no charge lines to bill.`;
  return null;
}

/** The biller who sends the file: loop 1000A's contact (PER), whom the payer calls about it. */
interface Contact {
  name: string;
  email: string;
}

interface Sender {
  groupID: number;
  name: string;
  taxID: string | null;
}

/** One file's claims, written; the claims the writer refused come back apart. */
function writeGroup(
  group: SubmissionGroup<BillingClaim>,
  sender: Sender,
  contact: Contact,
  controlNumber: number,
  now: Date,
): { content: string; refused: RefusedClaim[] } | { content: null; refused: RefusedClaim[] } {
  const options = {
    sender: {
      id: sender.taxID?.replace(/\D/g, '') || `GROUP${sender.groupID}`,
      name: sender.name,
      contactName: contact.name,
      email: contact.email,
    },
    receiver: { id: group.payerID, name: group.payerName },
    interchangeControlNumber: controlNumber,
    groupControlNumber: controlNumber,
    now,
    usage: 'P' as const,
  };
  let claims = group.claims;
  const refused: RefusedClaim[] = [];
  // The writer checks every claim before it throws, so one retry without the named claims is enough.
  for (let attempt = 0; attempt < 2 && claims.length > 0; attempt += 1) {
    try {
      return { content: build837(claims, options), refused };
    } catch (error) {
      if (!(error instanceof Build837Error)) throw error;
      const named = new Set(error.problems.flatMap((problem) => (problem.claimID === null ? [] : [problem.claimID])));
      // A problem with the batch itself (the group's sender details): nothing is sent, the biller is told why.
      if (named.size === 0) throw new BadRequestError(error.message);
      for (const problem of error.problems)
        if (problem.claimID !== null)
          refused.push({ claimID: problem.claimID, reason: `Claim ${problem.claimID}: ${problem.message}` });
      claims = claims.filter((claim) => !named.has(claim.claimID));
    }
  }
  return { content: null, refused };
}

async function storeBatch(
  tx: Transaction,
  actor: Actor,
  group: SubmissionGroup<BillingClaim>,
  sent: readonly BillingClaim[],
  controlNumber: number,
  content: string,
  now: Date,
): Promise<number> {
  const [first] = sent;
  if (!first?.coverage) throw new Error('A batch needs a claim with a payer.');
  const kind = group.claimType === 'professional' ? '837P' : '837I';
  const total = sent.reduce(
    (sum, claim) =>
      sum +
      claim.charges.reduce((lines, charge) => lines + (charge.chargeStatus === 'void' ? 0 : charge.chargeCents), 0),
    0,
  );
  const fileName = `${kind}_${group.payerID.replace(/[^A-Za-z0-9]/g, '')}_${String(controlNumber).padStart(9, '0')}.x12`;
  const [batch] = await tx.query<{ id: number }>(
    `INSERT INTO submission_batches (group_id, insurance_id, transaction_type, interchange_control_number, group_control_number, file_name, content, claim_count, total_cents, status, created_by, created_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, 'created', $9, $10) RETURNING submission_batch_id AS id`,
    [
      first.groupID,
      first.coverage.payer.insuranceID,
      kind,
      controlNumber,
      fileName,
      content,
      sent.length,
      total,
      actor.userId,
      now,
    ],
  );
  if (!batch) throw new Error('The submission batch was not stored.');
  const ids = sent.map((claim) => claim.claimID);
  await tx.query(
    'INSERT INTO submission_batch_claims (submission_batch_id, claim_id) SELECT $1, unnest($2::bigint[])',
    [batch.id, ids],
  );
  await tx.query(
    `UPDATE claims SET submit_status_id = $2, claim_status_id = $3, submitted_at = $4, updated_at = $4 WHERE claim_id = ANY($1::bigint[])`,
    [ids, SUBMIT_STATUS.submitted, CLAIM_STATUS.submitted, now],
  );
  await tx.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
     SELECT id, $2, 'submitted', $3, jsonb_build_object('submissionBatchID', $4::bigint, 'file', $5::text, 'interchangeControlNumber', $6::bigint), $7
       FROM unnest($1::bigint[]) AS id`,
    [ids, actor.userId, actor.source, batch.id, fileName, controlNumber, now],
  );
  return batch.id;
}

export async function submitClaims(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimIDs: readonly number[],
  now: Date,
): Promise<SubmitClaimsReply> {
  const asked = [...new Set(claimIDs)];
  return db.transaction(async (tx) => {
    // Locked in claim order, so two submissions of overlapping claims wait for each other
    // instead of both sending the same claim.
    const found = await tx.query<{ id: number }>(
      'SELECT claim_id AS id FROM claims WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[]) ORDER BY claim_id FOR NO KEY UPDATE',
      [asked, scope.practiceIds],
    );
    const inScope = new Set(found.map((row) => row.id));
    const refused: RefusedClaim[] = asked
      .filter((id) => !inScope.has(id))
      .map((claimID) => ({ claimID, reason: `Claim ${claimID} was not found.` }));
    const claims = await loadBillingClaims(tx, [...inScope]);
    const context = await loadScrubContext(tx, claims, dateOf(now));
    const ready: BillingClaim[] = [];
    for (const claim of claims) {
      const errors = scrubClaim(claim, context).filter((finding) => finding.severity === 'error').length;
      const reason = refusalOf(claim, errors);
      if (reason === null) ready.push(claim);
      else refused.push({ claimID: claim.claimID, reason });
    }
    const senders = new Map<number, Sender>(
      (
        await tx.query<Sender>(
          'SELECT group_id AS "groupID", name, tax_id AS "taxID" FROM groups WHERE group_id = ANY($1::bigint[])',
          [[...new Set(ready.map((claim) => claim.groupID))]],
        )
      ).map((row) => [row.groupID, row]),
    );
    const [contact] = await tx.query<Contact>(
      `SELECT concat_ws(' ', first_name, last_name) AS name, email FROM users WHERE user_id = $1`,
      [actor.userId],
    );
    if (!contact) throw new Error('The acting user was not found.');
    const batchIDs: number[] = [];
    const submitted: number[] = [];
    for (const sender of senders.values()) {
      const { groups, withoutPayer } = groupClaimsForSubmission(
        ready.filter((claim) => claim.groupID === sender.groupID),
      );
      for (const claim of withoutPayer)
        refused.push({
          claimID: claim.claimID,
          reason: `Claim ${claim.claimID} has no insurance to bill: set the patient's insurance on the claim.`,
        });
      for (const group of groups) {
        const [next] = await tx.query<{ value: number }>(
          `SELECT nextval('x12_interchange_control_seq')::bigint AS value`,
        );
        const controlNumber = Number(next?.value);
        const written = writeGroup(group, sender, contact, controlNumber, now);
        refused.push(...written.refused);
        if (written.content === null) continue;
        const refusedIDs = new Set(written.refused.map((claim) => claim.claimID));
        const sent = group.claims.filter((claim) => !refusedIDs.has(claim.claimID));
        batchIDs.push(await storeBatch(tx, actor, group, sent, controlNumber, written.content, now));
        submitted.push(...sent.map((claim) => claim.claimID));
      }
    }
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.submit',
      recordType: 'claim',
      source: actor.source,
      ip: actor.ip,
      detail: {
        asked: asked.length,
        submitted: submitted.length,
        refused: refused.length,
        submissionBatchIDs: batchIDs,
      },
    });
    const batches: SubmissionBatch[] = await batchesByID(tx, batchIDs);
    refused.sort((a, b) => asked.indexOf(a.claimID) - asked.indexOf(b.claimID));
    return { batches, submitted, refused };
  });
}
