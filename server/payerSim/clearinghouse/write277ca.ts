/**
 * The 277CA claim acknowledgement (005010X214) the simulated clearinghouse sends for each 837
 * transaction it accepted: the batch (information receiver) with how many claims were accepted
 * and rejected, then per claim (patient level) STC A2:20 "accepted for processing" with the
 * payer's claim control number, or A7 "rejected for invalid information" with the status code
 * and entity of the error found (a missing subscriber ID: A7:164:IL).
 */
import type { SegmentData } from '../../edi/x12/writeX12.ts';
import { money, stamp, writeInterchange, type EnvelopeParty } from './envelope.ts';
import type { Claim837, Transaction837 } from './read837.ts';

export const IMPLEMENTATION_277CA = '005010X214';

/** Why a claim is rejected: STC01-1 category A7, STC01-2 the status code, STC01-3 the entity. */
export interface ClaimRejection {
  code: string;
  entity: string;
  /** For the tests and the simulator's log, not written. */
  reason: string;
}

/** The errors a clearinghouse's front-end edits find in a claim; empty when it goes to the payer. */
export function claimRejection(claim: Claim837): ClaimRejection | null {
  if (claim.subscriber.memberID.trim() === '')
    return { code: '164', entity: 'IL', reason: "The subscriber's member ID is missing." };
  if (claim.lines.length === 0) return { code: '21', entity: '', reason: 'The claim has no service lines.' };
  const lines = claim.lines.reduce((sum, line) => sum + line.chargeCents, 0);
  if (lines !== claim.chargeCents)
    return { code: '178', entity: '', reason: "The claim's charge is not the sum of its lines." };
  if (claim.lines.some((line) => line.serviceDate === ''))
    return { code: '187', entity: '', reason: 'A service line has no date of service.' };
  return null;
}

/** The payer's claim control number for an accepted claim: stable for one claim and file. */
export const payerClaimControlNumber = (claim: Claim837, interchange: string) =>
  `SIM${interchange.replace(/^0+/, '')}${claim.claimID}`.slice(0, 30);

export interface Acknowledgement277 {
  text: string;
  accepted: Claim837[];
  rejected: { claim: Claim837; rejection: ClaimRejection }[];
}

function serviceDates(claim: Claim837): string {
  const dates = claim.lines
    .map((line) => line.serviceDate)
    .filter(Boolean)
    .sort();
  const from = (claim.statementFrom || dates[0] || '').replaceAll('-', '');
  const to = (claim.statementTo || dates.at(-1) || '').replaceAll('-', '');
  return from === to ? from : `${from}-${to}`;
}

export function write277ca(
  transactions: readonly Transaction837[],
  options: {
    controlNumber: number;
    interchange: string;
    now: Date;
    sender: EnvelopeParty;
    receiver: EnvelopeParty;
    submitter: { name: string; id: string };
  },
): Acknowledgement277 {
  const { date, time } = stamp(options.now);
  const accepted: Claim837[] = [];
  const rejected: Acknowledgement277['rejected'] = [];
  const sets: SegmentData[][] = [];
  for (const transaction of transactions) {
    const [first] = transaction.claims;
    if (!first) continue;
    const verdicts = transaction.claims.map((claim) => ({ claim, rejection: claimRejection(claim) }));
    const total = (list: typeof verdicts) => list.reduce((sum, verdict) => sum + verdict.claim.chargeCents, 0);
    const good = verdicts.filter((verdict) => verdict.rejection === null);
    const bad = verdicts.filter((verdict) => verdict.rejection !== null);
    const segments: SegmentData[] = [
      ['ST', '277'],
      ['BHT', '0085', '08', `${options.interchange}${transaction.controlNumber}`, date, time, 'TH'],
      ['HL', '1', '', '20', '1'],
      ['NM1', 'PR', '2', first.payer.name || 'SIMULATED PAYER', '', '', '', '', 'PI', first.payer.id || 'SIMPAYER'],
      ['TRN', '1', `${options.interchange}${transaction.controlNumber}`],
      ['DTP', '050', 'D8', date],
      ['DTP', '009', 'D8', date],
      ['HL', '2', '1', '21', '1'],
      [
        'NM1',
        '41',
        '2',
        options.submitter.name || 'SUBMITTER',
        '',
        '',
        '',
        '',
        '46',
        options.submitter.id || 'SUBMITTER',
      ],
      ['TRN', '2', options.interchange],
      ['STC', ['A1', '19', 'PR'], date, 'WQ', money(total(verdicts))],
      ['QTY', '90', String(good.length)],
      ['QTY', 'AA', String(bad.length)],
      ['AMT', 'YU', money(total(good))],
      ['AMT', 'YY', money(total(bad))],
    ];
    let hl = 2;
    const providers = new Map<string, typeof verdicts>();
    for (const verdict of verdicts) {
      const key = verdict.claim.billingProvider.npi;
      providers.set(key, [...(providers.get(key) ?? []), verdict]);
    }
    for (const [npi, list] of providers) {
      hl += 1;
      const providerHL = hl;
      const providerGood = list.filter((verdict) => verdict.rejection === null);
      const providerBad = list.filter((verdict) => verdict.rejection !== null);
      segments.push(
        ['HL', String(providerHL), '2', '19', '1'],
        ['NM1', '85', '2', list[0]?.claim.billingProvider.name || 'BILLING PROVIDER', '', '', '', '', 'XX', npi],
        ['TRN', '1', '0'],
        ['QTY', 'QA', String(providerGood.length)],
        ['QTY', 'QC', String(providerBad.length)],
        ['AMT', 'YU', money(total(providerGood))],
        ['AMT', 'YY', money(total(providerBad))],
      );
      for (const { claim, rejection } of list) {
        hl += 1;
        segments.push(
          ['HL', String(hl), String(providerHL), 'PT'],
          [
            'NM1',
            'QC',
            '1',
            claim.patient.lastName,
            claim.patient.firstName,
            '',
            '',
            '',
            'MI',
            claim.subscriber.memberID || 'UNKNOWN',
          ],
          ['TRN', '2', claim.claimID],
        );
        if (rejection === null) {
          segments.push(
            ['STC', ['A2', '20', 'PR'], date, 'WQ', money(claim.chargeCents)],
            ['REF', '1K', payerClaimControlNumber(claim, options.interchange)],
          );
          accepted.push(claim);
        } else {
          segments.push(['STC', ['A7', rejection.code, rejection.entity], date, 'U', money(claim.chargeCents)]);
          rejected.push({ claim, rejection });
        }
        segments.push(['DTP', '472', serviceDates(claim).includes('-') ? 'RD8' : 'D8', serviceDates(claim)]);
      }
    }
    sets.push(segments);
  }
  const text = writeInterchange(
    {
      sender: options.sender,
      receiver: options.receiver,
      controlNumber: options.controlNumber,
      functionalCode: 'HN',
      version: IMPLEMENTATION_277CA,
      now: options.now,
    },
    sets,
  );
  return { text, accepted, rejected };
}
