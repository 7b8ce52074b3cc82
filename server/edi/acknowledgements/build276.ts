/**
 * A claim status inquiry (276, 005010X212): one payer (2000A), one information receiver, us
 * (2000B), each billing provider once (2000C), and per claim its subscriber (2000D) and, when the
 * patient is a dependent, the dependent (2000E) with the claim's status tracking (2200D/E): TRN
 * (our trace, which the 277 echoes), REF*1K (the payer's claim number, once known), REF*BLT (an
 * institutional claim's bill type), REF*EJ (the patient control number we sent, CLM01), AMT*T3
 * (the total charge) and DTP*472 (the service dates). Everything is checked before anything is
 * written; a Build276Error lists every problem.
 */
import { date8, identifier, money, period, stamp, text } from '../837/format837.ts';
import { STANDARD_DELIMITERS } from '../x12/delimiters.ts';
import { writeX12, type SegmentData } from '../x12/writeX12.ts';

export const IMPLEMENTATION_276 = '005010X212';

export interface Person276 {
  lastName: string;
  firstName: string;
  birthDate?: string | null;
  /** M, F or U. */
  gender?: string | null;
}

export interface ClaimInquiry276 {
  /** TRN02: unique per claim and inquiry; the 277 answers with it. */
  traceNumber: string;
  /** REF*EJ: CLM01 as we sent it. */
  patientControlNumber: string;
  payerClaimNumber?: string | null;
  /** REF*BLT: an institutional claim's bill type (e.g. 131). */
  billType?: string | null;
  totalChargeCents: number;
  serviceFrom: string;
  serviceTo: string;
  subscriber: Person276 & { memberID: string };
  /** The patient when not the subscriber. */
  dependent?: Person276 | null;
  provider: { npi: string; organizationName?: string | null; lastName?: string | null; firstName?: string | null };
}

export interface Inquiry276 {
  payer: { name: string; payerID: string };
  /** Loop 2100B: who asks, with the ETIN or tax ID the clearinghouse knows us by. */
  receiver: { name: string; id: string };
  claims: ClaimInquiry276[];
}

export interface Build276Options {
  sender: { id: string; qualifier?: string };
  receiver: { id: string; qualifier?: string };
  interchangeControlNumber: number;
  groupControlNumber: number;
  now: Date;
  usage: 'P' | 'T';
  lineBreaks?: boolean;
}

export class Build276Error extends Error {
  constructor(readonly problems: string[]) {
    super(`The claim status inquiry cannot be written: ${problems.join(' ')}`);
    this.name = 'Build276Error';
  }
}

