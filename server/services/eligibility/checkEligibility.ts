/**
 * Patient/getEligibilityData: asks the payer whether a patient's insurance is in force on a day
 * of service. The 270 is built from the insurance (the subscriber, and the patient as dependent
 * when the patient is not the subscriber) and the practice as the provider asking (the billing
 * provider of the 837); the question and the answer are kept, and the front desk's summary
 * returned. A payer that cannot be reached is kept as an 'error' check with the reason.
 */
import type { CheckEligibilityQuery, EligibilityCheckReply } from '../../../contract/eligibility.ts';
import { SELF } from '../../../contract/patientCoverage.ts';
import { build270 } from '../../edi/eligibility/build270.ts';
import { Build270Error, type Build270Options, type SubscriberInquiry270 } from '../../edi/eligibility/inquiry270.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { recordEdiRead } from '../importLogs/ediLog.ts';
import { EligibilityUnavailable, type EligibilityAdapter } from './adapter.ts';
import { EMPTY_SUMMARY, readReply, type ReadReply } from './readReply.ts';

interface CoverageToAsk {
  patientInsuranceID: number;
  patientID: number;
  priority: number;
  active: boolean;
  payerName: string;
  payerID: string;
  memberID: string;
  groupNumber: string | null;
  relationship: string;
  subscriberFirstName: string | null;
  subscriberLastName: string | null;
  subscriberDateOfBirth: string | null;
  subscriberSex: 'M' | 'F' | 'U' | null;
  patientFirstName: string;
  patientLastName: string;
  patientDateOfBirth: string;
  patientSex: 'M' | 'F' | 'U';
  practiceName: string;
  practiceNPI: string;
}

const COVERAGE = `SELECT pi.patient_insurance_id AS "patientInsuranceID", pi.patient_id AS "patientID", pi.priority::int AS priority,
    pi.active, ins.name AS "payerName", COALESCE(NULLIF(ins.eligibility_payer_id, ''), ins.payer_id) AS "payerID",
    pi.subscriber_id AS "memberID", pi.group_number AS "groupNumber", pi.subscriber_relation AS relationship,
    pi.subscriber_first_name AS "subscriberFirstName", pi.subscriber_last_name AS "subscriberLastName",
    pi.subscriber_date_of_birth::text AS "subscriberDateOfBirth", pi.subscriber_sex AS "subscriberSex",
    p.first_name AS "patientFirstName", p.last_name AS "patientLastName", p.date_of_birth::text AS "patientDateOfBirth",
    p.sex AS "patientSex", pr.name AS "practiceName", pr.npi AS "practiceNPI"
  FROM patient_insurances pi
  JOIN insurances ins ON ins.insurance_id = pi.insurance_id
  JOIN patients p ON p.patient_id = pi.patient_id
  JOIN practices pr ON pr.practice_id = p.practice_id
  WHERE p.patient_id = $1 AND p.practice_id = ANY($2::bigint[])`;

/** The insurance asked about: the one named, else the patient's first active one by priority. */
async function coverageToAsk(
  q: Queryable,
  scope: DataScope,
  patientID: number,
  patientInsuranceID: number | undefined,
): Promise<CoverageToAsk> {
  const rows = await q.query<CoverageToAsk>(
    `${COVERAGE} ORDER BY pi.active DESC, pi.priority, pi.patient_insurance_id DESC`,
    [patientID, scope.practiceIds],
  );
  if (patientInsuranceID !== undefined) {
    const named = rows.find((row) => Number(row.patientInsuranceID) === patientInsuranceID);
    if (!named) throw new NotFoundError();
    return named;
  }
  const active = rows.find((row) => row.active);
  if (active) return active;
  const [patient] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    patientID,
    scope.practiceIds,
  ]);
  if (!patient) throw new NotFoundError();
  throw new BadRequestError('The patient has no active insurance to check: add one on the patient’s screen first.');
}

function subscriberOf(coverage: CoverageToAsk, serviceDate: string, traceNumber: string): SubscriberInquiry270 {
  const patient = {
    lastName: coverage.patientLastName,
    firstName: coverage.patientFirstName,
    birthDate: coverage.patientDateOfBirth,
    gender: coverage.patientSex,
  };
  const asked = { memberID: coverage.memberID, groupNumber: coverage.groupNumber, serviceDate };
  if (coverage.relationship === SELF) return { ...asked, ...patient, traceNumber };
  return {
    ...asked,
    lastName: coverage.subscriberLastName ?? '',
    firstName: coverage.subscriberFirstName,
    birthDate: coverage.subscriberDateOfBirth,
    gender: coverage.subscriberSex,
    dependent: { ...patient, traceNumber },
  };
}

