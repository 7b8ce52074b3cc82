/** One eligibility question for a 270 (005010X279A1): a subscriber, and a dependent when the patient is one. */

/** 2100A: the payer asked. */
export interface Payer270 {
  name: string;
  /** NM109 with PI: the payer id the clearinghouse lists. */
  payerID: string;
}

/** 2100B: the provider asking, by NPI. */
export interface Provider270 {
  npi: string;
  /** An organisation (NM102 2) when given; else a person (lastName, firstName). */
  organizationName?: string | null;
  lastName?: string | null;
  firstName?: string | null;
}

/** 2100D: the patient when the patient is not the subscriber (and has no member id of their own). */
export interface Dependent270 {
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  gender?: 'F' | 'M' | 'U' | null;
  /** TRN02 of the dependent: the payer echoes it back in the 271 to match the reply. */
  traceNumber?: string | null;
}

/** 2000C: the subscriber, and the questions asked about them or their dependent. */
export interface SubscriberInquiry270 {
  /** Blank only in a search (insurance discovery): the payer looks the person up by name and birth date. */
  memberID: string;
  /** No member ID is known: the first name and date of birth must then be given. */
  searchWithoutMemberID?: boolean;
  lastName: string;
  firstName?: string | null;
  middleName?: string | null;
  suffix?: string | null;
  /** YYYY-MM-DD. */
  birthDate?: string | null;
  gender?: 'F' | 'M' | 'U' | null;
  /** REF*6P. */
  groupNumber?: string | null;
  /** TRN02 of the subscriber (when the subscriber is the patient). */
  traceNumber?: string | null;
  /** EQ01 codes, one 2110 loop each; 30 (health benefit plan coverage) when none. */
  serviceTypes?: readonly string[];
  /** DTP*291, YYYY-MM-DD; a range when `serviceDateTo` differs. */
  serviceDate?: string | null;
  serviceDateTo?: string | null;
  dependent?: Dependent270 | null;
}

export interface Inquiry270 {
  payer: Payer270;
  provider: Provider270;
  subscribers: readonly SubscriberInquiry270[];
}

/** Who sends the file and who receives it, as in the ISA and GS. */
export interface Party270 {
  id: string;
  /** ISA05/07; 'ZZ' unless the receiver says otherwise. */
  qualifier?: string;
}

export interface Build270Options {
  sender: Party270;
  receiver: Party270;
  /** ISA13, 1..999999999; the caller keeps it from repeating. */
  interchangeControlNumber: number;
  /** GS06, 1..999999999. */
  groupControlNumber: number;
  /** BHT03: our reference for the inquiry, echoed in the 271; the ISA13 and ST02 when not given. */
  reference?: string;
  /** TRN03: who assigns the trace numbers, 10 characters ('1' and our tax ID, or '9' and 9 of our own). */
  traceOriginator?: string;
  /** The file's creation time, read in UTC. */
  now: Date;
  /** ISA15: 'P' production, 'T' test. */
  usage: 'P' | 'T';
  /** Patients per ST..SE, at most (and by default) 99. */
  patientsPerTransaction?: number;
  /** '~' then a line break after each segment (default) or a bare '~'. */
  lineBreaks?: boolean;
}

/** An inquiry that cannot be written: every problem found, each naming the subscriber it is about. */
export class Build270Error extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'Build270Error';
  }
}
