/**
 * The simulated clearinghouse's reading of an 837 (P or I): the envelope it acknowledges and, per
 * claim, what the payer adjudicates (CLM01 and CLM02, subscriber, payer, billing provider, lines).
 * Envelope problems (counts and control numbers that do not agree) are kept for the 999.
 */
import { readX12 } from '../../edi/x12/readX12.ts';
import type { X12Error } from '../../edi/x12/x12Error.ts';

export interface Line837 {
  /** SV101-2 (837P) or SV202-2 (837I). */
  procedure: string;
  modifiers: string[];
  /** SV2's revenue code (837I), '' for a professional line. */
  revenueCode: string;
  chargeCents: number;
  units: number;
  /** YYYY-MM-DD, '' when the line has no DTP*472. */
  serviceDate: string;
  /** REF*6R. */
  lineControlNumber: string | null;
}

export interface Claim837 {
  claimID: string;
  chargeCents: number;
  subscriber: { lastName: string; firstName: string; memberID: string };
  patient: { lastName: string; firstName: string };
  payer: { name: string; id: string };
  billingProvider: { name: string; npi: string };
  /** DTP*434 (837I) as YYYY-MM-DD, '' when not given. */
  statementFrom: string;
  statementTo: string;
  lines: Line837[];
}

export interface Transaction837 {
  controlNumber: string;
  implementationReference: string;
  claims: Claim837[];
  /** Its SE's problem (segment count or control number), or its missing SE. */
  problem: X12Error | null;
}

export interface Group837 {
  senderCode: string;
  receiverCode: string;
  controlNumber: string;
  version: string;
  transactions: Transaction837[];
  /** Its GE's problems (transaction count or control number), or its missing GE. */
  problems: X12Error[];
}

export interface Read837 {
  senderQualifier: string;
  senderID: string;
  receiverQualifier: string;
  receiverID: string;
  interchangeControlNumber: string;
  /** The submitter (1000A NM1*41): whom the 277CA answers. */
  submitter: { name: string; id: string };
  groups: Group837[];
  /** Envelope and syntax problems the 999 rejects the file for. */
  problems: X12Error[];
}

const cents = (value: string): number => Math.round(Number(value || '0') * 100);
const isoDate = (value: string): string =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : '';

/** Reads an 837; null when the text holds no interchange at all. */
export function read837(text: string): Read837 | null {
  const document = readX12(text);
  const interchange = document.interchanges[0];
  if (!interchange) return null;
  const read: Read837 = {
    senderQualifier: interchange.sender.qualifier,
    senderID: interchange.sender.id,
    receiverQualifier: interchange.receiver.qualifier,
    receiverID: interchange.receiver.id,
    interchangeControlNumber: interchange.controlNumber,
    submitter: { name: '', id: '' },
    groups: [],
    problems: document.errors,
  };
  const component = interchange.delimiters.component;
  for (const group of interchange.groups) {
    const transactions: Transaction837[] = [];
    for (const transaction of group.transactions) {
      const claims: Claim837[] = [];
      let subscriber = { lastName: '', firstName: '', memberID: '' };
      let payer = { name: '', id: '' };
      let billingProvider = { name: '', npi: '' };
      let patient: { lastName: string; firstName: string } | null = null;
      let claim: Claim837 | null = null;
      let line: Line837 | null = null;
      for (const segment of transaction.segments) {
        const id = segment.id;
        if (id === 'HL') {
          // A new subscriber or patient level ends the claim before it.
          claim = null;
          line = null;
          if (segment.element(3) === '22') patient = null;
        } else if (id === 'NM1') {
          const entity = segment.element(1);
          const name = { lastName: segment.element(3), firstName: segment.element(4) };
          if (entity === '41') read.submitter = { name: segment.element(3), id: segment.element(9) };
          else if (entity === '85') billingProvider = { name: segment.element(3), npi: segment.element(9) };
          else if (entity === 'IL' && claim === null) subscriber = { ...name, memberID: segment.element(9) };
          else if (entity === 'PR' && claim === null) payer = { name: segment.element(3), id: segment.element(9) };
          else if (entity === 'QC' && claim === null) patient = name;
        } else if (id === 'CLM') {
          claim = {
            claimID: segment.element(1),
            chargeCents: cents(segment.element(2)),
            subscriber,
            patient: patient ?? { lastName: subscriber.lastName, firstName: subscriber.firstName },
            payer,
            billingProvider,
            statementFrom: '',
            statementTo: '',
            lines: [],
          };
          line = null;
          claims.push(claim);
        } else if (id === 'DTP' && claim !== null) {
          const [from = '', to = ''] = segment.element(3).split('-');
          if (segment.element(1) === '434') {
            claim.statementFrom = isoDate(from);
            claim.statementTo = isoDate(to || from);
          } else if (segment.element(1) === '472' && line !== null) line.serviceDate = isoDate(from);
        } else if (id === 'LX' && claim !== null) {
          line = {
            procedure: '',
            modifiers: [],
            revenueCode: '',
            chargeCents: 0,
            units: 1,
            serviceDate: '',
            lineControlNumber: null,
          };
          claim.lines.push(line);
        } else if ((id === 'SV1' || id === 'SV2') && line !== null) {
          const professional = id === 'SV1';
          const composite = segment.element(professional ? 1 : 2).split(component);
          line.procedure = composite[1] ?? '';
          line.modifiers = composite.slice(2).filter((modifier) => modifier !== '');
          line.revenueCode = professional ? '' : segment.element(1);
          line.chargeCents = cents(segment.element(professional ? 2 : 3));
          line.units = Number(segment.element(professional ? 4 : 5)) || 1;
        } else if (id === 'REF' && segment.element(1) === '6R' && line !== null) {
          line.lineControlNumber = segment.element(2);
        }
      }
      // An institutional line without a date of its own is dated by the claim's statement.
      for (const each of claims)
        for (const service of each.lines) if (service.serviceDate === '') service.serviceDate = each.statementFrom;
      const end = transaction.trailer?.position ?? Number.MAX_SAFE_INTEGER;
      transactions.push({
        controlNumber: transaction.controlNumber,
        implementationReference: transaction.implementationReference,
        claims,
        problem:
          document.errors.find(
            (problem) =>
              problem.segmentID !== 'GE' &&
              problem.segmentID !== 'IEA' &&
              problem.position >= transaction.header.position &&
              problem.position <= end,
          ) ?? null,
      });
    }
    read.groups.push({
      senderCode: group.senderCode,
      receiverCode: group.receiverCode,
      controlNumber: group.controlNumber,
      version: group.version,
      transactions,
      problems: document.errors.filter(
        (problem) =>
          problem.segmentID === 'GE' &&
          problem.position >= group.header.position &&
          problem.position <= (group.trailer?.position ?? Number.MAX_SAFE_INTEGER),
      ),
    });
  }
  return read;
}
