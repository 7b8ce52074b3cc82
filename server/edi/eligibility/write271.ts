/**
 * An eligibility reply (271, 005010X279A1) written from what a payer decided: one transaction
 * set answering one 270, the payer (2000A), the provider who asked (2000B), and per question the
 * subscriber (2000C) or the subscriber and the dependent it was about (2000D). The payer
 * simulator writes its answers with it; the reader (read271) reads them back.
 */
import { date8, identifier, money, stamp, text } from '../837/format837.ts';
import { STANDARD_DELIMITERS } from '../x12/delimiters.ts';
import { writeX12, type SegmentData } from '../x12/writeX12.ts';

export const IMPLEMENTATION_271 = '005010X279A1';

/** AAA: the payer could not answer. Codes as in codes271.ts (REJECT_REASONS, FOLLOW_UP_ACTIONS). */
export interface Rejection271 {
  validRequest: boolean;
  reason: string;
  followUp: string;
}

/** One EB line; codes as in codes271.ts. */
export interface Benefit271 {
  benefit: string;
  coverageLevel?: string;
  /** EB03: one service type a line (30 the plan, 98 office visit). */
  serviceType?: string;
  insuranceType?: string;
  planDescription?: string;
  timePeriod?: string;
  amountCents?: number | null;
  /** 20 for 20 percent (written .2). */
  percent?: number | null;
  /** Y in network, N out of network. */
  inNetwork?: string;
  messages?: readonly string[];
}

/** DTP of the member: a day (from === to) or a range. */
export interface Date271 {
  qualifier: string;
  from: string;
  to?: string;
}

/** A subscriber or dependent as answered (loop 2000C/2100C/2110C or 2000D/2100D/2110D). */
export interface Member271 {
  /** TRN02 of the question, echoed back as TRN01 2. */
  traceNumber?: string | null;
  traceOriginator?: string | null;
  lastName: string;
  firstName?: string | null;
  /** MI; a dependent without an id of their own has none. */
  memberID?: string | null;
  birthDate?: string | null;
  gender?: string | null;
  /** INS02 for a dependent (19 child, 01 spouse, ...). */
  relationship?: string | null;
  rejections?: readonly Rejection271[];
  dates?: readonly Date271[];
  benefits?: readonly Benefit271[];
}

export interface Answer271 {
  subscriber: Member271;
  dependent?: Member271 | null;
}

export interface Reply271 {
  sender: string;
  receiver: string;
  interchangeControlNumber: number;
  /** BHT03: the reference of the 270 answered. */
  reference: string;
  now: Date;
  usage: 'P' | 'T';
  payer: { name: string; payerID: string };
  provider: { npi: string; organizationName?: string | null; lastName?: string | null; firstName?: string | null };
  /** AAA in 2100A: the payer cannot answer at all. */
  payerRejections?: readonly Rejection271[];
  answers: readonly Answer271[];
}

function isaField(value: string, width: number): string {
  return value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');
}

function rejection(aaa: Rejection271): SegmentData {
  return ['AAA', aaa.validRequest ? 'Y' : 'N', '', aaa.reason, aaa.followUp];
}

function percent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // 20 -> .2, 12.5 -> .125: the guide writes a decimal fraction without a leading zero.
  return String(Math.round(value * 1000) / 100000).replace(/^0(?=\.)/, '');
}

function benefit(line: Benefit271): SegmentData[] {
  const segments: SegmentData[] = [
    [
      'EB',
      line.benefit,
      line.coverageLevel ?? '',
      line.serviceType ?? '',
      line.insuranceType ?? '',
      text(line.planDescription, 50),
      line.timePeriod ?? '',
      line.amountCents === null || line.amountCents === undefined ? '' : money(line.amountCents),
      percent(line.percent),
      '',
      '',
      '',
      line.inNetwork ?? '',
    ],
  ];
  for (const message of line.messages ?? []) segments.push(['MSG', text(message, 264)]);
  return segments;
}

