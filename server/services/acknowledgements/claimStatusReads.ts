/**
 * The reads of a claim's acknowledgements and status: AddEditClaim/getClaimStatusByID and
 * getClaimStatusDetailsByID, AbilityApiIntegration/getAbilityStatusList, getAbilityStatusData and
 * getAbilityClaimEvents. A claim or inquiry outside the data role is not found.
 */
import { CLAIM_STATUS, CLAIM_STATUS_NAMES, SUBMIT_STATUS_NAMES } from '../../../contract/claimStatus.ts';
import type {
  AbilityClaimEvent,
  AbilityClaimEventsReply,
  ClaimStatusDetail,
  ClaimStatusDetailsReply,
  ClaimStatusEntry,
  ClaimStatusReply,
  StatusDataReply,
  StatusInquiry,
  StatusListReply,
} from '../../../contract/acknowledgements.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { scopedClaim } from '../workQueue/scopedClaim.ts';

const UTC_SECOND = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

const ENTRY_COLUMNS = `h.claim_status_history_id AS "claimStatusHistoryID", h.source, h.answered_by AS "answeredBy",
  h.answered_by_name AS "answeredByName", h.outcome, h.category_code AS "categoryCode", h.status_code AS "statusCode",
  h.entity_code AS "entityCode", h.reason, h.payer_claim_number AS "payerClaimNumber",
  to_char(h.effective_date, 'YYYY-MM-DD') AS "effectiveDate", h.charge_cents AS "chargeCents", h.payment_cents AS "paymentCents",
  f.file_name AS "fileName", h.submission_batch_id AS "submissionBatchID",
  to_char(h.recorded_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "recordedAt"`;
const ENTRY_FROM =
  'FROM claim_status_history h LEFT JOIN acknowledgement_files f ON f.acknowledgement_file_id = h.acknowledgement_file_id';

type EntryRow = ClaimStatusEntry & { detail?: Record<string, unknown> };

function entry(row: EntryRow): ClaimStatusEntry {
  return {
    claimStatusHistoryID: Number(row.claimStatusHistoryID),
    source: row.source,
    answeredBy: row.answeredBy,
    answeredByName: row.answeredByName,
    outcome: row.outcome,
    categoryCode: row.categoryCode,
    statusCode: row.statusCode,
    entityCode: row.entityCode,
    reason: row.reason,
    payerClaimNumber: row.payerClaimNumber,
    effectiveDate: row.effectiveDate,
    chargeCents: row.chargeCents === null ? null : Number(row.chargeCents),
    paymentCents: row.paymentCents === null ? null : Number(row.paymentCents),
    fileName: row.fileName,
    submissionBatchID: row.submissionBatchID === null ? null : Number(row.submissionBatchID),
    recordedAt: row.recordedAt,
  };
}

