/**
 * One HL7 message imported into one practice: read, matched, turned into a patient registered or
 * updated (ADT^A04, ADT^A08) or a draft claim with its charge lines (DFT^P03), acknowledged, and
 * recorded in the HL7 import log. The patient and the claim are written by the services a biller's
 * own save uses (savePatient, updatePatient, saveClaimForm), inside one transaction with the
 * identifiers remembered, so every rule, DNA event and audit row applies and a refused message
 * leaves nothing behind. The log row is written after, in its own statement, refused or not.
 */
import type { z } from 'zod';
import { PROCEDURE_CODE, saveClaimFormRequestSchema, type SaveClaimFormInput } from '../../../contract/claimForm.ts';
import { HL7_ACK_CODES, HL7_MESSAGE_TYPES, type Hl7Outcome } from '../../../contract/importLogs.ts';
import { addCoverageRequestSchema } from '../../../contract/patientCoverage.ts';
import { patientRequestSchema, type PatientRequest } from '../../../contract/patientRecord.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { saveClaimForm } from '../claims/saveClaimForm.ts';
import type { Actor } from '../context.ts';
import { savePatient, updatePatient } from '../patients/patientRecords.ts';
import { addCoverage, updateCoverage } from '../patientCoverage/coverages.ts';
import { writeHl7Log } from '../importLogs/hl7Log.ts';
import { buildAck, type Hl7Ack } from './ack.ts';
import { readHl7, type Hl7Charge, type Hl7Insurance, type Hl7Patient, type ReadHl7Message } from './readHl7.ts';

/** Where a message is imported: the practice, its group, who acts, and how it arrived. */
export interface Hl7Destination {
  practiceID: number;
  groupID: number;
  actor: Actor;
  channel: 'mllp' | 'file';
  fileName: string | null;
}

export interface Hl7ImportResult {
  hl7LogID: number;
  controlID: string;
  messageType: string;
  outcome: Hl7Outcome;
  ackCode: 'AA' | 'AE' | 'AR';
  errors: string[];
  action: string | null;
  patientID: number | null;
  claimID: number | null;
  ack: Hl7Ack;
}

/** A refusal of the message's content: acknowledged AE with its reasons, nothing kept. */
class MessageError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}

const issuesOf = (error: z.ZodError): string[] => error.issues.map((issue) => issue.message);

/** The destination's scope: the one practice the interface or the upload feeds. */
const scopeOf = (destination: Hl7Destination): DataScope => ({
  groupIds: [destination.groupID],
  practiceIds: [destination.practiceID],
});

/** The services open their own transaction; handed this, they run inside the import's one. */
function within(db: Db, tx: Transaction): Db {
  return {
    engine: db.engine,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    close: () => Promise.resolve(),
  };
}

const identifierKey = (authority: string, id: string) => `${authority.toUpperCase()}:${id.toUpperCase()}`;

interface PatientMatch {
  patientID: number | null;
  /** How it was found, for the log's action. */
  by: 'identifier' | 'account' | 'name and birth date' | null;
}

/**
 * The patient a message names, within the practice's group: an EHR identifier seen before
 * (PID-3), the account number (PID-18), or exactly one patient of that name and birth date.
 * Two or more of the same name and birth date is a refusal: a biller must say which.
 */
