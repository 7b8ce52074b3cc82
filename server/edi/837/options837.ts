/** Who sends the file (loop 1000A and the ISA/GS sender): the practice group or its clearinghouse account. */
export interface Submitter837 {
  /** ISA06, GS02 and NM109 of 1000A. */
  id: string;
  /** ISA05; 'ZZ' (mutually defined) unless the receiver says otherwise. */
  qualifier?: string;
  name: string;
  contactName: string;
  phone?: string | null;
  email?: string | null;
}

/** Who receives the file (loop 1000B and the ISA/GS receiver): the payer or clearinghouse. */
export interface Receiver837 {
  id: string;
  qualifier?: string;
  name: string;
}

export interface Build837Options {
  sender: Submitter837;
  receiver: Receiver837;
  /** ISA13, 1..999999999; the caller keeps it from ever repeating. */
  interchangeControlNumber: number;
  /** GS06, 1..999999999. */
  groupControlNumber: number;
  /** The file's creation time, read in UTC so the same instant gives the same file on any server. */
  now: Date;
  /** ISA15: 'P' production, 'T' test. */
  usage: 'P' | 'T';
  /** Claims per ST..SE; the implementation guides recommend at most 5,000. */
  claimsPerTransaction?: number;
  /** '~' then a line break after each segment (default) or a bare '~'. */
  lineBreaks?: boolean;
}
