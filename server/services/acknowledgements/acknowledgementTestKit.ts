/**
 * Hand-written acknowledgements for the apply tests: a 999 or 277CA answering a batch we sent,
 * written as a clearinghouse or payer writes them (any delimiters, control numbers from the batch).
 */
import type { Delimiters } from '../../edi/x12/delimiters.ts';
import { writeX12, type SegmentData } from '../../edi/x12/writeX12.ts';

export const PIPES: Delimiters = { element: '|', component: '>', repetition: '{', segment: "'" };

export interface SentBatch {
  interchangeControlNumber: number;
}

function isa(delimiters: Delimiters, control: string, sender: string): SegmentData {
  return [
    'ISA',
    '00',
    ' '.repeat(10),
    '00',
    ' '.repeat(10),
    'ZZ',
    sender.padEnd(15, ' '),
    'ZZ',
    'US'.padEnd(15, ' '),
    '261128',
    '0900',
    delimiters.repetition ?? 'U',
    '00501',
    control.padStart(9, '0'),
    '0',
    'P',
    delimiters.component,
  ];
}

/** Wraps transaction sets (each without ST/SE) in one interchange and group, counting SE. */
export function interchange(
  functional: string,
  version: string,
  sets: SegmentData[][],
  options: { delimiters?: Delimiters; control?: number; sender?: string } = {},
): string {
  const delimiters = options.delimiters ?? { element: '*', component: ':', repetition: '^', segment: '~' };
  const control = String(options.control ?? 900);
  const sender = options.sender ?? 'CLEARINGHOUSE';
  const setID = functional === 'FA' ? '999' : '277';
  const segments: SegmentData[] = [
    isa(delimiters, control, sender),
    ['GS', functional, sender, 'US', '20261128', '0900', control, 'X', version],
  ];
  sets.forEach((body, index) => {
    const number = String(index + 1).padStart(4, '0');
    segments.push(['ST', setID, number, version], ...body, ['SE', String(body.length + 2), number]);
  });
  segments.push(['GE', String(sets.length), control], ['IEA', '1', control.padStart(9, '0')]);
  return writeX12(segments, { delimiters });
}

/** A 999 answering the batch's one transaction set: accepted, or rejected with an NM1 element error. */
export function write999(
  batch: SentBatch,
  accepted: boolean,
  options: { delimiters?: Delimiters; control?: number } = {},
): string {
  const body: SegmentData[] = [
    ['AK1', 'HC', String(batch.interchangeControlNumber), '005010X222A1'],
    ['AK2', '837', '0001', '005010X222A1'],
    ...(accepted
      ? ([['IK5', 'A']] as SegmentData[])
      : ([
          ['IK3', 'NM1', '9', '2010BA', '8'],
          ['IK4', '9', '67', '1'],
          ['IK5', 'R', '5'],
        ] as SegmentData[])),
    ['AK9', accepted ? 'A' : 'R', '1', '1', accepted ? '1' : '0'],
  ];
  return interchange('FA', '005010X231A1', [body], options);
}

export interface ClaimAnswerSpec {
  claimID: number;
  /** STC01 composites, e.g. ['A7', '562', '85']. */
  statuses: [string, string, string][];
  payerClaimNumber?: string;
  message?: string;
}

/** A 277CA from a payer (PR) or clearinghouse (AY) answering the batch, one claim loop per spec. */
export function write277CA(
  batch: SentBatch,
  claims: ClaimAnswerSpec[],
  options: {
    from?: 'PR' | 'AY';
    delimiters?: Delimiters;
    control?: number;
    receiverStatus?: [string, string, string];
  } = {},
): string {
  const from = options.from ?? 'PR';
  const body: SegmentData[] = [
    ['BHT', '0085', '08', `R${options.control ?? 900}`, '20261128', '0900', 'TH'],
    ['HL', '1', '', '20', '1'],
    [
      'NM1',
      from,
      '2',
      from === 'PR' ? 'ACME HEALTH PLAN' : 'CLEARINGHOUSE INC',
      '',
      '',
      '',
      '',
      from === 'PR' ? 'PI' : '46',
      'X1',
    ],
    ['TRN', '1', 'RECEIPT-1'],
    ['DTP', '050', 'D8', '20261128'],
    ['DTP', '009', 'D8', '20261128'],
    ['HL', '2', '1', '21', claims.length > 0 ? '1' : '0'],
    ['NM1', '41', '2', 'US', '', '', '', '', '46', 'US'],
    ['TRN', '2', `${String(batch.interchangeControlNumber).padStart(9, '0')}0001`],
  ];
  if (options.receiverStatus) body.push(['STC', options.receiverStatus, '20261128', 'U', '100']);
  if (claims.length > 0) {
    body.push(['HL', '3', '2', '19', '1'], ['NM1', '85', '2', 'CLINIC', '', '', '', '', 'XX', '1234567893']);
    claims.forEach((claim, index) => {
      body.push(
        ['HL', String(4 + index), '3', 'PT'],
        ['NM1', 'QC', '1', 'PATIENT', 'TEST', '', '', '', 'MI', 'M1'],
        ['TRN', '2', String(claim.claimID)],
      );
      claim.statuses.forEach((status, at) => {
        const rejecting = ['A3', 'A4', 'A6', 'A7', 'A8'].includes(status[0]);
        body.push([
          'STC',
          status,
          '20261128',
          rejecting ? 'U' : 'WQ',
          '100',
          '',
          '',
          '',
          '',
          '',
          '',
          at === 0 ? (claim.message ?? '') : '',
        ]);
      });
      if (claim.payerClaimNumber) body.push(['REF', '1K', claim.payerClaimNumber]);
      body.push(['DTP', '472', 'D8', '20260301']);
    });
  }
  return interchange('HN', '005010X214', [body], { ...options, sender: from === 'PR' ? 'PAYER' : 'CLEARINGHOUSE' });
}
