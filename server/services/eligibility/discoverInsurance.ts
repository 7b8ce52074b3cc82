/**
 * Insurance/discoverInsurance: asks the patient's likely payers, without a member ID, whether
 * they cover the patient today. The likely payers are the payers of the patient's group (its own
 * and the shared list) with an ID for eligibility, most used by the group's patients first,
 * leaving out the payers of the patient's active insurances; at most DISCOVERY_MAX_PAYERS are
 * asked, all at once. Nothing is added: the biller accepts a result, which adds it through
 * Patient/AddPatientInsurance. The search is audited (payers asked and found).
 */
import {
  DISCOVERY_MAX_PAYERS,
  type DiscoverInsuranceQuery,
  type DiscoverInsuranceReply,
  type DiscoveredInsurance,
} from '../../../contract/eligibility.ts';
import type { Db } from '../../db/types.ts';
import { build270 } from '../../edi/eligibility/build270.ts';
import { Build270Error } from '../../edi/eligibility/inquiry270.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { EligibilityUnavailable, type EligibilityAdapter } from './adapter.ts';
import { recordEdiRead } from '../importLogs/ediLog.ts';
import { readReply } from './readReply.ts';

interface PatientToSearch {
  patientID: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  sex: 'M' | 'F' | 'U';
  practiceName: string;
  practiceNPI: string;
}

interface LikelyPayer {
  insuranceID: number;
  payerName: string;
  payerID: string;
}

/** Payers a patient is never discovered at: the patient pays, or a claim-specific liability. */
const NOT_DISCOVERED = ['self_pay', 'auto', 'workers_comp'];

async function likelyPayers(db: Db, patientID: number, groupID: number): Promise<LikelyPayer[]> {
  const rows = await db.query<LikelyPayer>(
    `SELECT ins.insurance_id AS "insuranceID", ins.name AS "payerName",
            COALESCE(NULLIF(trim(ins.eligibility_payer_id), ''), trim(ins.payer_id)) AS "payerID"
       FROM insurances ins
       LEFT JOIN patient_insurances used ON used.insurance_id = ins.insurance_id
        AND used.patient_id IN (SELECT patient_id FROM patients WHERE group_id = $2)
      WHERE ins.active AND (ins.group_id = $2 OR ins.group_id IS NULL)
        AND ins.insurance_type <> ALL($3::text[])
        AND COALESCE(NULLIF(trim(ins.eligibility_payer_id), ''), trim(ins.payer_id)) <> ''
        AND ins.insurance_id NOT IN (SELECT insurance_id FROM patient_insurances WHERE patient_id = $1 AND active)
      GROUP BY ins.insurance_id
      ORDER BY count(used.patient_insurance_id) DESC, ins.name, ins.insurance_id
      LIMIT ${DISCOVERY_MAX_PAYERS}`,
    [patientID, groupID, NOT_DISCOVERED],
  );
  return rows.map((row) => ({ ...row, insuranceID: Number(row.insuranceID) }));
}

function searchText(patient: PatientToSearch, payer: LikelyPayer, serviceDate: string, index: number, now: Date) {
  // Each search's interchanges numbered apart from the last one's (seconds of the clock), the payers of one search by their place.
  const control = ((Math.floor(now.getTime() / 1000) * DISCOVERY_MAX_PAYERS) % 999_999_000) + index + 1;
  return build270(
    {
      payer: { name: payer.payerName, payerID: payer.payerID },
      provider: { npi: patient.practiceNPI, organizationName: patient.practiceName },
      subscribers: [
        {
          memberID: '',
          searchWithoutMemberID: true,
          lastName: patient.lastName,
          firstName: patient.firstName,
          birthDate: patient.dateOfBirth,
          gender: patient.sex,
          serviceDate,
          traceNumber: `DISC${patient.patientID}-${index + 1}`,
        },
      ],
    },
    {
      sender: { id: `P${patient.practiceNPI}` },
      receiver: { id: payer.payerID.padEnd(2, '0') },
      interchangeControlNumber: control,
      groupControlNumber: control,
      reference: `DISC${patient.patientID}`,
      traceOriginator: `9${patient.practiceNPI.slice(0, 9).padStart(9, '0')}`,
      now,
      usage: 'P',
    },
  );
}