function inquiryText(coverage: CoverageToAsk, serviceDate: string, inquiryID: number, now: Date): string {
  // Control numbers and the trace follow the check's own id, so no two checks share them.
  const control = (inquiryID % 999_999_999) + 1;
  const options: Build270Options = {
    sender: { id: `P${coverage.practiceNPI}` },
    receiver: { id: coverage.payerID.padEnd(2, '0') },
    interchangeControlNumber: control,
    groupControlNumber: control,
    reference: `ELIG${inquiryID}`,
    traceOriginator: `9${coverage.practiceNPI.slice(0, 9).padStart(9, '0')}`,
    now,
    usage: 'P',
  };
  return build270(
    {
      payer: { name: coverage.payerName, payerID: coverage.payerID },
      provider: { npi: coverage.practiceNPI, organizationName: coverage.practiceName },
      subscribers: [subscriberOf(coverage, serviceDate, `ELIG${inquiryID}`)],
    },
    options,
  );
}

/** The 270 for the check, refused with every problem before anything is kept. */
function checkedInquiry(coverage: CoverageToAsk, serviceDate: string, inquiryID: number, now: Date): string {
  try {
    return inquiryText(coverage, serviceDate, inquiryID, now);
  } catch (error) {
    if (error instanceof Build270Error)
      throw new BadRequestError(`The eligibility check cannot be asked: ${error.problems.join(' ')}`);
    throw error;
  }
}

/** What a bulk run keeps of one check: the coverage asked about, the day, and the answer in a line. */
export interface RunCheck {
  inquiryID: number;
  outcome: ReadReply['outcome'];
  message: string;
}

/** Who asks: a user from the palette, or a bulk run (its id kept with each inquiry). */
interface Asker {
  userID: number;
  source: Actor['source'];
  ip?: string;
  jobID?: number;
}

/** The 271 read, in the EDI import log of the patient's practice: read ('accepted') or not an answer to us ('error'). */
async function logAnswerRead(
  tx: Queryable,
  patientID: number,
  inquiryID: number,
  reply271: string,
  read: Pick<ReadReply, 'outcome' | 'message'>,
  userID: number,
  now: Date,
): Promise<void> {
  const [place] = await tx.query<{ groupID: number; practiceID: number }>(
    'SELECT group_id AS "groupID", practice_id AS "practiceID" FROM patients WHERE patient_id = $1',
    [patientID],
  );
  if (!place) return;
  await recordEdiRead(tx, {
    groupID: Number(place.groupID),
    practiceID: Number(place.practiceID),
    transactionSet: '271',
    fileName: `ELIG${inquiryID}`,
    outcome: read.outcome === 'error' ? 'error' : 'accepted',
    detail: read.message,
    recordType: 'eligibility_inquiry',
    recordID: inquiryID,
    bytes: Buffer.byteLength(reply271),
    readBy: userID,
    at: now,
  });
}

/**
 * The question kept (committed before the payer is asked, so its trace number is the inquiry's
 * id and a lost answer still leaves the question on record), the payer asked with no transaction
 * open, and the answer kept with its audit row.
 */