/** AddEditClaim/getClaimStatusByID. */
export async function claimStatusByID(q: Queryable, scope: DataScope, claimID: number): Promise<ClaimStatusReply> {
  await scopedClaim(q, scope, claimID);
  const [claim] = await q.query<{
    claimStatusID: number;
    submitStatusID: number;
    frequencyCode: string;
    originalClaimNumber: string | null;
    payerClaimNumber: string | null;
  }>(
    `SELECT claim_status_id::int AS "claimStatusID", submit_status_id::int AS "submitStatusID", frequency_code AS "frequencyCode",
            original_claim_number AS "originalClaimNumber", payer_claim_number AS "payerClaimNumber"
       FROM claims WHERE claim_id = $1`,
    [claimID],
  );
  if (!claim) throw new NotFoundError();
  const [latest] = await q.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE h.claim_id = $1 ORDER BY h.recorded_at DESC, h.claim_status_history_id DESC LIMIT 1`,
    [claimID],
  );
  const [rejection] =
    claim.claimStatusID === CLAIM_STATUS.rejected
      ? await q.query<EntryRow>(
          `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE h.claim_id = $1 AND h.outcome = 'rejected' AND h.source <> '277'
            ORDER BY h.recorded_at DESC, h.claim_status_history_id DESC LIMIT 1`,
          [claimID],
        )
      : [];
  return {
    claimID,
    claimStatusID: claim.claimStatusID,
    claimStatus: CLAIM_STATUS_NAMES[claim.claimStatusID] ?? '',
    submitStatusID: claim.submitStatusID,
    submitStatus: SUBMIT_STATUS_NAMES[claim.submitStatusID] ?? '',
    frequencyCode: claim.frequencyCode,
    originalClaimNumber: claim.originalClaimNumber,
    payerClaimNumber: claim.payerClaimNumber,
    latest: latest ? entry(latest) : null,
    rejection: rejection ? entry(rejection) : null,
  };
}

interface StoredStatus {
  codes?: { category: string; status: string; entity: string; text: string }[];
  date?: string | null;
  action?: string;
  message?: string;
}
interface StoredLine {
  procedure?: string;
  chargeCents?: number | null;
  paidCents?: number | null;
  lineControlNumber?: string;
  reasons?: string[];
}

/** AddEditClaim/getClaimStatusDetailsByID: oldest first. */
export async function claimStatusDetails(
  q: Queryable,
  scope: DataScope,
  claimID: number,
): Promise<ClaimStatusDetailsReply> {
  await scopedClaim(q, scope, claimID);
  const rows = await q.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS}, h.detail ${ENTRY_FROM} WHERE h.claim_id = $1 ORDER BY h.recorded_at, h.claim_status_history_id`,
    [claimID],
  );
  const history: ClaimStatusDetail[] = rows.map((row) => {
    const detail = (row.detail ?? {}) as { statuses?: StoredStatus[]; lines?: StoredLine[] };
    return {
      ...entry(row),
      statuses: (detail.statuses ?? []).map((status) => ({
        codes: status.codes ?? [],
        date: status.date ?? null,
        action: status.action ?? '',
        message: status.message ?? '',
      })),
      lines: (detail.lines ?? []).map((line) => ({
        procedure: line.procedure ?? '',
        chargeCents: line.chargeCents ?? null,
        paidCents: line.paidCents ?? null,
        lineControlNumber: line.lineControlNumber ?? '',
        reasons: line.reasons ?? [],
      })),
    };
  });
  return { claimID, history };
}

const INQUIRY_COLUMNS = `i.claim_status_inquiry_id AS "inquiryID", i.file_name AS "fileName", i.state, ch.name AS "clearingHouseName",
  i.send_error AS "sendError", nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "createdBy",
  to_char(i.created_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "createdAt",
  to_char(i.sent_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "sentAt",
  to_char(i.answered_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "answeredAt",
  (SELECT count(*)::int FROM claim_status_inquiry_claims x WHERE x.claim_status_inquiry_id = i.claim_status_inquiry_id) AS "claimCount"`;
const INQUIRY_FROM = `FROM claim_status_inquiries i LEFT JOIN clearing_houses ch ON ch.clearing_house_id = i.clearing_house_id
  LEFT JOIN users u ON u.user_id = i.created_by`;

async function answersByHistoryID(q: Queryable, ids: readonly number[]): Promise<Map<number, ClaimStatusEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE h.claim_status_history_id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.claimStatusHistoryID), entry(row)]));
}

/** AbilityApiIntegration/getAbilityStatusList: the claim's inquiries, newest first. */
export async function abilityStatusList(q: Queryable, scope: DataScope, claimID: number): Promise<StatusListReply> {
  await scopedClaim(q, scope, claimID);
  const rows = await q.query<Omit<StatusInquiry, 'answer'> & { historyID: number | null }>(
    `SELECT ${INQUIRY_COLUMNS}, ic.claim_status_history_id AS "historyID"
       ${INQUIRY_FROM} JOIN claim_status_inquiry_claims ic ON ic.claim_status_inquiry_id = i.claim_status_inquiry_id
      WHERE ic.claim_id = $1 ORDER BY i.claim_status_inquiry_id DESC`,
    [claimID],
  );
  const answers = await answersByHistoryID(
    q,
    rows.flatMap((row) => (row.historyID === null ? [] : [Number(row.historyID)])),
  );
  return {
    claimID,
    inquiries: rows.map(({ historyID, ...row }) => ({
      ...row,
      inquiryID: Number(row.inquiryID),
      answer: historyID === null ? null : (answers.get(Number(historyID)) ?? null),
    })),
  };
}