async function matchPatient(q: Queryable, destination: Hl7Destination, patient: Hl7Patient): Promise<PatientMatch> {
  const keys = patient.identifiers.map((identifier) => identifierKey(identifier.assigningAuthority, identifier.id));
  if (keys.length > 0) {
    const [known] = await q.query<{ patientID: number }>(
      `SELECT i.patient_id AS "patientID" FROM hl7_patient_identifiers i JOIN patients p ON p.patient_id = i.patient_id
        WHERE i.group_id = $1 AND i.identifier = ANY($2::text[]) AND p.practice_id = $3 ORDER BY array_position($2::text[], i.identifier) LIMIT 1`,
      [destination.groupID, keys, destination.practiceID],
    );
    if (known) return { patientID: Number(known.patientID), by: 'identifier' };
  }
  if (patient.accountNumber) {
    const [byAccount] = await q.query<{ patientID: number; practiceID: number }>(
      'SELECT patient_id AS "patientID", practice_id AS "practiceID" FROM patients WHERE group_id = $1 AND account_number = $2',
      [destination.groupID, patient.accountNumber.toUpperCase()],
    );
    if (byAccount && Number(byAccount.practiceID) === destination.practiceID)
      return { patientID: Number(byAccount.patientID), by: 'account' };
  }
  if (!patient.lastName || !patient.firstName || !patient.dateOfBirth) return { patientID: null, by: null };
  const same = await q.query<{ patientID: number; accountNumber: string }>(
    `SELECT patient_id AS "patientID", account_number AS "accountNumber" FROM patients
      WHERE practice_id = $1 AND lower(last_name) = lower($2) AND lower(first_name) = lower($3) AND date_of_birth = $4
      ORDER BY patient_id LIMIT 5`,
    [destination.practiceID, patient.lastName, patient.firstName, patient.dateOfBirth],
  );
  if (same.length > 1)
    throw new MessageError([
      `The patient is ambiguous: ${same.length === 5 ? 'several' : same.length} patients are named ${patient.lastName}, ${patient.firstName} and born ${patient.dateOfBirth} (accounts ${same.map((row) => row.accountNumber).join(', ')}); send the account number in PID-18.`,
    ]);
  const [only] = same;
  return only ? { patientID: Number(only.patientID), by: 'name and birth date' } : { patientID: null, by: null };
}

/** Remembers the EHR's identifiers of the patient, so its next messages find them at once. */
async function rememberIdentifiers(
  q: Queryable,
  destination: Hl7Destination,
  patient: Hl7Patient,
  patientID: number,
): Promise<void> {
  const keys = patient.identifiers
    .filter((identifier) => identifier.typeCode !== 'AN')
    .map((identifier) => identifierKey(identifier.assigningAuthority, identifier.id));
  if (keys.length === 0) return;
  await q.query(
    `INSERT INTO hl7_patient_identifiers (group_id, identifier, patient_id) SELECT $1, k, $3 FROM unnest($2::text[]) AS k
     ON CONFLICT (group_id, identifier) DO UPDATE SET patient_id = excluded.patient_id`,
    [destination.groupID, [...new Set(keys)], patientID],
  );
}

interface StoredPatient {
  accountNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  sex: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  email: string | null;
}

/** The patient as the message gives them; a field the message leaves empty keeps what is stored. */
function patientRequest(
  destination: Hl7Destination,
  patient: Hl7Patient,
  stored: StoredPatient | null,
): PatientRequest {
  const pick = (sent: string | null, kept: string | null | undefined) => (sent ? sent : (kept ?? ''));
  return {
    practiceID: destination.practiceID,
    accountNumber: stored?.accountNumber ?? patient.accountNumber ?? null,
    firstName: pick(patient.firstName, stored?.firstName),
    middleName: patient.middleName ?? stored?.middleName ?? null,
    lastName: pick(patient.lastName, stored?.lastName),
    dateOfBirth: pick(patient.dateOfBirth, stored?.dateOfBirth),
    sex: patient.sex === 'U' && stored ? (stored.sex as 'M' | 'F' | 'U') : patient.sex,
    address1: pick(patient.address1, stored?.address1),
    address2: patient.address2 ?? stored?.address2 ?? null,
    city: pick(patient.city, stored?.city),
    state: pick(patient.state, stored?.state),
    zip: pick(patient.zip, stored?.zip),
    phone: patient.phone ?? stored?.phone ?? null,
    email: stored?.email ?? null,
  };
}

