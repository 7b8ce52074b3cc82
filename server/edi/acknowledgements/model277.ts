/**
 * A claim acknowledgment (277CA, 005010X214) or a claim status response (277, 005010X212) as
 * the product uses it: per transaction set, the payer or clearinghouse (HL 20, loop 2000A), the
 * information receiver (21, 2000B: the submitter, with our file's reference in TRN02), the
 * billing or service provider (19, 2000C) and the patients (PT in 277CA, subscriber 22 and
 * dependent 23 in 277), each with its claims (2200D/E) and their service lines (2220D/E). Codes
 * are kept as written with the guide's words next to them; money is integer cents, dates
 * YYYY-MM-DD.
 */
import type { Delimiters } from '../x12/delimiters.ts';
import type { AcknowledgementProblem, Coded } from './model999.ts';

/** One STC01 / STC10 / STC11 composite: category, status code, entity, and code list qualifier. */
export interface StatusCode {
  category: Coded;
  status: Coded;
  entity: Coded;
  /** STCxx-4: the code list of STCxx-2 when not 508 (e.g. RX for NCPDP reject codes). */
  codeListQualifier: string;
}

/** STC: a status with its up to three codes and what it says about dates and money. */
export interface StatusInformation {
  codes: StatusCode[];
  /** STC02: the status's effective date. */
  date: string | null;
  /** STC03: WQ accepted, U rejected (277CA). */
  action: Coded;
  /** STC04: total charge amount. */
  chargeCents: number | null;
  /** STC05: payment amount (277). */
  paymentCents: number | null;
  /** STC06: adjudication or payment date. */
  adjudicationDate: string | null;
  /** STC07: payment method (ACH, CHK, ...). */
  paymentMethod: string;
  /** STC08: check issue or EFT date. */
  checkDate: string | null;
  /** STC09: check or EFT trace number. */
  checkNumber: string;
  /** STC12: free-form message. */
  message: string;
  position: number;
}

export interface DateOf {
  /** DTP01, e.g. 472 service, 050 received, 009 process. */
  qualifier: string;
  from: string | null;
  to: string | null;
}

export interface AmountOf {
  /** QTY01 / AMT01, e.g. 90 accepted quantity, AA rejected quantity, YU accepted amount, YY rejected amount. */
  qualifier: string;
  value: number | null;
}

/** A party level: payer or clearinghouse, information receiver, provider. */
export interface PartyLevel {
  hl: string;
  /** NM101: PR payer, AY clearinghouse, 41 submitter, 85 billing provider, 1P provider. */
  entity: Coded;
  name: string;
  firstName: string;
  idQualifier: string;
  id: string;
  /** TRN02 at this level (2200A/B/C): the receiver's TRN02 is our file's reference (BHT03 we sent). */
  traces: string[];
  statuses: StatusInformation[];
  dates: DateOf[];
  quantities: AmountOf[];
  amounts: AmountOf[];
  position: number;
}

/** SVC loop (2220D/E): a service line's status. */
export interface ServiceLineStatus {
  /** SVC01 components: qualifier (HC, NU, ...) and code, then modifiers. */
  procedure: string[];
  chargeCents: number | null;
  paidCents: number | null;
  revenueCode: string;
  units: string;
  statuses: StatusInformation[];
  /** REF*FJ: the line item control number we sent (REF*6R). */
  lineControlNumber: string;
  dates: DateOf[];
  position: number;
}

/** A claim's status loop (2200D in 277CA, 2200D/E in 277). */
export interface ClaimStatusLoop {
  /** TRN02: the patient control number we sent (CLM01) in a 277CA, our inquiry's trace in a 277. */
  trace: string;
  statuses: StatusInformation[];
  /** REF*1K: the payer's claim control number. */
  payerClaimNumber: string;
  /** REF*D9: the claim identifier for transmission intermediaries. */
  clearinghouseClaimNumber: string;
  /** REF*EJ: the patient account number (CLM01) in a 277. */
  patientAccountNumber: string;
  /** REF*BLT: the institutional bill type. */
  billType: string;
  /** REF*EA: the medical record number. */
  medicalRecordNumber: string;
  dates: DateOf[];
  lines: ServiceLineStatus[];
  position: number;
}

/** A patient level: PT in 277CA, subscriber (22) or dependent (23) in 277. */
export interface PatientLevel {
  hl: string;
  level: 'PT' | '22' | '23';
  lastName: string;
  firstName: string;
  memberID: string;
  claims: ClaimStatusLoop[];
  position: number;
}

export interface ProviderLevel extends PartyLevel {
  patients: PatientLevel[];
}

export interface ReceiverLevel extends PartyLevel {
  providers: ProviderLevel[];
}

export interface SourceLevel extends PartyLevel {
  receivers: ReceiverLevel[];
}

export interface ClaimStatusResponse {
  sender: string;
  receiver: string;
  interchangeControlNumber: string;
  groupControlNumber: string;
  /** ST02. */
  controlNumber: string;
  /** ST03: 005010X214 (277CA) or 005010X212 (277). */
  implementationReference: string;
  /** 277CA when the transaction is a claim acknowledgment (BHT06 TH or ST03 X214), else 277. */
  kind: '277CA' | '277';
  delimiters: Delimiters;
  /** BHT03. */
  reference: string;
  date: string | null;
  sources: SourceLevel[];
  position: number;
}

export interface ClaimStatusDocument {
  responses: ClaimStatusResponse[];
  problems: AcknowledgementProblem[];
  problemCount: number;
}
