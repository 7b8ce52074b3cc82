/**
 * The 999 implementation acknowledgement (005010X231A1) the simulated clearinghouse answers an
 * 837 with: each transaction set accepted (IK5*A), or rejected (IK5*R) when its SE does not agree
 * with it; the group accepted, partly accepted or rejected (AK9), with the group-level reason when
 * its GE does not agree with its GS.
 */
import type { SegmentData } from '../../edi/x12/writeX12.ts';
import { writeInterchange, type EnvelopeParty } from './envelope.ts';
import type { Read837 } from './read837.ts';

export const IMPLEMENTATION_999 = '005010X231A1';

/** IK501: why a transaction set is rejected. */
const SET_REJECTION: Record<string, string> = {
  'count-mismatch': '4',
  'control-number-mismatch': '3',
  'missing-trailer': '2',
};
/** AK905: why a functional group is rejected. */
const GROUP_REJECTION: Record<string, string> = {
  'count-mismatch': '5',
  'control-number-mismatch': '4',
  'missing-trailer': '3',
};

export interface Acknowledgement999 {
  text: string;
  /** Whether any transaction set of the file was accepted (a 277CA follows only for those). */
  acceptedSets: Set<string>;
}

export function write999(
  file: Read837,
  options: { controlNumber: number; now: Date; sender: EnvelopeParty; receiver: EnvelopeParty },
): Acknowledgement999 {
  const interchangeProblems = file.problems.filter(
    (problem) => problem.segmentID === 'IEA' || problem.segmentID === 'ISA',
  );
  const acceptedSets = new Set<string>();
  const transactions: SegmentData[][] = [];
  for (const group of file.groups) {
    const segments: SegmentData[] = [
      ['ST', '999'],
      ['AK1', 'HC', group.controlNumber, group.version],
    ];
    // A group whose GE, or an interchange whose IEA, does not agree with its header is rejected whole.
    const whole = group.problems.length > 0 || interchangeProblems.length > 0;
    let accepted = 0;
    for (const transaction of group.transactions) {
      segments.push(['AK2', '837', transaction.controlNumber, transaction.implementationReference]);
      if (transaction.problem) segments.push(['IK5', 'R', SET_REJECTION[transaction.problem.code] ?? '5']);
      else if (whole) segments.push(['IK5', 'R']);
      else {
        segments.push(['IK5', 'A']);
        accepted += 1;
        acceptedSets.add(`${group.controlNumber}/${transaction.controlNumber}`);
      }
    }
    const count = String(group.transactions.length);
    const groupCode = accepted === group.transactions.length ? 'A' : accepted === 0 ? 'R' : 'P';
    const reasons = group.problems.slice(0, 5).map((problem) => GROUP_REJECTION[problem.code] ?? '3');
    segments.push(['AK9', groupCode, count, count, String(accepted), ...reasons]);
    transactions.push(segments);
  }
  const text = writeInterchange(
    {
      sender: options.sender,
      receiver: options.receiver,
      controlNumber: options.controlNumber,
      functionalCode: 'FA',
      version: IMPLEMENTATION_999,
      now: options.now,
    },
    transactions,
  );
  return { text, acceptedSets };
}