async function importPatient(
  db: Db,
  q: Queryable,
  destination: Hl7Destination,
  message: ReadHl7Message,
  now: Date,
): Promise<{ patientID: number; action: string }> {
  const patient = message.patient;
  if (!patient) throw new MessageError(['The message has no PID segment: there is no patient to register.']);
  const match = await matchPatient(q, destination, patient);
  const isUpdate = message.header.messageType === 'ADT^A08';
  if (match.patientID === null && isUpdate)
    throw new MessageError([
      `No patient of the practice matches ${patient.lastName}, ${patient.firstName} (${patient.dateOfBirth ?? 'no birth date'}) to update: register the patient first (ADT^A04).`,
    ]);
  const scope = scopeOf(destination);
  if (match.patientID === null) {
    const request = patientRequestSchema.safeParse(patientRequest(destination, patient, null));
    if (!request.success) throw new MessageError(issuesOf(request.error));
    const saved = await savePatient(db, destination.actor, scope, request.data, now);
    await rememberIdentifiers(q, destination, patient, saved.patientID);
    const covered = await importInsurances(db, q, destination, message.insurances, saved.patientID, now);
    return {
      patientID: saved.patientID,
      action: `patient registered (account ${saved.accountNumber})${covered ? `; ${covered}` : ''}`,
    };
  }
  const [stored] = await q.query<StoredPatient>(
    `SELECT account_number AS "accountNumber", first_name AS "firstName", middle_name AS "middleName", last_name AS "lastName",
            to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", sex, address1, address2, city, state, zip, phone, email
       FROM patients WHERE patient_id = $1`,
    [match.patientID],
  );
  const request = patientRequestSchema.safeParse(patientRequest(destination, patient, stored ?? null));
  if (!request.success) throw new MessageError(issuesOf(request.error));
  const saved = await updatePatient(db, destination.actor, scope, { ...request.data, patientID: match.patientID }, now);
  await rememberIdentifiers(q, destination, patient, match.patientID);
  const covered = await importInsurances(db, q, destination, message.insurances, match.patientID, now);
  return {
    patientID: match.patientID,
    action: `patient updated (account ${saved.accountNumber}, matched by ${match.by})${covered ? `; ${covered}` : ''}`,
  };
}

/** The payer an IN1 names, by its payer ID first, else its name: the group's or the shared list's, active. */
async function payerOf(q: Queryable, destination: Hl7Destination, insurance: Hl7Insurance): Promise<number | null> {
  const [payer] = await q.query<{ insuranceID: number }>(
    `SELECT insurance_id AS "insuranceID" FROM insurances
      WHERE active AND (group_id IS NULL OR group_id = $1)
        AND ((btrim($2) <> '' AND upper(payer_id) = upper(btrim($2))) OR (btrim($3) <> '' AND lower(name) = lower(btrim($3))))
      ORDER BY (btrim($2) <> '' AND upper(payer_id) = upper(btrim($2))) DESC, group_id NULLS LAST, insurance_id
      LIMIT 1`,
    [destination.groupID, insurance.payerID, insurance.payerName],
  );
  return payer ? Number(payer.insuranceID) : null;
}

/**
 * The message's IN1 segments as the patient's insurances, through the coverage service a biller's
 * Insurances section uses: a priority the patient already has active is replaced, else added.
 * Its rules (member ID, dates, the order primary, secondary, tertiary) refuse the message.
 */
