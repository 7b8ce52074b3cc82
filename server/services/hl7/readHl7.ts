/**
 * HL7 v2 messages read into what the import needs: the header, the patient (PID), the visit
 * (PV1), the diagnoses (DG1), the charges (FT1) and the patient's insurances (IN1). Segments and fields are split by
 * `@medplum/hl7`'s parser (Hl7Message, with the separators MSH-1/MSH-2 declare); the values are
 * unescaped here, since the parser leaves \F\, \S\, \T\, \R\, \E\ and \Xhh\ as they came.
 * Reading never throws: what cannot be read is a problem named with its segment and field.
 */
import { Hl7Message, type Hl7Segment } from '@medplum/core';

export interface Hl7Header {
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
  /** Type and event, as "ADT^A04". */
  messageType: string;
  controlID: string;
  version: string;
}

export interface Hl7Identifier {
  id: string;
  assigningAuthority: string;
  typeCode: string;
}

export interface Hl7Patient {
  identifiers: Hl7Identifier[];
  /** PID-18, or a PID-3 identifier of type AN. */
  accountNumber: string | null;
  lastName: string;
  firstName: string;
  middleName: string | null;
  /** YYYY-MM-DD, or null when missing or not a date. */
  dateOfBirth: string | null;
  sex: 'M' | 'F' | 'U';
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
}

export interface Hl7Visit {
  attendingNPI: string | null;
  /** PV1-3.4 (the location's facility), else PV1-39. */
  facility: string | null;
}

export interface Hl7Charge {
  setID: number;
  serviceFrom: string | null;
  serviceTo: string | null;
  transactionType: string;
  procedureCode: string;
  modifiers: string[];
  units: number;
  /** FT1-11, the line's extended amount; null when not sent (the fee schedule prices it). */
  amountCents: number | null;
  diagnosisCodes: string[];
  performingNPI: string | null;
  facility: string | null;
}

