/**
 * An implementation acknowledgment (999, 005010X231A1) as the product uses it: per functional
 * group acknowledged (AK1), each transaction set's answer (AK2..IK5) with the segment (IK3) and
 * element (IK4) errors the receiver found, and the group's answer (AK9). Codes are kept as
 * written with the guide's words next to them.
 */
import type { Delimiters } from '../x12/delimiters.ts';

/** A coded value and what the guide calls it ('' when the code is not one we describe). */
export interface Coded {
  code: string;
  description: string;
}

/** A problem the reader found in the 999 itself. */
export interface AcknowledgementProblem {
  message: string;
  segmentID: string;
  position: number;
  line: number;
}

/** IK4 (loop 2110): an element in error, with CTX context where given. */
export interface ElementError {
  /** IK401-1: the element's position in its segment; IK401-2 the component's. */
  elementPosition: string;
  componentPosition: string;
  /** IK402: the data element reference number. */
  reference: string;
  /** IK403, e.g. 1 required data element missing, 7 invalid code value. */
  error: Coded;
  /** IK404: the bad data as the receiver copied it. */
  badValue: string;
  position: number;
}

/** IK3 (loop 2100): a segment in error. */
export interface SegmentError {
  /** IK301: the segment's id, e.g. NM1. */
  segmentID: string;
  /** IK302: its position in the transaction set (ST is 1). */
  segmentPosition: string;
  /** IK303: the loop identifier, e.g. 2010BA. */
  loop: string;
  /** IK304, e.g. 8 segment has data element errors. */
  error: Coded;
  /** CTX segments after IK3 and IK4, as written (CTX01 context name, e.g. CLM01:1234). */
  context: string[];
  elements: ElementError[];
  position: number;
}

/** AK2..IK5 (loop 2000): one transaction set's answer. */
export interface TransactionAcknowledgement {
  /** AK201, e.g. 837. */
  setID: string;
  /** AK202: ST02 of the acknowledged transaction. */
  controlNumber: string;
  /** AK203, e.g. 005010X222A1. */
  implementationReference: string;
  /** IK501: A accepted, E accepted with errors, M, R rejected, W, X. */
  status: Coded;
  /** IK502..IK506. */
  errors: Coded[];
  segments: SegmentError[];
  position: number;
}

/** One 999 transaction set: the answer to one functional group we sent. */
export interface GroupAcknowledgement {
  sender: string;
  receiver: string;
  interchangeControlNumber: string;
  /** ST02 of the 999. */
  controlNumber: string;
  delimiters: Delimiters;
  /** AK101, e.g. HC. */
  functionalID: string;
  /** AK102: GS06 of the group acknowledged. */
  groupControlNumber: string;
  /** AK103. */
  version: string;
  transactions: TransactionAcknowledgement[];
  /** AK901: A accepted, E accepted with errors, P partially accepted, R rejected, M, W, X. */
  status: Coded;
  /** AK902..AK904. */
  included: number | null;
  received: number | null;
  accepted: number | null;
  /** AK905..AK909. */
  errors: Coded[];
  position: number;
}

export interface Acknowledgement999Document {
  acknowledgements: GroupAcknowledgement[];
  problems: AcknowledgementProblem[];
  problemCount: number;
}