async function importInsurances(
  db: Db,
  q: Queryable,
  destination: Hl7Destination,
  insurances: readonly Hl7Insurance[],
  patientID: number,
  now: Date,
): Promise<string | null> {
  if (insurances.length === 0) return null;
  const scope = scopeOf(destination);
  const done: string[] = [];
  // In priority order, so a secondary finds its primary already saved.
  for (const insurance of [...insurances].sort((a, b) => a.setID - b.setID)) {
    const insuranceID = await payerOf(q, destination, insurance);
    if (insuranceID === null)
      throw new MessageError([
        `IN1 ${insurance.setID}: no active payer of the group has payer ID ${insurance.payerID || '(none)'} or the name ${insurance.payerName || '(none)'}.`,
      ]);
    const self = insurance.relationship === '18';
    const fields = addCoverageRequestSchema.safeParse({
      patientID,
      insuranceID,
      priority: insurance.setID,
      subscriberID: insurance.memberID,
      groupNumber: insurance.groupNumber,
      relationship: insurance.relationship,
      subscriberFirstName: self ? null : insurance.subscriberFirstName,
      subscriberLastName: self ? null : insurance.subscriberLastName,
      subscriberDateOfBirth: self ? null : insurance.subscriberDateOfBirth,
      subscriberSex: self ? null : insurance.subscriberSex,
      effectiveFrom: insurance.effectiveFrom ?? now.toISOString().slice(0, 10),
      effectiveTo: insurance.effectiveTo,
    });
    if (!fields.success)
      throw new MessageError(issuesOf(fields.error).map((issue) => `IN1 ${insurance.setID}: ${issue}`));
    const [current] = await q.query<{ id: number }>(
      'SELECT patient_insurance_id AS id FROM patient_insurances WHERE patient_id = $1 AND priority = $2 AND active ORDER BY patient_insurance_id LIMIT 1',
      [patientID, insurance.setID],
    );
    if (current) {
      const { patientID: _patient, ...rest } = fields.data;
      await updateCoverage(db, destination.actor, scope, { ...rest, patientInsuranceID: Number(current.id) }, now);
      done.push(`insurance ${insurance.setID} updated`);
    } else {
      await addCoverage(db, destination.actor, scope, fields.data, now);
      done.push(`insurance ${insurance.setID} added`);
    }
  }
  return done.join(', ');
}

/** The group's active provider of an NPI; null when there is none. */
async function providerByNpi(q: Queryable, destination: Hl7Destination, npi: string): Promise<number | null> {
  const [provider] = await q.query<{ providerID: number }>(
    `SELECT provider_id AS "providerID" FROM providers WHERE group_id = $1 AND npi = $2 AND active
      ORDER BY (practice_id = $3) DESC NULLS LAST, provider_id LIMIT 1`,
    [destination.groupID, npi, destination.practiceID],
  );
  return provider ? Number(provider.providerID) : null;
}

/** The practice's facility a message names: by NPI or by name; its place of service. */
async function facilityNamed(
  q: Queryable,
  destination: Hl7Destination,
  name: string,
): Promise<{ facilityID: number; posCode: string | null } | null> {
  const [facility] = await q.query<{ facilityID: number; posCode: string | null }>(
    `SELECT facility_id AS "facilityID", pos_code AS "posCode" FROM facilities
      WHERE practice_id = $1 AND active AND (npi = $2 OR lower(name) = lower($2)) ORDER BY facility_id LIMIT 1`,
    [destination.practiceID, name],
  );
  return facility ? { facilityID: Number(facility.facilityID), posCode: facility.posCode } : null;
}

/** The codes checked against the code tables: HCPCS Level II on the CMS list, ICD-10-CM billable in the DOS's fiscal year. */
async function unknownCodes(
  q: Queryable,
  charges: readonly Hl7Charge[],
  icds: readonly string[],
  dos: string,
): Promise<string[]> {
  const reasons: string[] = [];
  for (const charge of charges)
    if (!PROCEDURE_CODE.test(charge.procedureCode))
      reasons.push(`FT1 ${charge.setID}: "${charge.procedureCode}" is not a CPT or HCPCS code.`);
  const hcpcs = [...new Set(charges.map((charge) => charge.procedureCode).filter((code) => /^[A-V]\d{4}$/.test(code)))];
  if (hcpcs.length > 0) {
    const listed = new Set(
      (await q.query<{ code: string }>('SELECT code FROM hcpcs_codes WHERE code = ANY($1::text[])', [hcpcs])).map(
        (row) => row.code,
      ),
    );
    for (const charge of charges)
      if (hcpcs.includes(charge.procedureCode) && !listed.has(charge.procedureCode))
        reasons.push(`FT1 ${charge.setID}: procedure code ${charge.procedureCode} is not on the HCPCS list.`);
  }
  if (icds.length > 0) {
    const [year, month] = dos.split('-').map(Number);
    const fiscalYear = (month ?? 1) >= 10 ? (year ?? 0) + 1 : (year ?? 0);
    const billable = new Set(
      (
        await q.query<{ code: string }>(
          'SELECT code FROM icd_codes WHERE code = ANY($1::text[]) AND billable AND fiscal_year = $2',
          [icds, fiscalYear],
        )
      ).map((row) => row.code),
    );
    for (const code of icds)
      if (!billable.has(code))
        reasons.push(`Diagnosis ${code} is not a billable ICD-10-CM code for fiscal year ${fiscalYear}.`);
  }
  return reasons;
}