/** A 271 read during the search, for the EDI import log. */
type EdiRead = Pick<Parameters<typeof recordEdiRead>[1], 'fileName' | 'outcome' | 'detail' | 'bytes'>;

type Asked = { found: DiscoveredInsurance } | { unanswered: string } | null;

async function ask(
  patient: PatientToSearch,
  payer: LikelyPayer,
  serviceDate: string,
  index: number,
  adapter: EligibilityAdapter,
  now: Date,
  reads: EdiRead[],
): Promise<Asked> {
  let text270: string;
  try {
    text270 = searchText(patient, payer, serviceDate, index, now);
  } catch (error) {
    if (error instanceof Build270Error)
      throw new BadRequestError(`Insurance cannot be searched for: ${error.problems.join(' ')}`);
    throw error;
  }
  try {
    const text271 = await adapter.ask(text270);
    const reply = readReply(text271, `DISC${patient.patientID}-${index + 1}`, serviceDate);
    reads.push({
      fileName: `DISC${patient.patientID}-${index + 1}`,
      outcome: reply.outcome === 'error' ? 'error' : 'accepted',
      detail: `Insurance discovery, ${payer.payerName}: ${reply.message}`,
      bytes: Buffer.byteLength(text271),
    });
    if (reply.outcome === 'error') return { unanswered: reply.message };
    if (reply.outcome !== 'active' || !reply.member || reply.member.memberID.trim() === '') return null;
    return {
      found: {
        insuranceID: payer.insuranceID,
        payerName: payer.payerName,
        payerID: payer.payerID,
        memberID: reply.member.memberID.trim(),
        planDescription: reply.summary.planDescription,
        planBegins: reply.summary.planBegins,
        planEnds: reply.summary.planEnds,
        officeVisitCopayCents: reply.summary.officeVisitCopayCents,
        deductibleRemainingCents: reply.summary.deductibleRemainingCents,
      },
    };
  } catch (error) {
    if (error instanceof EligibilityUnavailable) return { unanswered: error.message };
    throw error;
  }
}

export async function discoverInsurance(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: DiscoverInsuranceQuery,
  adapter: EligibilityAdapter,
  now: Date,
): Promise<DiscoverInsuranceReply> {
  const [patient] = await db.query<PatientToSearch>(
    `SELECT p.patient_id AS "patientID", p.first_name AS "firstName", p.last_name AS "lastName",
            p.date_of_birth::text AS "dateOfBirth", p.sex, pr.name AS "practiceName", pr.npi AS "practiceNPI"
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.patient_id = $1 AND p.group_id = $2 AND p.practice_id = ANY($3::bigint[])`,
    [query.patientID, query.groupID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  const serviceDate = now.toISOString().slice(0, 10);
  const payers = await likelyPayers(db, query.patientID, query.groupID);
  const reads: EdiRead[] = [];
  const answers = await Promise.all(
    payers.map((payer, index) => ask(patient, payer, serviceDate, index, adapter, now, reads)),
  );
  // Each 271 read goes in the EDI import log of the group.
  for (const read of reads)
    await recordEdiRead(db, { ...read, groupID: query.groupID, transactionSet: '271', readBy: actor.userId, at: now });
  const found: DiscoverInsuranceReply['found'] = [];
  const unanswered: DiscoverInsuranceReply['unanswered'] = [];
  answers.forEach((answer, index) => {
    if (answer && 'found' in answer) found.push(answer.found);
    else if (answer) unanswered.push({ payerName: payers[index]!.payerName, message: answer.unanswered });
  });
  await writeAudit(db, {
    userId: actor.userId,
    action: 'eligibility.discover',
    recordType: 'patient',
    recordId: query.patientID,
    source: actor.source,
    ip: actor.ip,
    detail: {
      asked: payers.map((payer) => payer.insuranceID),
      found: found.map((result) => result.insuranceID),
      unanswered: unanswered.length,
    },
  });
  return {
    patientID: query.patientID,
    dateOfService: serviceDate,
    asked: payers.map((p) => p.payerName),
    found,
    unanswered,
  };
}
