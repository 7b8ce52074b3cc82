import type { Delimiters } from './delimiters.ts';
import type { Segment, SegmentTable } from './segment.ts';
import { Pace, runSteps, type Steps } from './steps.ts';
import { clip, type X12ErrorCode } from './x12Error.ts';

/** ST..SE: one transaction set (an 837 batch, an 835 remittance). */
export interface Transaction {
  /** ST01, e.g. '837', '835'. */
  setID: string;
  /** ST02. */
  controlNumber: string;
  /** ST03, the implementation guide, e.g. '005010X222A1' ('' in 4010). */
  implementationReference: string;
  header: Segment;
  trailer: Segment | null;
  /** The segments between ST and SE are [from, to) of the file's table. */
  table: SegmentTable;
  from: number;
  to: number;
  /** Views of those segments, made when asked for: a big file's reader walks from..to with one view. */
  readonly segments: Segment[];
}

/** GS..GE. */
export interface FunctionalGroup {
  /** GS01, e.g. 'HC' claims, 'HP' remittances. */
  code: string;
  senderCode: string;
  receiverCode: string;
  /** GS04 CCYYMMDD. */
  date: string;
  time: string;
  /** GS06. */
  controlNumber: string;
  /** GS08, e.g. '005010X221A1'. */
  version: string;
  header: Segment;
  trailer: Segment | null;
  transactions: Transaction[];
}

/** ISA..IEA. */
export interface Interchange {
  /** ISA13 as written (zero-padded). */
  controlNumber: string;
  sender: { qualifier: string; id: string };
  receiver: { qualifier: string; id: string };
  /** ISA09 YYMMDD. */
  date: string;
  /** ISA10 HHMM. */
  time: string;
  /** ISA12, e.g. '00501' or '00401'. */
  version: string;
  /** ISA15: 'P' production, 'T' test. */
  usage: string;
  delimiters: Delimiters;
  header: Segment;
  trailer: Segment | null;
  groups: FunctionalGroup[];
}

/** A Transaction as the envelope reader makes it: one shape (a class, not a literal with its own getter) for each of them, however many a file has. */
class TransactionSet implements Transaction {
  trailer: Segment | null = null;
  to: number;

  constructor(
    readonly setID: string,
    readonly controlNumber: string,
    readonly implementationReference: string,
    readonly header: Segment,
    readonly table: SegmentTable,
    public from: number,
  ) {
    this.to = from;
  }

  get segments(): Segment[] {
    return this.table.range(this.from, this.to);
  }
}

type ErrorSink = (code: X12ErrorCode, segment: Segment, message: string) => void;

/** Control numbers are compared as numbers when both are, since some senders pad one and not the other. */
function sameControlNumber(left: string, right: string): boolean {
  const a = left.trim();
  const b = right.trim();
  if (a === b) return true;
  return /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);
}

function checkTrailer(
  report: ErrorSink,
  trailer: Segment,
  what: string,
  expectedCount: number,
  counted: string,
  header: Segment,
  headerControl: number,
): void {
  const declared = trailer.element(1).trim();
  if (!/^\d+$/.test(declared) || Number(declared) !== expectedCount) {
    report(
      'count-mismatch',
      trailer,
      `${trailer.id} at segment ${trailer.position} counts ${clip(declared) || 'nothing'} ${counted}, the ${what} has ${expectedCount}.`,
    );
  }
  const control = trailer.element(2);
  const opening = header.element(headerControl);
  if (!sameControlNumber(control, opening)) {
    report(
      'control-number-mismatch',
      trailer,
      `${trailer.id} at segment ${trailer.position} carries control number '${clip(control)}', its ${header.id} at segment ${header.position} has '${clip(opening)}'.`,
    );
  }
}

/** buildEnvelopeSteps run through at once. */
export function buildEnvelopes(table: SegmentTable, report: ErrorSink): Interchange[] {
  return runSteps(buildEnvelopeSteps(table, report));
}

/**
 * Nests segments into interchanges, groups and transactions and checks the trailers (counts and
 * control numbers). Problems are reported, not thrown: a broken trailer says the file is suspect,
 * and the caller decides whether the content is still worth showing. One pass over the table,
 * yielding every few thousand segments (steps.ts).
 */
