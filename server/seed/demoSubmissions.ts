/**
 * The demo's claims sent and answered, per group: a few of the group's claims ready to submit go
 * out as 837 files through the submission service (a submission batch per payer), and each file's
 * claims come back paid in an 835 that is read and posted through the ERA services, as a biller
 * does on the submission and ERA screens. The money reports "Claim batch submit" and "ERA data"
 * read these batches and checks.
 */
import type { Db } from '../db/types.ts';
import { postEraCheck } from '../services/era/postEra.ts';
import { uploadEra } from '../services/era/uploadEra.ts';
import { submitClaims } from '../services/submission/submitClaims.ts';
import type { DemoDesk } from './demoDesk.ts';
import { remittanceForClaims } from './demoRemittances.ts';

/** Claims sent per group: a batch or two, small enough to leave most ready claims to the biller. */
const CLAIMS_SENT = 6;
/**
 * Days before `now` the claims were sent, the payer paid and the check was posted: ready claims
 * are seen from a day before `now`, so they go out the day before and come back paid today.
 */
const SENT_DAYS_AGO = 1;
const PAID_DAYS_AGO = 0;
const POSTED_DAYS_AGO = 0;
const DAY_MS = 86_400_000;

export async function seedGroupSubmissions(db: Db, desk: DemoDesk, groupID: number, code: string): Promise<void> {
  // Ready claims seen by the day they are sent, of patients the browser tests leave alone;
  // about half of them, so the claims list keeps some ready to submit.
  const ready = await db.query<{ claimID: number }>(
    `WITH ready AS (
       SELECT c.claim_id, row_number() OVER (ORDER BY c.claim_id) AS n, count(*) OVER () AS total
         FROM claims c
        WHERE c.group_id = $1 AND c.claim_status_id = 2 AND c.insurance_id IS NOT NULL
          AND c.dos_from <= $2::date AND c.patient_id <> ALL($3::bigint[]))
     SELECT claim_id AS "claimID" FROM ready WHERE n <= least(${CLAIMS_SENT}, (total + 1) / 2) ORDER BY claim_id`,
    [groupID, desk.daysAgo(SENT_DAYS_AGO), desk.busyPatients],
  );
  if (ready.length === 0) return;
  const sentAt = new Date(desk.now.getTime() - SENT_DAYS_AGO * DAY_MS);
  const { batches } = await submitClaims(
    db,
    desk.actor,
    desk.scope,
    ready.map((row) => row.claimID),
    sentAt,
  );
  for (const batch of batches) {
    const claims = await db.query<{ claimID: number }>(
      'SELECT claim_id AS "claimID" FROM submission_batch_claims WHERE submission_batch_id = $1 ORDER BY claim_id',
      [batch.submissionBatchID],
    );
    const paidOn = desk.daysAgo(PAID_DAYS_AGO);
    const text = await remittanceForClaims(
      db,
      claims.map((row) => row.claimID),
      paidOn,
      `${code}EFT${String(batch.interchangeControlNumber).padStart(6, '0')}`,
    );
    const upload = await uploadEra(db, desk.actor, desk.scope, {
      groupID,
      fileName: `${code} - remittance for ${batch.fileName.replace(/\.x12$/, '')} - ${paidOn}.835`,
      text,
    });
    for (const check of upload.checks)
      await postEraCheck(
        db,
        desk.actor,
        desk.scope,
        { eraCheckID: check.eraCheckID, postingDate: desk.daysAgo(POSTED_DAYS_AGO), bypassWarningsID: 1 },
        desk.now,
      );
  }
}
