/**
 * Reads implementation acknowledgments (999, 005010X231A1) on top of the X12 reader: any
 * delimiters the ISA declares, any number of interchanges, groups and 999 transaction sets. Never
 * throws: what could be read comes back with the problems found, each naming its segment and
 * line. Loops: AK1 (the group acknowledged), 2000 AK2..IK5 (a transaction set), 2100 IK3 + CTX (a
 * segment in error), 2110 IK4 + CTX (an element in error), AK9 (the group's answer).
 */
import { clip } from '../x12/x12Error.ts';
import { Pace, runSteps, runStepsAsync, type Steps } from '../x12/steps.ts';
import { ACK_STATUS, ELEMENT_ERROR, GROUP_ERROR, SEGMENT_ERROR, TRANSACTION_ERROR } from './codes.ts';
import type {
  Acknowledgement999Document,
  Coded,
  GroupAcknowledgement,
  SegmentError,
  TransactionAcknowledgement,
} from './model999.ts';
import { count, interchangesOf, startReading } from './readProblems.ts';

const ACK_STATUSES = new Set(['A', 'E', 'M', 'P', 'R', 'W', 'X']);

function codes(values: string[], describe: (code: string) => Coded): Coded[] {
  return values.filter((value) => value !== '').map(describe);
}

function* read999Steps(text: string): Steps<Acknowledgement999Document> {
  const reading = startReading();
  const { problems, report } = reading;
  const interchanges = yield* interchangesOf(text, reading);
  const pace = new Pace();
  const acknowledgements: GroupAcknowledgement[] = [];
  for (const interchange of interchanges)
    for (const group of interchange.groups)
      for (const transaction of group.transactions) {
        if (pace.tick()) yield;
        if (transaction.setID !== '999') {
          report(
            transaction.header,
            `Transaction set ${clip(transaction.setID)} is not an implementation acknowledgment (999).`,
          );
          continue;
        }
        let answer: GroupAcknowledgement | null = null;
        let set: TransactionAcknowledgement | null = null;
        let segmentError: SegmentError | null = null;
        let closed = false;
        const segment = transaction.table.at(transaction.from);
        for (let index = transaction.from; index < transaction.to; index++) {
          if (pace.tick()) yield;
          const id = segment.moveTo(index).knownID;
          if (id !== 'AK1' && answer === null) {
            if (id !== '') report(segment, `${segment.id} comes before the AK1 that names the group acknowledged.`);
            continue;
          }
          switch (id) {
            case 'AK1':
              if (answer !== null) {
                report(segment, 'A second AK1 in one 999 transaction set.');
                break;
              }
              answer = {
                sender: interchange.sender.id,
                receiver: interchange.receiver.id,
                interchangeControlNumber: interchange.controlNumber,
                controlNumber: transaction.controlNumber,
                delimiters: interchange.delimiters,
                functionalID: segment.element(1),
                groupControlNumber: segment.element(2),
                version: segment.element(3),
                transactions: [],
                status: { code: '', description: '' },
                included: null,
                received: null,
                accepted: null,
                errors: [],
                position: segment.position,
              };
              if (answer.groupControlNumber === '')
                report(segment, 'AK102 (the group control number acknowledged) is empty.');
              acknowledgements.push(answer);
              break;
            case 'AK2':
              if (answer === null) break;
              set = {
                setID: segment.element(1),
                controlNumber: segment.element(2),
                implementationReference: segment.element(3),
                status: { code: '', description: '' },
                errors: [],
                segments: [],
                position: segment.position,
              };
              answer.transactions.push(set);
              segmentError = null;
              break;
            case 'IK3':
              if (set === null) {
                report(segment, 'IK3 (segment error) outside a transaction set response (AK2).');
                break;
              }
              segmentError = {
                segmentID: segment.element(1),
                segmentPosition: segment.element(2),
                loop: segment.element(3),
                error: SEGMENT_ERROR(segment.element(4)),
                context: [],
                elements: [],
                position: segment.position,
              };
              set.segments.push(segmentError);
              break;
            case 'CTX':
              if (segmentError === null) break;
              segmentError.context.push(
                [segment.element(1), segment.element(2), segment.element(3), segment.element(4)]
                  .filter((value) => value !== '')
                  .join(' '),
              );
              break;
            case 'IK4':
              if (segmentError === null) {
                report(segment, 'IK4 (element error) without the IK3 of its segment before it.');
                break;
              }
              segmentError.elements.push({
                elementPosition: segment.component(1, 1),
                componentPosition: segment.component(1, 2),
                reference: segment.element(2),
                error: ELEMENT_ERROR(segment.element(3)),
                badValue: segment.element(4),
                position: segment.position,
              });
              break;
            case 'IK5':
              if (set === null) {
                report(segment, 'IK5 (transaction set response trailer) without its AK2.');
                break;
              }
              set.status = ACK_STATUS(segment.element(1));
              if (!ACK_STATUSES.has(set.status.code))
                report(segment, `IK501 "${clip(set.status.code)}" is not an acknowledgment code (A, E, M, R, W, X).`);
              set.errors = codes(
                [2, 3, 4, 5, 6].map((at) => segment.element(at)),
                TRANSACTION_ERROR,
              );
              set = null;
              segmentError = null;
              break;
            case 'AK9':
              if (answer === null) break;
              answer.status = ACK_STATUS(segment.element(1));
              if (!ACK_STATUSES.has(answer.status.code))
                report(
                  segment,
                  `AK901 "${clip(answer.status.code)}" is not an acknowledgment code (A, E, P, R, M, W, X).`,
                );
              answer.included = count(segment, 2, report, 'The number of transaction sets included');
              answer.received = count(segment, 3, report, 'The number of transaction sets received');
              answer.accepted = count(segment, 4, report, 'The number of transaction sets accepted');
              answer.errors = codes(
                [5, 6, 7, 8, 9].map((at) => segment.element(at)),
                GROUP_ERROR,
              );
              closed = true;
              break;
            default:
              break;
          }
        }
        const end = transaction.trailer ?? transaction.header;
        if (answer === null) report(transaction.header, 'The 999 has no AK1 naming the group it acknowledges.');
        else {
          if (!closed) report(end, 'The 999 has no AK9 (the functional group response trailer).');
          for (const open of answer.transactions)
            if (open.status.code === '')
              report(end, `The answer to transaction set ${clip(open.controlNumber)} (AK2) has no IK5.`);
        }
      }
  if (interchanges.length > 0 && acknowledgements.length === 0 && problems.total === 0)
    problems.add(
      { message: 'The file holds no implementation acknowledgment (999).', segmentID: '', position: 0, line: 0 },
      0,
    );
  return { acknowledgements, problems: yield* problems.withLines(text), problemCount: problems.total };
}

/** Every 999 in `text`, with the problems found. Other transaction sets are reported, not read. */
export function read999(text: string): Acknowledgement999Document {
  return runSteps(read999Steps(text));
}

/** read999 with a turn of the event loop every few thousand segments, for a server. */
export function read999Async(text: string): Promise<Acknowledgement999Document> {
  return runStepsAsync(read999Steps(text));
}