async function importCharges(
  db: Db,
  q: Queryable,
  destination: Hl7Destination,
  message: ReadHl7Message,
  now: Date,
): Promise<{ patientID: number; claimID: number; action: string }> {
  const patient = message.patient;
  if (!patient) throw new MessageError(['The message has no PID segment: the charges name no patient.']);
  const charges = message.charges.filter((charge) => charge.transactionType === 'CG');
  if (charges.length === 0) throw new MessageError(['The message has no charge (FT1 with transaction type CG).']);
  const match = await matchPatient(q, destination, patient);
  if (match.patientID === null)
    throw new MessageError([
      `No patient of the practice matches ${patient.lastName}, ${patient.firstName} (${patient.dateOfBirth ?? 'no birth date'}): register the patient first (ADT^A04).`,
    ]);
  const reasons: string[] = [];
  const npis = [...new Set(charges.map((charge) => charge.performingNPI ?? message.visit?.attendingNPI ?? ''))];
  const providers = new Map<string, number>();
  for (const npi of npis) {
    if (!npi) {
      reasons.push('No rendering provider: send the NPI in FT1-20 or PV1-7.');
      continue;
    }
    const providerID = await providerByNpi(q, destination, npi);
    if (providerID === null) reasons.push(`No active provider of the group has NPI ${npi}.`);
    else providers.set(npi, providerID);
  }
  const facilityName = charges.find((charge) => charge.facility)?.facility ?? message.visit?.facility ?? null;
  const facility = facilityName ? await facilityNamed(q, destination, facilityName) : null;
  if (facilityName && !facility)
    reasons.push(`No active facility of the practice is named ${facilityName} (or has that NPI).`);
  const icds = [...new Set([...message.diagnoses, ...charges.flatMap((charge) => charge.diagnosisCodes)])];
  if (icds.length === 0) reasons.push('The charges name no diagnosis (DG1 or FT1-19).');
  const dates = charges
    .flatMap((charge) => [charge.serviceFrom, charge.serviceTo])
    .filter((day): day is string => !!day);
  const dosFrom = dates.reduce((min, day) => (day < min ? day : min), dates[0] ?? '');
  const dosTo = dates.reduce((max, day) => (day > max ? day : max), dates[0] ?? '');
  reasons.push(...(await unknownCodes(q, charges, icds, dosFrom)));
  if (reasons.length > 0) throw new MessageError(reasons);

  const firstNpi = charges[0]?.performingNPI ?? message.visit?.attendingNPI ?? '';
  const providerID = providers.get(firstNpi) ?? 0;
  const request = saveClaimFormRequestSchema.safeParse({
    patientID: match.patientID,
    providerID,
    facilityID: facility?.facilityID ?? null,
    posCode: facility?.posCode ?? '11',
    dosFrom,
    dosTo,
    icds,
    lines: charges.map((charge) => {
      const pointers = (charge.diagnosisCodes.length > 0 ? charge.diagnosisCodes : message.diagnoses)
        .map((code) => icds.indexOf(code) + 1)
        .filter((pointer, index, all) => pointer > 0 && all.indexOf(pointer) === index)
        .slice(0, 4);
      return {
        cptCode: charge.procedureCode,
        modifiers: charge.modifiers,
        units: charge.units,
        diagnosisPointers: pointers.length > 0 ? pointers : [1],
        ...(charge.amountCents === null ? {} : { chargeCents: charge.amountCents }),
        posCode: null,
      };
    }),
  });
  if (!request.success) throw new MessageError(issuesOf(request.error));
  const input: SaveClaimFormInput = request.data;
  const saved = await saveClaimForm(db, destination.actor, scopeOf(destination), input, now);
  await rememberIdentifiers(q, destination, patient, match.patientID);
  return {
    patientID: match.patientID,
    claimID: saved.claimID,
    action: `draft claim ${saved.claimID} created with ${charges.length} charge ${charges.length === 1 ? 'line' : 'lines'}`,
  };
}