function date(value: Date271): SegmentData {
  const to = value.to ?? value.from;
  return to === value.from
    ? ['DTP', value.qualifier, 'D8', date8(value.from)]
    : ['DTP', value.qualifier, 'RD8', `${date8(value.from)}-${date8(to)}`];
}

/** 2100 and 2110 of one member, after its HL and TRN. */
function memberLoops(member: Member271, entity: 'IL' | '03'): SegmentData[] {
  const id = identifier(member.memberID, 80);
  const segments: SegmentData[] = [
    ['NM1', entity, '1', text(member.lastName, 60), text(member.firstName, 35), '', '', '', id === '' ? '' : 'MI', id],
  ];
  for (const aaa of member.rejections ?? []) segments.push(rejection(aaa));
  const birth = (member.birthDate ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(birth)) segments.push(['DMG', 'D8', date8(birth), member.gender ?? '']);
  if (member.relationship) segments.push(['INS', 'N', member.relationship]);
  for (const value of member.dates ?? []) segments.push(date(value));
  for (const line of member.benefits ?? []) segments.push(...benefit(line));
  return segments;
}

function trace(member: Member271): SegmentData[] {
  const number = identifier(member.traceNumber, 50);
  return number === '' ? [] : [['TRN', '2', number, (member.traceOriginator ?? '').trim()]];
}

/** The 271 text, envelope included. */
export function write271(reply: Reply271): string {
  const { ccyymmdd, yymmdd, hhmm } = stamp(reply.now);
  const control = String(reply.interchangeControlNumber).padStart(9, '0');
  const sender = isaField(reply.sender, 15);
  const receiver = isaField(reply.receiver, 15);
  const provider = reply.provider;
  const organization = text(provider.organizationName, 60);
  const body: SegmentData[] = [
    ['ST', '271', '0001', IMPLEMENTATION_271],
    ['BHT', '0022', '11', identifier(reply.reference, 50), ccyymmdd, hhmm],
    ['HL', '1', '', '20', '1'],
    ['NM1', 'PR', '2', text(reply.payer.name, 60), '', '', '', '', 'PI', reply.payer.payerID.trim()],
    ...(reply.payerRejections ?? []).map(rejection),
  ];
  if ((reply.payerRejections ?? []).length === 0) {
    body.push(
      ['HL', '2', '1', '21', '1'],
      organization !== ''
        ? ['NM1', '1P', '2', organization, '', '', '', '', 'XX', provider.npi.trim()]
        : [
            'NM1',
            '1P',
            '1',
            text(provider.lastName, 60),
            text(provider.firstName, 35),
            '',
            '',
            '',
            'XX',
            provider.npi.trim(),
          ],
    );
    let hl = 3;
    for (const answer of reply.answers) {
      const subscriberHL = hl;
      const dependent = answer.dependent ?? null;
      body.push(['HL', String(subscriberHL), '2', '22', dependent ? '1' : '0']);
      // A dependent's question is answered in 2000D: the trace goes there, not on the subscriber.
      if (!dependent) body.push(...trace(answer.subscriber));
      body.push(...memberLoops(answer.subscriber, 'IL'));
      hl += 1;
      if (dependent) {
        body.push(
          ['HL', String(hl), String(subscriberHL), '23', '0'],
          ...trace(dependent),
          ...memberLoops(dependent, '03'),
        );
        hl += 1;
      }
    }
  }
  body.push(['SE', String(body.length + 1), '0001']);
  return writeX12(
    [
      [
        'ISA',
        '00',
        ' '.repeat(10),
        '00',
        ' '.repeat(10),
        'ZZ',
        sender,
        'ZZ',
        receiver,
        yymmdd,
        hhmm,
        STANDARD_DELIMITERS.repetition ?? '^',
        '00501',
        control,
        '0',
        reply.usage,
        STANDARD_DELIMITERS.component,
      ],
      ['GS', 'HB', sender.trim(), receiver.trim(), ccyymmdd, hhmm, '1', 'X', IMPLEMENTATION_271],
      ...body,
      ['GE', '1', '1'],
      ['IEA', '1', control],
    ],
    { lineBreaks: true },
  );
}