/** AbilityApiIntegration/getAbilityStatusData: one inquiry of the data role's groups. */
export async function abilityStatusData(q: Queryable, scope: DataScope, inquiryID: number): Promise<StatusDataReply> {
  const [row] = await q.query<Omit<StatusDataReply, 'claims'>>(
    `SELECT ${INQUIRY_COLUMNS}, i.content ${INQUIRY_FROM}
      WHERE i.claim_status_inquiry_id = $1 AND i.group_id = ANY($2::bigint[])
        AND NOT EXISTS (SELECT 1 FROM claim_status_inquiry_claims x JOIN claims c ON c.claim_id = x.claim_id
                         WHERE x.claim_status_inquiry_id = i.claim_status_inquiry_id AND NOT (c.practice_id = ANY($3::bigint[])))`,
    [inquiryID, scope.groupIds, scope.practiceIds],
  );
  if (!row) throw new NotFoundError();
  const claims = await q.query<{ claimID: number; traceNumber: string; historyID: number | null }>(
    `SELECT claim_id AS "claimID", trace_number AS "traceNumber", claim_status_history_id AS "historyID"
       FROM claim_status_inquiry_claims WHERE claim_status_inquiry_id = $1 ORDER BY claim_id`,
    [inquiryID],
  );
  const answers = await answersByHistoryID(
    q,
    claims.flatMap((claim) => (claim.historyID === null ? [] : [Number(claim.historyID)])),
  );
  return {
    ...row,
    inquiryID: Number(row.inquiryID),
    claims: claims.map((claim) => ({
      claimID: Number(claim.claimID),
      traceNumber: claim.traceNumber,
      answer: claim.historyID === null ? null : (answers.get(Number(claim.historyID)) ?? null),
    })),
  };
}

function money(cents: unknown): string {
  const value = Number(cents);
  if (!Number.isFinite(value)) return '';
  return `$${(value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const SOURCE_WORDS: Readonly<Record<string, string>> = { '999': '999', '277CA': '277CA', '277': '277 status' };

/** One claim event in a biller's words, or null for the events the list does not show. */
function eventOf(action: string, detail: Record<string, unknown>, at: string): AbilityClaimEvent | null {
  const text = (key: string) => (typeof detail[key] === 'string' ? detail[key] : '');
  switch (action) {
    case 'submitted':
      return { at, kind: 'submitted', title: `Submitted in ${text('file') || 'a batch'}`, detail: '' };
    case 'acknowledgement accepted':
    case 'acknowledgement rejected': {
      const rejected = action === 'acknowledgement rejected';
      const by = text('answeredByName') || (text('answeredBy') === 'payer' ? 'the payer' : 'the clearinghouse');
      const payerNumber = text('payerClaimNumber');
      return {
        at,
        kind: rejected ? 'rejected' : 'acknowledgement',
        title: `${SOURCE_WORDS[text('source')] ?? text('source')} ${rejected ? 'rejected' : 'accepted'} by ${by}`,
        detail: [rejected ? text('reason') : '', payerNumber ? `Payer claim number ${payerNumber}` : '']
          .filter((line) => line !== '')
          .join('\n'),
      };
    }
    case 'claim status response':
      return {
        at,
        kind: 'status',
        title: `277 status from ${text('answeredByName') || 'the payer'}: ${text('outcome')}`,
        detail: text('reason'),
      };
    case 'status inquiry':
      return { at, kind: 'inquiry', title: `Claim status asked (${text('file')})`, detail: text('state') };
    case 'resent as replacement':
      return {
        at,
        kind: 'resent',
        title: 'Corrected and sent again as a replacement (frequency 7)',
        detail: text('originalClaimNumber') ? `REF*F8 ${text('originalClaimNumber')}` : '',
      };
    case 'ERA posted':
    case 'insurance payment posted':
    case 'patient payment posted':
      return {
        at,
        kind: 'paid',
        title: `${action === 'patient payment posted' ? 'Patient payment' : 'Payment'} posted${detail.paidCents === undefined ? '' : ` ${money(detail.paidCents)}`}`,
        detail: text('postingDate') ? `Posting date ${text('postingDate')}` : '',
      };
    default:
      return null;
  }
}

/** AbilityApiIntegration/getAbilityClaimEvents: newest first. */
export async function abilityClaimEvents(
  q: Queryable,
  scope: DataScope,
  claimID: number,
): Promise<AbilityClaimEventsReply> {
  await scopedClaim(q, scope, claimID);
  const rows = await q.query<{ action: string; detail: Record<string, unknown> | null; at: string }>(
    `SELECT action, detail, to_char(at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS at FROM claim_events
      WHERE claim_id = $1 ORDER BY at DESC, claim_event_id DESC`,
    [claimID],
  );
  const events = rows.flatMap((row) => eventOf(row.action, row.detail ?? {}, row.at) ?? []);
  return { claimID, events };
}