export function* buildEnvelopeSteps(table: SegmentTable, report: ErrorSink): Steps<Interchange[]> {
  const interchanges: Interchange[] = [];
  let interchange: Interchange | null = null;
  let group: FunctionalGroup | null = null;
  let transaction: Transaction | null = null;
  /** The segment being nested; a transaction closed early ends just before it. */
  let index = 0;
  let strayReported = false;

  const takeBody = (open: Transaction, end: number) => {
    open.to = end;
  };
  const closeTransaction = (at: Segment) => {
    if (transaction === null) return;
    takeBody(transaction, index);
    report(
      'missing-trailer',
      at,
      `ST at segment ${transaction.header.position} (control number '${clip(transaction.controlNumber)}') has no SE before ${at.id} at segment ${at.position}.`,
    );
    transaction = null;
  };
  const closeGroup = (at: Segment) => {
    closeTransaction(at);
    if (group === null) return;
    report(
      'missing-trailer',
      at,
      `GS at segment ${group.header.position} (control number '${clip(group.controlNumber)}') has no GE before ${at.id} at segment ${at.position}.`,
    );
    group = null;
  };
  const closeInterchange = (at: Segment) => {
    closeGroup(at);
    if (interchange === null) return;
    report(
      'missing-trailer',
      at,
      `ISA at segment ${interchange.header.position} (control number '${clip(interchange.controlNumber)}') has no IEA before ${at.id} at segment ${at.position}.`,
    );
    interchange = null;
  };
  const stray = (segment: Segment, where: string) => {
    if (strayReported) return;
    strayReported = true;
    report('outside-envelope', segment, `${segment.id} at segment ${segment.position} is outside ${where}.`);
  };

  const pace = new Pace();
  // Views are made only for the envelope's own segments (and a stray one): the body is left in the table.
  for (index = 0; index < table.length; index++) {
    if (pace.tick()) yield;
    switch (table.knownID(index)) {
      case 'ISA': {
        const segment = table.at(index);
        closeInterchange(segment);
        interchange = {
          controlNumber: segment.element(13),
          sender: { qualifier: segment.element(5), id: segment.element(6).trim() },
          receiver: { qualifier: segment.element(7), id: segment.element(8).trim() },
          date: segment.element(9),
          time: segment.element(10),
          version: segment.element(12),
          usage: segment.element(15),
          delimiters: segment.delimiters,
          header: segment,
          trailer: null,
          groups: [],
        };
        interchanges.push(interchange);
        strayReported = false;
        break;
      }
      case 'GS': {
        const segment = table.at(index);
        closeGroup(segment);
        if (interchange === null) {
          stray(segment, 'any interchange (no ISA before it)');
          break;
        }
        group = {
          code: segment.element(1),
          senderCode: segment.element(2),
          receiverCode: segment.element(3),
          date: segment.element(4),
          time: segment.element(5),
          controlNumber: segment.element(6),
          version: segment.element(8),
          header: segment,
          trailer: null,
          transactions: [],
        };
        interchange.groups.push(group);
        strayReported = false;
        break;
      }
      case 'ST': {
        const segment = table.at(index);
        closeTransaction(segment);
        if (group === null) {
          stray(segment, 'any functional group (no GS before it)');
          break;
        }
        transaction = new TransactionSet(
          segment.element(1),
          segment.element(2),
          segment.element(3),
          segment,
          table,
          index + 1,
        );
        group.transactions.push(transaction);
        strayReported = false;
        break;
      }
      case 'SE': {
        const segment = table.at(index);
        if (transaction === null) {
          stray(segment, 'any transaction (no ST before it)');
          break;
        }
        transaction.trailer = segment;
        takeBody(transaction, index);
        checkTrailer(
          report,
          segment,
          'transaction',
          transaction.to - transaction.from + 2,
          'segments',
          transaction.header,
          2,
        );
        transaction = null;
        break;
      }
      case 'GE': {
        const segment = table.at(index);
        closeTransaction(segment);
        if (group === null) {
          stray(segment, 'any functional group (no GS before it)');
          break;
        }
        group.trailer = segment;
        checkTrailer(report, segment, 'group', group.transactions.length, 'transactions', group.header, 6);
        group = null;
        break;
      }
      case 'IEA': {
        const segment = table.at(index);
        closeGroup(segment);
        if (interchange === null) {
          stray(segment, 'any interchange (no ISA before it)');
          break;
        }
        interchange.trailer = segment;
        checkTrailer(report, segment, 'interchange', interchange.groups.length, 'groups', interchange.header, 13);
        interchange = null;
        break;
      }
      default:
        // No view for each segment of a junk file: only the first stray one is reported.
        if (transaction === null && !strayReported) stray(table.at(index), 'any transaction (no ST before it)');
    }
  }
  const last = table.length > 0 ? table.at(table.length - 1) : undefined;
  if (last !== undefined && interchange !== null) {
    const open: Interchange = interchange;
    if (transaction !== null) takeBody(transaction, table.length);
    const kind = transaction !== null ? 'SE' : group !== null ? 'GE' : 'IEA';
    report(
      'missing-trailer',
      last,
      `The file ends after ${last.id} at segment ${last.position} without its ${kind}: it looks truncated (interchange '${clip(open.controlNumber)}').`,
    );
  }
  return interchanges;
}
