/**
 * Patient/getEligibilityResponse and Claims/viewPatientEligibilityResponse: a kept eligibility
 * check read again from its 271, with every benefit line. For a claim, the check of the claim's
 * insurance on its first day of service; asked of the payer when there is none yet.
 */
import type {
  CheckEligibilityQuery,
  EligibilityOutcome,
  EligibilityResponseQuery,
  EligibilityResponseReply,
  EligibilitySummary,
} from '../../../contract/eligibility.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import type { EligibilityAdapter } from './adapter.ts';
import { checkEligibility } from './checkEligibility.ts';
import { EMPTY_SUMMARY, benefitOf, readReply } from './readReply.ts';

interface StoredInquiry {
  inquiryID: number;
  patientID: number;
  patientInsuranceID: number;
  payerName: string;
  memberID: string;
  dateOfService: string;
  askedAt: string | Date;
  outcome: EligibilityOutcome;
  message: string | null;
  summary: EligibilitySummary | string | null;
  traceNumber: string;
  reply271: string | null;
}

const STORED = `SELECT e.inquiry_id AS "inquiryID", e.patient_id AS "patientID", e.patient_insurance_id AS "patientInsuranceID",
    ins.name AS "payerName", pi.subscriber_id AS "memberID", e.service_date::text AS "dateOfService", e.asked_at AS "askedAt",
    e.outcome, e.message, e.summary, e.trace_number AS "traceNumber", e.reply_271 AS "reply271"
  FROM eligibility_inquiries e
  JOIN patients p ON p.patient_id = e.patient_id
  JOIN patient_insurances pi ON pi.patient_insurance_id = e.patient_insurance_id
  JOIN insurances ins ON ins.insurance_id = pi.insurance_id
  WHERE p.practice_id = ANY($1::bigint[])`;
const NEWEST = 'ORDER BY e.asked_at DESC, e.inquiry_id DESC LIMIT 1';

function replyOf(row: StoredInquiry): EligibilityResponseReply {
  const askedAt = row.askedAt instanceof Date ? row.askedAt.toISOString() : new Date(row.askedAt).toISOString();
  const head = {
    inquiryID: Number(row.inquiryID),
    patientID: Number(row.patientID),
    patientInsuranceID: Number(row.patientInsuranceID),
    payerName: row.payerName,
    memberID: row.memberID,
    dateOfService: row.dateOfService,
    askedAt,
  };
  if (row.reply271 === null) {
    const summary = typeof row.summary === 'string' ? (JSON.parse(row.summary) as EligibilitySummary) : row.summary;
    return {
      ...head,
      outcome: row.outcome,
      message: row.message ?? '',
      summary: summary ?? EMPTY_SUMMARY,
      benefits: [],
      problems: [],
      reply271: null,
    };
  }
  const read = readReply(row.reply271, row.traceNumber, row.dateOfService);
  return {
    ...head,
    outcome: read.outcome,
    message: read.message,
    summary: read.summary,
    benefits: (read.member?.benefits ?? []).map(benefitOf),
    problems: read.problems.map((problem) => ({
      message: problem.message,
      segmentID: problem.segmentID,
      line: problem.line,
    })),
    reply271: row.reply271,
  };
}

async function storedInquiry(q: Queryable, scope: DataScope, query: EligibilityResponseQuery): Promise<StoredInquiry> {
  const [row] =
    query.inquiryID !== undefined
      ? await q.query<StoredInquiry>(`${STORED} AND e.inquiry_id = $2`, [scope.practiceIds, query.inquiryID])
      : await q.query<StoredInquiry>(`${STORED} AND e.patient_insurance_id = $2 ${NEWEST}`, [
          scope.practiceIds,
          query.patientInsuranceID,
        ]);
  if (!row) throw new NotFoundError();
  return row;
}

export async function eligibilityResponse(
  db: Db,
  scope: DataScope,
  query: EligibilityResponseQuery,
): Promise<EligibilityResponseReply> {
  return replyOf(await storedInquiry(db, scope, query));
}

export async function claimEligibility(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimID: number,
  adapter: EligibilityAdapter,
  now: Date,
): Promise<EligibilityResponseReply> {
  const [claim] = await db.query<{ patientID: number; patientInsuranceID: number | null; dateOfService: string }>(
    `SELECT patient_id AS "patientID", patient_insurance_id AS "patientInsuranceID", dos_from::text AS "dateOfService"
       FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  if (claim.patientInsuranceID === null)
    throw new BadRequestError(
      'The claim has no insurance to check eligibility with: choose the patient’s insurance on the claim first.',
    );
  const [kept] = await db.query<StoredInquiry>(
    `${STORED} AND e.patient_insurance_id = $2 AND e.service_date = $3 AND e.outcome <> 'error' ${NEWEST}`,
    [scope.practiceIds, claim.patientInsuranceID, claim.dateOfService],
  );
  if (kept) return replyOf(kept);
  const query: CheckEligibilityQuery = {
    patientID: Number(claim.patientID),
    patientInsuranceID: Number(claim.patientInsuranceID),
    dateOfService: claim.dateOfService,
  };
  const checked = await checkEligibility(db, actor, scope, query, adapter, now);
  return eligibilityResponse(db, scope, { inquiryID: checked.inquiryID });
}