/** An IN1 segment: one of the patient's insurances, as the EHR has it. */
export interface Hl7Insurance {
  /** IN1-1: 1 primary, 2 secondary, 3 tertiary. */
  setID: number;
  /** IN1-3.1, the payer's ID (the 837's payer ID). */
  payerID: string;
  /** IN1-4.1, the payer's name. */
  payerName: string;
  /** IN1-36, the policy number, else IN1-49, the insured's ID: the member ID. */
  memberID: string;
  /** IN1-8. */
  groupNumber: string | null;
  /** IN1-17 as an X12 relationship code (HL7 table 0063 SEL, SPO, CHD, EME, DOM, UNK, OTH; or the X12 code). */
  relationship: string;
  /** IN1-16, the insured's name, and IN1-18 and IN1-43, their birth date and sex, when not the patient. */
  subscriberLastName: string | null;
  subscriberFirstName: string | null;
  subscriberDateOfBirth: string | null;
  subscriberSex: 'M' | 'F' | 'U' | null;
  /** IN1-12 and IN1-13, YYYY-MM-DD. */
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

/** HL7 table 0063 (relationship) as the X12 individual relationship codes the coverages keep. */
const HL7_RELATIONSHIPS: Readonly<Record<string, string>> = {
  '': '18',
  SEL: '18',
  SPO: '01',
  CHD: '19',
  EME: '20',
  EMR: '20',
  DOM: '53',
  UNK: '21',
  OTH: 'G8',
};

export interface ReadHl7Message {
  header: Hl7Header;
  patient: Hl7Patient | null;
  visit: Hl7Visit | null;
  diagnoses: string[];
  charges: Hl7Charge[];
  insurances: Hl7Insurance[];
  /** What could not be read; a message with problems is not imported. */
  problems: string[];
  /** The library's parsed message, for its ACK. */
  parsed: Hl7Message;
}

export type ReadOutcome = { ok: true; message: ReadHl7Message } | { ok: false; problem: string; header: Hl7Header };

const EMPTY_HEADER: Hl7Header = {
  sendingApplication: '',
  sendingFacility: '',
  receivingApplication: '',
  receivingFacility: '',
  messageType: '',
  controlID: '',
  version: '',
};

/** The HL7 escape sequences (v2.5 section 2.7.4) turned back into the characters they stand for. */
export function unescapeHl7(
  value: string,
  separators: { field: string; component: string; repetition: string; escape: string; subcomponent: string },
): string {
  const e = separators.escape;
  if (!value.includes(e)) return value;
  const pattern = new RegExp(`${escapeRegExp(e)}([^${escapeRegExp(e)}]*)${escapeRegExp(e)}`, 'g');
  return value.replace(pattern, (whole, code: string) => {
    switch (code) {
      case 'F':
        return separators.field;
      case 'S':
        return separators.component;
      case 'R':
        return separators.repetition;
      case 'E':
        return separators.escape;
      case 'T':
        return separators.subcomponent;
      case '.br':
        return '\n';
      default:
        if (/^X([0-9A-Fa-f]{2})+$/.test(code))
          return String.fromCharCode(...(code.slice(1).match(/../g) ?? []).map((hex) => parseInt(hex, 16)));
        // Highlighting (\H\, \N\) and character set switches carry no text of their own.
        return /^[HN]$|^[CM][0-9A-Fa-f]+$/.test(code) ? '' : whole;
    }
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Characters that must be escaped in a value written into a message (an ACK's text). */
export function escapeHl7(value: string): string {
  return value
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/~/g, '\\R\\')
    .replace(/&/g, '\\T\\')
    .replace(/[\r\n]+/g, ' ');
}

/** HL7 TS/DT (YYYY[MM[DD[HHMM...]]]) to YYYY-MM-DD; null when it is no full, real day. */
export function hl7Date(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** A money amount ("125.00", "125", "-12.5") to cents, digit by digit; null when it is not one. */
export function hl7Cents(value: string): number | null {
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** The messages of a file: each begins with MSH; CR, LF or CRLF end segments; MLLP framing is dropped. */
export function splitHl7File(text: string): string[] {
  // MLLP's start (VT) and end (FS) bytes, should a file keep its framing.
  const clean = text.replaceAll(String.fromCharCode(0x0b), '\r').replaceAll(String.fromCharCode(0x1c), '\r');
  const segments = clean.split(/\r\n|\r|\n/).filter((segment) => segment.trim() !== '');
  const messages: string[][] = [];
  for (const segment of segments) {
    if (segment.startsWith('MSH') || messages.length === 0) messages.push([segment]);
    else messages.at(-1)?.push(segment);
  }
  return messages.map((lines) => lines.join('\r'));
}

/** The header read before anything else, so even a message we refuse is acknowledged to its sender. */
function headerOf(
  parsed: Hl7Message,
  text: (segment: Hl7Segment, field: number, component?: number) => string,
): Hl7Header {
  const msh = parsed.header;
  const type = text(msh, 9, 1);
  const event = text(msh, 9, 2);
  return {
    sendingApplication: text(msh, 3),
    sendingFacility: text(msh, 4),
    receivingApplication: text(msh, 5),
    receivingFacility: text(msh, 6),
    messageType: event ? `${type}^${event}` : type,
    controlID: text(msh, 10),
    version: text(msh, 12),
  };
}

/** Reads one message's text. A text that is no HL7 message at all is `ok: false`. */
export function readHl7(raw: string): ReadOutcome {
  const messageText = raw
    .replaceAll(String.fromCharCode(0x0b), '')
    .replaceAll(String.fromCharCode(0x1c), '')
    .replace(/\r\n|\n/g, '\r')
    .replace(/^\r+|\r+$/g, '');
  if (!/^MSH(.)/.test(messageText) || messageText.length < 8)
    return { ok: false, problem: 'The message does not begin with an MSH segment.', header: EMPTY_HEADER };
  let parsed: Hl7Message;
  try {
    parsed = Hl7Message.parse(messageText);
  } catch (error) {
    return {
      ok: false,
      problem: `The message could not be read: ${error instanceof Error ? error.message : String(error)}`,
      header: EMPTY_HEADER,
    };
  }
  const ctx = parsed.context;
  const separators = {
    field: ctx.fieldSeparator,
    component: ctx.componentSeparator,
    repetition: ctx.repetitionSeparator,
    escape: ctx.escapeCharacter,
    subcomponent: ctx.subcomponentSeparator,
  };
  const text = (segment: Hl7Segment, field: number, component = 1, repetition = 0): string =>
    unescapeHl7(segment.getComponent(field, component, undefined, repetition) ?? '', separators).trim();
  const repetitions = (segment: Hl7Segment, field: number): number => segment.getField(field)?.components.length ?? 0;
  const header = headerOf(parsed, text);
  const problems: string[] = [];
  if (!header.controlID) problems.push('MSH-10, the message control ID, is empty.');

  const pid = parsed.getSegment('PID');
  let patient: Hl7Patient | null = null;
  if (pid) {
    const identifiers: Hl7Identifier[] = [];
    for (let index = 0; index < repetitions(pid, 3); index += 1) {
      const id = text(pid, 3, 1, index);
      if (id)
        identifiers.push({
          id,
          assigningAuthority: text(pid, 3, 4, index),
          typeCode: text(pid, 3, 5, index).toUpperCase(),
        });
    }
    const rawBirth = text(pid, 7);
    const dateOfBirth = hl7Date(rawBirth);
    if (rawBirth && !dateOfBirth) problems.push(`PID-7, the date of birth "${rawBirth}", is not a date (YYYYMMDD).`);
    const sex = text(pid, 8).toUpperCase();
    const areaCode = text(pid, 13, 6);
    const local = text(pid, 13, 7);
    const phone = text(pid, 13, 1) || (areaCode && local ? `${areaCode}${local}` : '');
    patient = {
      identifiers,
      accountNumber: text(pid, 18) || identifiers.find((identifier) => identifier.typeCode === 'AN')?.id || null,
      lastName: text(pid, 5, 1),
      firstName: text(pid, 5, 2),
      middleName: text(pid, 5, 3) || null,
      dateOfBirth,
      sex: sex === 'M' || sex === 'F' ? sex : 'U',
      address1: text(pid, 11, 1),
      address2: text(pid, 11, 2) || null,
      city: text(pid, 11, 3),
      state: text(pid, 11, 4).toUpperCase(),
      zip: text(pid, 11, 5),
      phone: phone || null,
    };
  }

  const pv1 = parsed.getSegment('PV1');
  const visit: Hl7Visit | null = pv1
    ? { attendingNPI: text(pv1, 7, 1) || null, facility: text(pv1, 3, 4) || text(pv1, 39) || null }
    : null;

  const diagnoses = parsed
    .getAllSegments('DG1')
    .map((dg1) => icdOf(text(dg1, 3, 1)))
    .filter((code) => code !== '');

  const charges: Hl7Charge[] = parsed.getAllSegments('FT1').map((ft1, index) => {
    const setID = Number(text(ft1, 1)) || index + 1;
    const rawFrom = text(ft1, 4, 1);
    const serviceFrom = hl7Date(rawFrom);
    if (!serviceFrom) problems.push(`FT1 ${setID}: FT1-4, the date of service "${rawFrom}", is not a date.`);
    const rawTo = text(ft1, 4, 2);
    const procedureCode = (text(ft1, 25, 1) || text(ft1, 7, 1)).toUpperCase();
    if (!procedureCode) problems.push(`FT1 ${setID}: no procedure code (FT1-25 or FT1-7).`);
    const modifiers: string[] = [];
    for (let at = 0; at < repetitions(ft1, 26); at += 1) {
      const modifier = text(ft1, 26, 1, at).toUpperCase();
      if (modifier) modifiers.push(modifier);
    }
    const rawUnits = text(ft1, 10);
    const units = rawUnits === '' ? 1 : Number(rawUnits);
    if (!Number.isInteger(units) || units < 1)
      problems.push(`FT1 ${setID}: FT1-10, the quantity "${rawUnits}", is not a whole number of units.`);
    const rawAmount = text(ft1, 11, 1);
    const amountCents = rawAmount === '' ? null : hl7Cents(rawAmount);
    if (rawAmount !== '' && amountCents === null)
      problems.push(`FT1 ${setID}: FT1-11, the amount "${rawAmount}", is not an amount.`);
    const diagnosisCodes: string[] = [];
    for (let at = 0; at < repetitions(ft1, 19); at += 1) {
      const code = icdOf(text(ft1, 19, 1, at));
      if (code) diagnosisCodes.push(code);
    }
    return {
      setID,
      serviceFrom,
      serviceTo: hl7Date(rawTo) ?? serviceFrom,
      transactionType: text(ft1, 6).toUpperCase() || 'CG',
      procedureCode,
      modifiers,
      units,
      amountCents,
      diagnosisCodes,
      performingNPI: text(ft1, 20, 1) || null,
      facility: text(ft1, 16, 4) || null,
    };
  });

  const insurances: Hl7Insurance[] = parsed.getAllSegments('IN1').map((in1, index) => {
    const setID = Number(text(in1, 1)) || index + 1;
    const rawRelationship = text(in1, 17, 1).toUpperCase();
    const relationship = HL7_RELATIONSHIPS[rawRelationship] ?? rawRelationship;
    const date = (field: number, what: string): string | null => {
      const raw = text(in1, field, 1);
      const day = hl7Date(raw);
      if (raw && !day) problems.push(`IN1 ${setID}: IN1-${field}, the ${what} "${raw}", is not a date (YYYYMMDD).`);
      return day;
    };
    const sex = text(in1, 43).toUpperCase();
    const insurance: Hl7Insurance = {
      setID,
      payerID: text(in1, 3, 1),
      payerName: text(in1, 4, 1),
      memberID: text(in1, 36, 1) || text(in1, 49, 1),
      groupNumber: text(in1, 8) || null,
      relationship,
      subscriberLastName: text(in1, 16, 1) || null,
      subscriberFirstName: text(in1, 16, 2) || null,
      subscriberDateOfBirth: date(18, "insured's date of birth"),
      subscriberSex: sex === 'M' || sex === 'F' || sex === 'U' ? sex : null,
      effectiveFrom: date(12, 'plan effective date'),
      effectiveTo: date(13, 'plan expiration date'),
    };
    if (!insurance.payerID && !insurance.payerName)
      problems.push(`IN1 ${setID}: no payer (IN1-3, the payer ID, or IN1-4, its name).`);
    if (!insurance.memberID) problems.push(`IN1 ${setID}: no member ID (IN1-36, the policy number, or IN1-49).`);
    return insurance;
  });

  return { ok: true, message: { header, patient, visit, diagnoses, charges, insurances, problems, parsed } };
}

/** An ICD-10 code as the code tables keep it: capitals, no dot. */
const icdOf = (code: string) => code.replace(/\./g, '').toUpperCase();
