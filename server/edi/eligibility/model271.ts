/**
 * An eligibility reply (271, 005010X279A1) as the product uses it: per transaction set, the payer
 * (2000A), the provider who asked (2000B), each subscriber (2000C) and dependent (2000D) with
 * their benefits (2110C/D). Codes are kept as written, with the guide's words next to them; money
 * is integer cents, dates YYYY-MM-DD. Every part keeps the 1-based position of the segment it
 * starts at, so a problem or a value can be shown at its place in the file.
 */
import type { Delimiters } from '../x12/delimiters.ts';

/** A coded value and what the guide calls it ('' when the code is not one we describe). */
export interface Coded {
  code: string;
  description: string;
}

/** Where an AAA stood: the payer, the provider, the subscriber or dependent, or one of their benefits. */
export type RejectionLoop = '2100A' | '2100B' | '2100C' | '2100D' | '2110C' | '2110D';

/** AAA: the payer could not answer, and why. */
export interface Rejection {
  loop: RejectionLoop;
  /** AAA01: Y when the request was valid but could not be answered, N when it was not valid. */
  validRequest: boolean;
  /** AAA03, e.g. 72 invalid member ID, 75 subscriber not found. */
  reason: Coded;
  /** AAA04, e.g. C correct and resubmit. */
  followUp: Coded;
  position: number;
}

/** DTP: a date or a range (from === to for one day). */
export interface EligibilityDate {
  /** DTP01, e.g. 346 plan begin, 356 eligibility begin. */
  qualifier: Coded;
  from: string | null;
  to: string | null;
  position: number;
}

/** TRN: a trace number, ours echoed back (TRN01 2, referenced) or the payer's own (1, current). */
export interface Trace {
  type: string;
  number: string;
  /** TRN03: who assigned it. */
  originatorID: string;
  position: number;
}

/** REF: an extra identifier (group number 6P, plan number 18, ...). */
export interface Reference {
  qualifier: string;
  value: string;
  description: string;
}

/** A party named by NM1 (and its PRV, N3/N4 where given). */
export interface Party {
  /** NM101, e.g. PR payer, 1P provider, P3 primary care provider. */
  entity: Coded;
  /** NM102: 1 person, 2 organisation. */
  entityType: string;
  /** NM103: a person's last name or an organisation's name. */
  name: string;
  firstName: string;
  /** NM108, e.g. PI payer id, XX NPI, MI member id. */
  idQualifier: string;
  /** NM109. */
  id: string;
  position: number;
}

/** LS/LE, loop 2120: someone a benefit line names (another payer, the primary care provider). */
export interface RelatedEntity extends Party {
  address: string[];
  city: string;
  state: string;
  postalCode: string;
  /** PER communication numbers, as written (qualifier, number). */
  contacts: { qualifier: string; number: string }[];
}

/** EB and what follows it up to the next EB: one benefit line, loop 2110C or 2110D. */
export interface Benefit {
  /** EB01, e.g. 1 active coverage, 6 inactive, B co-payment, C deductible. */
  benefit: Coded;
  /** EB02, e.g. IND, FAM ('' when not given). */
  coverageLevel: Coded;
  /** EB03, repeated. */
  serviceTypes: Coded[];
  /** EB04, e.g. HM, PR, MB. */
  insuranceType: Coded;
  /** EB05: the plan's name as the payer gives it. */
  planDescription: string;
  /** EB06, e.g. 23 calendar year, 29 remaining. */
  timePeriod: Coded;
  /** EB07. */
  amountCents: number | null;
  /** EB08 as a percent (the file writes .2 for 20 percent). */
  percent: number | null;
  /** EB09. */
  quantityQualifier: Coded;
  /** EB10. */
  quantity: number | null;
  /** EB11: whether an authorization or certification is required (Y, N, U; '' not given). */
  authorizationRequired: string;
  /** EB12: Y in network, N out of network, W both, U unknown; '' not given. */
  inNetwork: Coded;
  /** EB13: the procedure the benefit applies to, e.g. HC:99213 as ['HC', '99213']. */
  procedure: string[];
  dates: EligibilityDate[];
  messages: string[];
  references: Reference[];
  rejections: Rejection[];
  relatedEntities: RelatedEntity[];
  position: number;
}

/** A subscriber (2000C) or dependent (2000D) as the payer answered for them. */
export interface Member {
  level: 'subscriber' | 'dependent';
  /** HL01. */
  hl: string;
  lastName: string;
  firstName: string;
  middleName: string;
  suffix: string;
  /** NM109 (MI). The payer may correct what was asked: this is its answer. */
  memberID: string;
  /** DMG02 as YYYY-MM-DD. */
  birthDate: string | null;
  /** DMG03: F, M, U. */
  gender: string;
  /** INS02 for a dependent: 01 spouse, 19 child, ... ('' when not given). */
  relationship: string;
  address: string[];
  city: string;
  state: string;
  postalCode: string;
  traces: Trace[];
  references: Reference[];
  /** 2100C/D DTP: plan and eligibility dates for the member as a whole. */
  dates: EligibilityDate[];
  /** AAA in 2100C/D: the member could not be found or the request was wrong. */
  rejections: Rejection[];
  benefits: Benefit[];
  /** A subscriber's dependents (2000D under this 2000C). */
  dependents: Member[];
  position: number;
}

/** 2000B: the provider who asked. */
export interface InformationReceiver extends Party {
  hl: string;
  rejections: Rejection[];
  subscribers: Member[];
}

/** 2000A: the payer who answered. */
export interface InformationSource extends Party {
  hl: string;
  rejections: Rejection[];
  receivers: InformationReceiver[];
}

/** One ST..SE. */
export interface EligibilityResponse {
  /** ISA06 and ISA08 (trimmed): the payer or clearinghouse that sent the reply, and us. */
  sender: string;
  receiver: string;
  /** ISA15: P production, T test. */
  usage: string;
  /** The separators the ISA declared. */
  delimiters: Delimiters;
  /** ISA13, GS06 and ST02. */
  interchangeControlNumber: string;
  groupControlNumber: string;
  controlNumber: string;
  /** ST03, e.g. 005010X279A1. */
  implementationReference: string;
  /** BHT02: 11 response, 06 confirmation. */
  purpose: string;
  /** BHT03: the reference of the 270 it answers. */
  reference: string;
  /** BHT04 as YYYY-MM-DD. */
  date: string | null;
  /** BHT05 HHMM(SS). */
  time: string;
  sources: InformationSource[];
  position: number;
}

export interface EligibilityProblem {
  message: string;
  segmentID: string;
  position: number;
  line: number;
}

export interface EligibilityDocument {
  responses: EligibilityResponse[];
  /** Envelope, syntax and 271 content problems, the first 100 in file order; empty for a clean file. */
  problems: EligibilityProblem[];
  /** How many problems there are in all, named in `problems` or only counted. */
  problemCount: number;
}
