import { date8, identifier, stamp, text } from '../837/format837.ts';
import { STANDARD_DELIMITERS } from '../x12/delimiters.ts';
import { writeX12, type SegmentData } from '../x12/writeX12.ts';
import { check270 } from './check270.ts';
import {
  Build270Error,
  type Build270Options,
  type Inquiry270,
  type Provider270,
  type SubscriberInquiry270,
} from './inquiry270.ts';

export const IMPLEMENTATION_270 = '005010X279A1';
/** The guide's limit on patient requests in one 270 sent in batch mode (real time wants one). */
export const PATIENTS_PER_TRANSACTION = 99;

/** ISA fields are fixed width, so their values are cleaned here, before padding, not by the writer. */
function isaField(value: string, width: number): string {
  return value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');
}

function envelope(options: Build270Options, transactions: number): { open: SegmentData[]; close: SegmentData[] } {
  const { ccyymmdd, yymmdd, hhmm } = stamp(options.now);
  const control = String(options.interchangeControlNumber).padStart(9, '0');
  const sender = isaField(options.sender.id, 15);
  const receiver = isaField(options.receiver.id, 15);
  const group = String(options.groupControlNumber);
  return {
    open: [
      [
        'ISA',
        '00',
        ' '.repeat(10),
        '00',
        ' '.repeat(10),
        isaField(options.sender.qualifier ?? 'ZZ', 2),
        sender,
        isaField(options.receiver.qualifier ?? 'ZZ', 2),
        receiver,
        yymmdd,
        hhmm,
        STANDARD_DELIMITERS.repetition ?? '^',
        '00501',
        control,
        '0',
        options.usage,
        STANDARD_DELIMITERS.component,
      ],
      ['GS', 'HS', sender.trim(), receiver.trim(), ccyymmdd, hhmm, group, 'X', IMPLEMENTATION_270],
    ],
    close: [
      ['GE', String(transactions), group],
      ['IEA', '1', control],
    ],
  };
}

function providerName(provider: Provider270): SegmentData {
  const npi = provider.npi.trim();
  const organization = text(provider.organizationName, 60);
  if (organization !== '') return ['NM1', '1P', '2', organization, '', '', '', '', 'XX', npi];
  return ['NM1', '1P', '1', text(provider.lastName, 60), text(provider.firstName, 35), '', '', '', 'XX', npi];
}

function trace(number: string | null | undefined, options: Build270Options): SegmentData[] {
  const value = identifier(number, 50);
  return value === '' ? [] : [['TRN', '1', value, (options.traceOriginator ?? '').trim()]];
}

function demographics(birthDate: string | null | undefined, gender: string | null | undefined): SegmentData[] {
  if ((birthDate ?? '').trim() === '') return [];
  return [['DMG', 'D8', date8((birthDate as string).trim()), gender ?? '']];
}

/** DTP*291 then one EQ (loop 2110C/D) per service type asked, 30 when none. */
function questions(subscriber: SubscriberInquiry270): SegmentData[] {
  const segments: SegmentData[] = [];
  const from = (subscriber.serviceDate ?? '').trim();
  const to = (subscriber.serviceDateTo ?? '').trim() || from;
  if (from !== '')
    segments.push(
      from === to ? ['DTP', '291', 'D8', date8(from)] : ['DTP', '291', 'RD8', `${date8(from)}-${date8(to)}`],
    );
  const types = subscriber.serviceTypes?.length ? subscriber.serviceTypes : ['30'];
  for (const type of new Set(types)) segments.push(['EQ', type]);
  return segments;
}

/** Loop 2000C with its 2100C and 2110C, or with 2000D/2100D/2110D when the patient is a dependent. */
function subscriberLoops(
  subscriber: SubscriberInquiry270,
  hl: number,
  receiverHL: number,
  options: Build270Options,
): SegmentData[] {
  const { dependent } = subscriber;
  const segments: SegmentData[] = [
    ['HL', String(hl), String(receiverHL), '22', dependent ? '1' : '0'],
    ...trace(subscriber.traceNumber, options),
    [
      'NM1',
      'IL',
      '1',
      text(subscriber.lastName, 60),
      text(subscriber.firstName, 35),
      text(subscriber.middleName, 25),
      '',
      text(subscriber.suffix, 10),
      // A search without a member ID leaves NM108/NM109 out: the payer looks up name and birth date.
      ...(identifier(subscriber.memberID, 80) === '' ? [] : ['MI', identifier(subscriber.memberID, 80)]),
    ],
  ];
  const group = identifier(subscriber.groupNumber, 50);
  if (group !== '') segments.push(['REF', '6P', group]);
  segments.push(...demographics(subscriber.birthDate, subscriber.gender));
  if (!dependent) return [...segments, ...questions(subscriber)];
  return [
    ...segments,
    ['HL', String(hl + 1), String(hl), '23', '0'],
    ...trace(dependent.traceNumber, options),
    ['NM1', '03', '1', text(dependent.lastName, 60), text(dependent.firstName, 35)],
    ...demographics(dependent.birthDate, dependent.gender),
    ...questions(subscriber),
  ];
}

/**
 * An eligibility inquiry (270, 005010X279A1) for one payer, asked by one provider, about one or
 * more subscribers (and a dependent of each where the patient is one), in transaction sets of at
 * most 99 patients (the guide's batch limit; a real-time inquiry asks about one).
 * Everything is checked before anything is written: when anything is wrong, a Build270Error
 * lists every problem.
 */
export function build270(inquiry: Inquiry270, options: Build270Options): string {
  const problems = check270(inquiry, options);
  if (problems.length > 0) throw new Build270Error(problems);
  const { ccyymmdd, hhmm } = stamp(options.now);
  const perTransaction = Math.max(
    1,
    Math.min(PATIENTS_PER_TRANSACTION, options.patientsPerTransaction ?? PATIENTS_PER_TRANSACTION),
  );
  const transactions = Math.ceil(inquiry.subscribers.length / perTransaction);
  const { open, close } = envelope(options, transactions);
  const segments: SegmentData[] = [...open];
  for (let transaction = 0; transaction < transactions; transaction++) {
    const control = String(transaction + 1).padStart(4, '0');
    const reference =
      identifier(options.reference, 50) || `${String(options.interchangeControlNumber).padStart(9, '0')}${control}`;
    const body: SegmentData[] = [
      ['ST', '270', control, IMPLEMENTATION_270],
      ['BHT', '0022', '13', reference, ccyymmdd, hhmm],
      ['HL', '1', '', '20', '1'],
      ['NM1', 'PR', '2', text(inquiry.payer.name, 60), '', '', '', '', 'PI', inquiry.payer.payerID.trim()],
      ['HL', '2', '1', '21', '1'],
      providerName(inquiry.provider),
    ];
    // Each subscriber inquiry is one patient: the subscriber, or the dependent when there is one.
    const batch = inquiry.subscribers.slice(transaction * perTransaction, (transaction + 1) * perTransaction);
    let hl = 3;
    for (const subscriber of batch) {
      body.push(...subscriberLoops(subscriber, hl, 2, options));
      hl += subscriber.dependent ? 2 : 1;
    }
    body.push(['SE', String(body.length + 1), control]);
    segments.push(...body);
  }
  segments.push(...close);
  return writeX12(segments, { lineBreaks: options.lineBreaks ?? true });
}