function isaField(value: string, width: number): string {
  return value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function check(inquiry: Inquiry276, options: Build276Options): string[] {
  const problems: string[] = [];
  if (inquiry.claims.length === 0) problems.push('No claims to ask about.');
  if (inquiry.payer.payerID.trim() === '') problems.push(`The payer ${inquiry.payer.name} has no payer ID.`);
  if (inquiry.receiver.id.trim() === '') problems.push('The information receiver has no ID (tax ID or ETIN).');
  if (
    !Number.isInteger(options.interchangeControlNumber) ||
    options.interchangeControlNumber < 1 ||
    options.interchangeControlNumber > 999_999_999
  )
    problems.push('The interchange control number must be a whole number from 1 to 999999999.');
  const traces = new Set<string>();
  for (const claim of inquiry.claims) {
    const name = `Claim ${claim.patientControlNumber}`;
    if (claim.traceNumber.trim() === '') problems.push(`${name} has no trace number.`);
    else if (traces.has(claim.traceNumber)) problems.push(`${name}: trace number ${claim.traceNumber} is used twice.`);
    traces.add(claim.traceNumber);
    if (!/^\d{10}$/.test(claim.provider.npi.trim()))
      problems.push(`${name}: the billing provider's NPI must be 10 digits.`);
    if (claim.subscriber.memberID.trim() === '') problems.push(`${name}: the subscriber has no member ID.`);
    if (claim.subscriber.lastName.trim() === '') problems.push(`${name}: the subscriber has no last name.`);
    if (!ISO_DATE.test(claim.serviceFrom) || !ISO_DATE.test(claim.serviceTo))
      problems.push(`${name}: the service dates are not dates.`);
    if (!Number.isInteger(claim.totalChargeCents) || claim.totalChargeCents < 0)
      problems.push(`${name}: the total charge is not an amount.`);
  }
  return problems;
}

function demographics(person: Person276): SegmentData[] {
  const birth = (person.birthDate ?? '').trim();
  return ISO_DATE.test(birth) ? [['DMG', 'D8', date8(birth), person.gender ?? '']] : [];
}

function tracking(claim: ClaimInquiry276): SegmentData[] {
  const segments: SegmentData[] = [['TRN', '1', identifier(claim.traceNumber, 50)]];
  const payerClaim = identifier(claim.payerClaimNumber, 50);
  if (payerClaim !== '') segments.push(['REF', '1K', payerClaim]);
  const billType = identifier(claim.billType, 4);
  if (billType !== '') segments.push(['REF', 'BLT', billType]);
  segments.push(
    ['REF', 'EJ', identifier(claim.patientControlNumber, 50)],
    ['AMT', 'T3', money(claim.totalChargeCents)],
    ['DTP', '472', ...period(claim.serviceFrom, claim.serviceTo)],
  );
  return segments;
}

function providerName(provider: ClaimInquiry276['provider']): SegmentData {
  const organization = text(provider.organizationName, 60);
  if (organization !== '') return ['NM1', '1P', '2', organization, '', '', '', '', 'XX', provider.npi.trim()];
  return [
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
  ];
}

export function build276(inquiry: Inquiry276, options: Build276Options): string {
  const problems = check(inquiry, options);
  if (problems.length > 0) throw new Build276Error(problems);
  const { ccyymmdd, yymmdd, hhmm } = stamp(options.now);
  const control = String(options.interchangeControlNumber).padStart(9, '0');
  const group = String(options.groupControlNumber);
  const sender = isaField(options.sender.id, 15);
  const receiver = isaField(options.receiver.id, 15);
  const body: SegmentData[] = [
    ['ST', '276', '0001', IMPLEMENTATION_276],
    ['BHT', '0010', '13', `${control}0001`, ccyymmdd, hhmm],
    ['HL', '1', '', '20', '1'],
    ['NM1', 'PR', '2', text(inquiry.payer.name, 60), '', '', '', '', 'PI', inquiry.payer.payerID.trim()],
    ['HL', '2', '1', '21', '1'],
    ['NM1', '41', '2', text(inquiry.receiver.name, 60), '', '', '', '', '46', inquiry.receiver.id.trim()],
  ];
  let hl = 3;
  const byProvider = new Map<string, ClaimInquiry276[]>();
  for (const claim of inquiry.claims) {
    const key = claim.provider.npi.trim();
    byProvider.set(key, [...(byProvider.get(key) ?? []), claim]);
  }
  for (const claims of byProvider.values()) {
    const providerHL = hl++;
    body.push(['HL', String(providerHL), '2', '19', '1'], providerName((claims[0] as ClaimInquiry276).provider));
    for (const claim of claims) {
      const subscriberHL = hl++;
      const dependent = claim.dependent ?? null;
      body.push(
        ['HL', String(subscriberHL), String(providerHL), '22', dependent ? '1' : '0'],
        ...(dependent ? [] : demographics(claim.subscriber)),
        [
          'NM1',
          'IL',
          '1',
          text(claim.subscriber.lastName, 60),
          text(claim.subscriber.firstName, 35),
          '',
          '',
          '',
          'MI',
          identifier(claim.subscriber.memberID, 80),
        ],
      );
      if (dependent) {
        body.push(['HL', String(hl++), String(subscriberHL), '23'], ...demographics(dependent), [
          'NM1',
          'QC',
          '1',
          text(dependent.lastName, 60),
          text(dependent.firstName, 35),
        ]);
      }
      body.push(...tracking(claim));
    }
  }
  body.push(['SE', String(body.length + 1), '0001']);
  const segments: SegmentData[] = [
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
    ['GS', 'HR', sender.trim(), receiver.trim(), ccyymmdd, hhmm, group, 'X', IMPLEMENTATION_276],
    ...body,
    ['GE', '1', group],
    ['IEA', '1', control],
  ];
  return writeX12(segments, { lineBreaks: options.lineBreaks ?? true });
}
