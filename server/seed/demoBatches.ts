/**
 * The demo's charge and document batches, per group: a charge batch holding a few of the group's
 * oldest claims (its expected total what they were entered for, so it balances) and a document
 * batch with one small scanned file.
 */
import type { Db } from '../db/types.ts';
import { addChargeBatch } from '../services/batches/chargeBatches.ts';
import { addDocumentBatch } from '../services/batches/documentBatches.ts';
import type { DemoDesk } from './demoDesk.ts';

const CLAIMS_IN_CHARGE_BATCH = 4;

/** A one-page PDF that says what it stands for: enough for the file list and a download. */
const SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 72 720 Td (Demo EOB scan) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

export async function seedGroupBatches(db: Db, desk: DemoDesk, groupID: number, code: string): Promise<void> {
  const claims = await db.query<{ claimID: number; practiceID: number; totalCents: number }>(
    `SELECT claim_id AS "claimID", practice_id AS "practiceID", total_charge_cents AS "totalCents" FROM claims
      WHERE group_id = $1 AND practice_id = (SELECT min(practice_id) FROM claims WHERE group_id = $1)
      ORDER BY claim_id LIMIT ${CLAIMS_IN_CHARGE_BATCH}`,
    [groupID],
  );
  const [first] = claims;
  if (!first) return;
  const { pkid } = await addChargeBatch(
    db,
    desk.actor,
    desk.scope,
    {
      practiceID: first.practiceID,
      batchNumber: `${code}-SB-0007`,
      description: 'Superbills from the courier run',
      total: claims.reduce((sum, claim) => sum + claim.totalCents, 0),
      documents: [],
    },
    desk.now,
  );
  // Claims join a charge batch when they are entered; the demo's were entered by the generator.
  await db.query('UPDATE claims SET charge_batch_id = $1 WHERE claim_id = ANY($2::bigint[])', [
    pkid,
    claims.map((claim) => claim.claimID),
  ]);
  await addDocumentBatch(
    db,
    desk.actor,
    desk.scope,
    {
      practiceID: first.practiceID,
      batchNumber: `${code}-DOC-0003`,
      batchType: 'EOB',
      description: 'Paper EOBs scanned at the mail desk',
      documents: [{ fileName: 'eob-scan.pdf', mimeType: 'application/pdf', contentBase64: SCAN }],
    },
    desk.now,
  );
}
