/** The simulated clearinghouse's interchanges: ISA/GS around its transactions, SE/GE/IEA counted. */
import { writeX12, type SegmentData } from '../../edi/x12/writeX12.ts';

export interface EnvelopeParty {
  qualifier: string;
  id: string;
}

export interface EnvelopeOptions {
  sender: EnvelopeParty;
  receiver: EnvelopeParty;
  /** ISA13 and GS06 (one group a file). */
  controlNumber: number;
  /** GS01: FA for a 999, HN for a 277CA, HP for an 835. */
  functionalCode: string;
  /** GS08 and ST03. */
  version: string;
  now: Date;
}

const isaField = (value: string, width: number) =>
  value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');

const digits = (date: Date) => date.toISOString().replace(/\D/g, '');

/** CCYYMMDD and HHMM of a moment, in UTC. */
export function stamp(now: Date): { date: string; time: string } {
  const all = digits(now);
  return { date: all.slice(0, 8), time: all.slice(8, 12) };
}

/** One interchange of one functional group; each transaction is its segments from ST to before SE. */
export function writeInterchange(options: EnvelopeOptions, transactions: readonly SegmentData[][]): string {
  const control = String(options.controlNumber).padStart(9, '0');
  const { date, time } = stamp(options.now);
  const body: SegmentData[] = [];
  transactions.forEach((segments, index) => {
    const st = String(index + 1).padStart(4, '0');
    body.push(['ST', segments[0]?.[1] as string, st, options.version], ...segments.slice(1));
    body.push(['SE', String(segments.length + 1), st]);
  });
  return writeX12([
    [
      'ISA',
      '00',
      ' '.repeat(10),
      '00',
      ' '.repeat(10),
      isaField(options.sender.qualifier, 2),
      isaField(options.sender.id, 15),
      isaField(options.receiver.qualifier, 2),
      isaField(options.receiver.id, 15),
      date.slice(2),
      time,
      '^',
      '00501',
      control,
      '0',
      'P',
      ':',
    ],
    [
      'GS',
      options.functionalCode,
      options.sender.id,
      options.receiver.id,
      date,
      time,
      String(options.controlNumber),
      'X',
      options.version,
    ],
    ...body,
    ['GE', String(transactions.length), String(options.controlNumber)],
    ['IEA', '1', control],
  ]);
}

export const money = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const dollars = Math.floor(whole / 100);
  const rest = whole % 100;
  return rest === 0 ? `${sign}${dollars}` : `${sign}${dollars}.${String(rest).padStart(2, '0')}`;
};