async function askAndKeep(
  db: Db,
  asker: Asker,
  coverage: CoverageToAsk,
  serviceDate: string,
  adapter: EligibilityAdapter,
  now: Date,
): Promise<{ inquiryID: number; read: Pick<ReadReply, 'outcome' | 'message' | 'summary'> }> {
  const { inquiryID, text270 } = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO eligibility_inquiries (patient_id, patient_insurance_id, service_date, asked_at, asked_by, trace_number, inquiry_270, outcome, summary, message, job_id)
       VALUES ($1, $2, $3, $4, $5, '', '', 'error', NULL, 'Asking the payer.', $6) RETURNING inquiry_id AS id`,
      [
        coverage.patientID,
        coverage.patientInsuranceID,
        serviceDate,
        now.toISOString(),
        asker.userID,
        asker.jobID ?? null,
      ],
    );
    const id = Number(row?.id);
    const text = checkedInquiry(coverage, serviceDate, id, now);
    await tx.query('UPDATE eligibility_inquiries SET trace_number = $2, inquiry_270 = $3 WHERE inquiry_id = $1', [
      id,
      `ELIG${id}`,
      text,
    ]);
    return { inquiryID: id, text270: text };
  });
  let reply271: string | null = null;
  let read: Pick<ReadReply, 'outcome' | 'message' | 'summary'>;
  try {
    reply271 = await adapter.ask(text270);
    read = readReply(reply271, `ELIG${inquiryID}`, serviceDate);
  } catch (error) {
    if (!(error instanceof EligibilityUnavailable)) throw error;
    read = { outcome: 'error', message: error.message, summary: EMPTY_SUMMARY };
  }
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE eligibility_inquiries SET reply_271 = $2, outcome = $3, summary = $4, message = $5 WHERE inquiry_id = $1',
      [inquiryID, reply271, read.outcome, JSON.stringify(read.summary), read.message],
    );
    if (reply271 !== null) await logAnswerRead(tx, coverage.patientID, inquiryID, reply271, read, asker.userID, now);
    await writeAudit(tx, {
      userId: asker.userID,
      action: 'eligibility.check',
      recordType: 'patient_insurance',
      recordId: coverage.patientInsuranceID,
      source: asker.source,
      ...(asker.ip === undefined ? {} : { ip: asker.ip }),
      detail: {
        inquiryID,
        ...(asker.jobID === undefined ? {} : { jobID: asker.jobID }),
        patientID: coverage.patientID,
        dateOfService: serviceDate,
        outcome: read.outcome,
      },
    });
  });
  return { inquiryID, read };
}

/**
 * Whether a coverage can be asked about on a day: the reason it cannot (a BadRequestError or
 * NotFoundError message), or null. Nothing is kept or asked.
 */
export async function whyNotAskable(
  q: Queryable,
  scope: DataScope,
  coverageAsked: { patientID: number; patientInsuranceID: number; dateOfService: string },
  now: Date,
): Promise<string | null> {
  try {
    const coverage = await coverageToAsk(q, scope, coverageAsked.patientID, coverageAsked.patientInsuranceID);
    checkedInquiry(coverage, coverageAsked.dateOfService, 1, now);
    return null;
  } catch (error) {
    if (error instanceof BadRequestError || error instanceof NotFoundError) return error.message;
    throw error;
  }
}

/**
 * One check of a bulk run, made before the chunk's transaction (the payer may take seconds):
 * kept with the run like a check from the palette. A question that cannot be asked is refused
 * with a BadRequestError before anything is kept.
 */
export async function checkCoverageInRun(
  db: Db,
  run: { jobID: number; userID: number; source: Actor['source'] },
  scope: DataScope,
  coverageAsked: { patientID: number; patientInsuranceID: number; dateOfService: string },
  adapter: EligibilityAdapter,
  now: Date,
): Promise<RunCheck> {
  const coverage = await coverageToAsk(db, scope, coverageAsked.patientID, coverageAsked.patientInsuranceID);
  checkedInquiry(coverage, coverageAsked.dateOfService, 1, now);
  const { inquiryID, read } = await askAndKeep(db, run, coverage, coverageAsked.dateOfService, adapter, now);
  return { inquiryID, outcome: read.outcome, message: read.message };
}

export async function checkEligibility(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: CheckEligibilityQuery,
  adapter: EligibilityAdapter,
  now: Date,
): Promise<EligibilityCheckReply> {
  const coverage = await coverageToAsk(db, scope, query.patientID, query.patientInsuranceID);
  const serviceDate = query.dateOfService ?? now.toISOString().slice(0, 10);
  checkedInquiry(coverage, serviceDate, 1, now);
  const { inquiryID, read } = await askAndKeep(
    db,
    { userID: actor.userId, source: actor.source, ip: actor.ip },
    coverage,
    serviceDate,
    adapter,
    now,
  );
  return {
    inquiryID,
    patientID: Number(coverage.patientID),
    patientInsuranceID: Number(coverage.patientInsuranceID),
    payerName: coverage.payerName,
    memberID: coverage.memberID,
    dateOfService: serviceDate,
    askedAt: now.toISOString(),
    outcome: read.outcome,
    message: read.message,
    summary: read.summary,
  };
}
