import { STANDARD_DELIMITERS } from '../x12/delimiters.ts';
import type { SegmentData } from '../x12/writeX12.ts';
import type { ClaimProblem } from './build837Error.ts';
import { IMPLEMENTATION, type Kind837 } from './codes837.ts';
import { digits, stamp, text } from './format837.ts';
import type { Build837Options } from './options837.ts';

const MAX_CONTROL_NUMBER = 999_999_999;

/** ISA fields are fixed width, so their values are cleaned here, before padding, not by the writer. */
function isaField(value: string, width: number): string {
  return value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');
}

export function interchangeControl(options: Build837Options): string {
  return String(options.interchangeControlNumber).padStart(9, '0');
}

export function checkOptions(options: Build837Options): ClaimProblem[] {
  const problems: ClaimProblem[] = [];
  const control = (value: number, name: string) => {
    if (!Number.isInteger(value) || value < 1 || value > MAX_CONTROL_NUMBER)
      problems.push({
        claimID: null,
        message: `${name} must be a whole number from 1 to ${MAX_CONTROL_NUMBER}, not ${value}.`,
      });
  };
  control(options.interchangeControlNumber, 'The interchange control number');
  control(options.groupControlNumber, 'The group control number');
  for (const [party, id] of [
    ['sender', options.sender.id],
    ['receiver', options.receiver.id],
  ] as const) {
    const length = isaField(id, 15).trim().length;
    if (length < 2) problems.push({ claimID: null, message: `The ${party} id must have 2 to 15 characters.` });
  }
  if (digits(options.sender.phone) === '' && (options.sender.email ?? '').trim() === '') {
    problems.push({
      claimID: null,
      message: 'The submitter needs a phone number or an e-mail address (loop 1000A PER).',
    });
  }
  return problems;
}

/** ISA and GS. */
export function openInterchange(options: Build837Options, kind: Kind837): SegmentData[] {
  const { ccyymmdd, yymmdd, hhmm } = stamp(options.now);
  const delimiters = STANDARD_DELIMITERS;
  const { sender, receiver } = options;
  return [
    [
      'ISA',
      '00',
      ' '.repeat(10),
      '00',
      ' '.repeat(10),
      isaField(sender.qualifier ?? 'ZZ', 2),
      isaField(sender.id, 15),
      isaField(receiver.qualifier ?? 'ZZ', 2),
      isaField(receiver.id, 15),
      yymmdd,
      hhmm,
      delimiters.repetition ?? '^',
      '00501',
      interchangeControl(options),
      '0',
      options.usage,
      delimiters.component,
    ],
    [
      'GS',
      'HC',
      isaField(sender.id, 15).trim(),
      isaField(receiver.id, 15).trim(),
      ccyymmdd,
      hhmm,
      String(options.groupControlNumber),
      'X',
      IMPLEMENTATION[kind],
    ],
  ];
}

/** ST, BHT, 1000A submitter and 1000B receiver. */
export function openTransaction(options: Build837Options, kind: Kind837, controlNumber: string): SegmentData[] {
  const { ccyymmdd, hhmm } = stamp(options.now);
  const { sender, receiver } = options;
  const contact: string[] = [];
  if (digits(sender.phone) !== '') contact.push('TE', digits(sender.phone));
  if ((sender.email ?? '').trim() !== '') contact.push('EM', (sender.email ?? '').trim());
  return [
    ['ST', '837', controlNumber, IMPLEMENTATION[kind]],
    ['BHT', '0019', '00', `${interchangeControl(options)}${controlNumber}`, ccyymmdd, hhmm, 'CH'],
    ['NM1', '41', '2', text(sender.name, 60), '', '', '', '', '46', sender.id.trim()],
    ['PER', 'IC', text(sender.contactName, 60), ...contact],
    ['NM1', '40', '2', text(receiver.name, 60), '', '', '', '', '46', receiver.id.trim()],
  ];
}

/** SE counts every segment from ST to SE, both included. */
export function closeTransaction(segmentsSinceST: number, controlNumber: string): SegmentData {
  return ['SE', String(segmentsSinceST + 1), controlNumber];
}

export function closeInterchange(options: Build837Options, transactions: number): SegmentData[] {
  return [
    ['GE', String(transactions), String(options.groupControlNumber)],
    ['IEA', '1', interchangeControl(options)],
  ];
}