/** The same message (sender and control ID) accepted before for the practice: a resend after a lost ACK. */
async function acceptedBefore(
  q: Queryable,
  destination: Hl7Destination,
  message: ReadHl7Message,
): Promise<{ patientID: number | null; claimID: number | null } | null> {
  const [row] = await q.query<{ patientID: number | null; claimID: number | null }>(
    `SELECT patient_id AS "patientID", claim_id AS "claimID" FROM hl7_import_log
      WHERE practice_id = $1 AND control_id = $2 AND sending_facility = $3 AND message_type = $4 AND outcome = 'accepted'
      ORDER BY hl7_log_id DESC LIMIT 1`,
    [destination.practiceID, message.header.controlID, message.header.sendingFacility, message.header.messageType],
  );
  return row ?? null;
}

/** Reads, imports and logs one message for a practice; answers its ACK. Never throws for the message's content. */
export async function importHl7Message(
  db: Db,
  destination: Hl7Destination,
  text: string,
  now: Date,
): Promise<Hl7ImportResult> {
  const read = readHl7(text);
  let outcome: Hl7Outcome;
  let errors: string[] = [];
  let action: string | null = null;
  let patientID: number | null = null;
  let claimID: number | null = null;
  const header = read.ok ? read.message.header : read.header;
  const unsupported = read.ok && !(HL7_MESSAGE_TYPES as readonly string[]).includes(header.messageType);
  if (!read.ok) {
    outcome = 'rejected';
    errors = [read.problem];
  } else if (unsupported) {
    outcome = 'rejected';
    errors = [
      `Message type ${header.messageType || '(none)'} is not imported: only ${HL7_MESSAGE_TYPES.join(', ')} are.`,
    ];
  } else if (read.message.problems.length > 0) {
    outcome = 'error';
    errors = read.message.problems;
  } else {
    const message = read.message;
    try {
      const before = await acceptedBefore(db, destination, message);
      if (before) {
        outcome = 'accepted';
        action = 'already imported: nothing done again';
        patientID = before.patientID;
        claimID = before.claimID;
      } else {
        const done = await db.transaction(async (tx) => {
          const inner = within(db, tx);
          return header.messageType === 'DFT^P03'
            ? importCharges(inner, tx, destination, message, now)
            : { claimID: null, ...(await importPatient(inner, tx, destination, message, now)) };
        });
        outcome = 'accepted';
        action = done.action;
        patientID = done.patientID;
        claimID = done.claimID;
      }
    } catch (error) {
      if (error instanceof MessageError) errors = error.reasons;
      else if (error instanceof AppError && error.statusCode < 500) errors = [error.message];
      else throw error;
      outcome = 'error';
    }
  }
  const ackCode = HL7_ACK_CODES[outcome];
  const hl7LogID = await writeHl7Log(db, {
    receivedAt: now,
    groupID: destination.groupID,
    practiceID: destination.practiceID,
    channel: destination.channel,
    fileName: destination.fileName,
    messageType: header.messageType,
    controlID: header.controlID,
    sendingFacility: header.sendingFacility,
    outcome,
    ackCode,
    errors,
    patientID,
    claimID,
    action,
    importedBy: destination.actor.userId,
    message: text,
  });
  return {
    hl7LogID,
    controlID: header.controlID,
    messageType: header.messageType,
    outcome,
    ackCode,
    errors,
    action,
    patientID,
    claimID,
    ack: buildAck(read.ok ? read.message.parsed : null, header, ackCode, errors, now, unsupported ? '200' : '207'),
  };
}
