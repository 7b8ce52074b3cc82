/**
 * "Check claim status": a 276 for the chosen claims, one file per group and payer, stored as a
 * claim status inquiry with a trace per claim (the 277 that answers echoes it, and
 * applyAcknowledgementFile finds the claim by it). The file is sent through the payer's
 * clearinghouse when one is connected (sendInquiry); otherwise it stays ready to download.
 */
import { SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { CheckClaimStatusReply } from '../../../contract/acknowledgements.ts';
import type { RefusedClaim } from '../../../contract/scrub.ts';
import type { Db } from '../../db/types.ts';
import { build276, Build276Error, type ClaimInquiry276 } from '../../edi/acknowledgements/build276.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import { loadBillingClaims } from '../claims/loadBillingClaims.ts';
import type { Actor } from '../context.ts';
import { sendInquiry } from './sendInquiry.ts';

function inquiryOf(claim: BillingClaim, trace: string, payerClaimNumber: string | null): ClaimInquiry276 {
  const coverage = claim.coverage!;
  const self = coverage.subscriberRelation === '18' || coverage.subscriberRelation.toLowerCase() === 'self';
  const total = claim.charges.reduce(
    (sum, charge) => sum + (charge.chargeStatus === 'void' ? 0 : charge.chargeCents),
    0,
  );
  const patient = {
    lastName: claim.patient.lastName,
    firstName: claim.patient.firstName,
    birthDate: claim.patient.dateOfBirth,
    gender: claim.patient.sex,
  };
  return {
    traceNumber: trace,
    patientControlNumber: String(claim.claimID),
    payerClaimNumber,
    billType: claim.claimType === 'institutional' ? (claim.institutional?.billType ?? null) : null,
    totalChargeCents: total,
    serviceFrom: claim.dosFrom,
    serviceTo: claim.dosTo,
    subscriber: self
      ? { ...patient, memberID: coverage.subscriberID }
      : {
          lastName: coverage.subscriberLastName ?? claim.patient.lastName,
          firstName: coverage.subscriberFirstName ?? '',
          birthDate: coverage.subscriberDateOfBirth,
          memberID: coverage.subscriberID,
        },
    dependent: self ? null : patient,
    provider: { npi: claim.practice.npi, organizationName: claim.practice.name },
  };
}

export async function checkClaimStatus(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimIDs: readonly number[],
  now: Date,
): Promise<CheckClaimStatusReply> {
  const asked = [...new Set(claimIDs)];
  const written = await db.transaction(async (tx) => {
    const found = await tx.query<{ id: number; payerClaimNumber: string | null }>(
      `SELECT claim_id AS id, payer_claim_number AS "payerClaimNumber" FROM claims
        WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[]) ORDER BY claim_id`,
      [asked, scope.practiceIds],
    );
    const payerNumbers = new Map(found.map((row) => [Number(row.id), row.payerClaimNumber]));
    const refused: RefusedClaim[] = asked
      .filter((id) => !payerNumbers.has(id))
      .map((claimID) => ({ claimID, reason: `Claim ${claimID} was not found.` }));
    const claims = await loadBillingClaims(tx, [...payerNumbers.keys()]);
    const groups = new Map<string, BillingClaim[]>();
    for (const claim of claims) {
      if (claim.submitStatusID === SUBMIT_STATUS.notSubmitted) {
        refused.push({
          claimID: claim.claimID,
          reason: `Claim ${claim.claimID} has not been sent: there is no status to ask.`,
        });
        continue;
      }
      if (!claim.coverage) {
        refused.push({ claimID: claim.claimID, reason: `Claim ${claim.claimID} bills no payer to ask.` });
        continue;
      }
      const key = `${claim.groupID}:${claim.coverage.payer.insuranceID}`;
      groups.set(key, [...(groups.get(key) ?? []), claim]);
    }
    const inquiries: (CheckClaimStatusReply['inquiries'][number] & { content: string })[] = [];
    for (const batch of groups.values()) {
      const first = batch[0]!;
      const payer = first.coverage!.payer;
      const [group] = await tx.query<{ name: string; taxID: string | null }>(
        'SELECT name, tax_id AS "taxID" FROM groups WHERE group_id = $1',
        [first.groupID],
      );
      const [next] = await tx.query<{ value: number }>(
        `SELECT nextval('x12_interchange_control_seq')::bigint AS value`,
      );
      const control = Number(next?.value);
      const senderID = group?.taxID?.replace(/\D/g, '') || `GROUP${first.groupID}`;
      const traces = new Map(
        batch.map((claim) => [claim.claimID, `${String(control).padStart(9, '0')}-${claim.claimID}`]),
      );
      let content: string;
      try {
        content = build276(
          {
            payer: { name: payer.name, payerID: payer.payerID },
            receiver: { name: group?.name ?? `Group ${first.groupID}`, id: senderID },
            claims: batch.map((claim) =>
              inquiryOf(claim, traces.get(claim.claimID)!, payerNumbers.get(claim.claimID) ?? null),
            ),
          },
          {
            sender: { id: senderID },
            receiver: { id: payer.payerID },
            interchangeControlNumber: control,
            groupControlNumber: control,
            now,
            usage: 'P',
          },
        );
      } catch (error) {
        if (!(error instanceof Build276Error)) throw error;
        for (const claim of batch)
          refused.push({ claimID: claim.claimID, reason: `Claim ${claim.claimID}: ${error.problems.join(' ')}` });
        continue;
      }
      const fileName = `276_${payer.payerID.replace(/[^A-Za-z0-9]/g, '')}_${String(control).padStart(9, '0')}.x12`;
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO claim_status_inquiries (group_id, insurance_id, interchange_control_number, file_name, content, state, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, 'ready', $6, $7) RETURNING claim_status_inquiry_id AS id`,
        [first.groupID, payer.insuranceID, control, fileName, content, actor.userId, now],
      );
      const inquiryID = Number(row!.id);
      const ids = batch.map((claim) => claim.claimID);
      await tx.query(
        `INSERT INTO claim_status_inquiry_claims (claim_status_inquiry_id, claim_id, trace_number)
         SELECT $1, x.id, x.trace FROM unnest($2::bigint[], $3::text[]) AS x (id, trace)`,
        [inquiryID, ids, ids.map((id) => traces.get(id)!)],
      );
      await tx.query(
        `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
         SELECT id, $2, 'status inquiry', $3, jsonb_build_object('inquiryID', $4::bigint, 'file', $5::text, 'state', 'written'), $6
           FROM unnest($1::bigint[]) AS id`,
        [ids, actor.userId, actor.source, inquiryID, fileName, now],
      );
      inquiries.push({ inquiryID, fileName, state: 'ready', sendError: null, claimIDs: ids, content });
    }
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.statusInquiry',
      recordType: 'claim',
      source: actor.source,
      ip: actor.ip,
      detail: {
        asked: asked.length,
        inquiries: inquiries.map((inquiry) => inquiry.inquiryID),
        refused: refused.length,
      },
    });
    refused.sort((a, b) => asked.indexOf(a.claimID) - asked.indexOf(b.claimID));
    return { inquiries, refused };
  });
  // Sent after the inquiry is stored: a clearinghouse that cannot be reached leaves it to download.
  const inquiries: CheckClaimStatusReply['inquiries'] = [];
  for (const { content, ...inquiry } of written.inquiries) {
    const sent = await sendInquiry(db, inquiry.inquiryID, inquiry.fileName, content, now);
    inquiries.push({ ...inquiry, state: sent.state, sendError: sent.error });
  }
  return { inquiries, refused: written.refused };
}
