import { X12Parser } from 'node-x12';
import { pathToFileURL } from 'node:url';
import { read277 } from '../server/edi/acknowledgements/read277.ts';
import type { Claim837, Transaction837 } from '../server/payerSim/clearinghouse/read837.ts';
import { write277ca } from '../server/payerSim/clearinghouse/write277ca.ts';
import { print, summarise, timeSync } from './stats.ts';

const CLAIMS = Number(process.env.BENCH_ACK_CLAIMS ?? 5_000);
const RUNS = 15;

function measure(work: () => void): ReturnType<typeof summarise> {
  for (let warm = 0; warm < 3; warm++) work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(timeSync(work));
  return summarise(samples);
}

/** A claim of two lines as an 837 carries it; every 50th has no member ID, so the 277CA rejects it (A7:164:IL). */
function claim(index: number): Claim837 {
  const line = (procedure: string, chargeCents: number) => ({
    procedure,
    modifiers: [],
    revenueCode: '',
    chargeCents,
    units: 1,
    serviceDate: '2026-10-01',
    lineControlNumber: null,
  });
  return {
    claimID: String(100_000 + index),
    chargeCents: 15_500,
    subscriber: { lastName: 'PATIENT', firstName: `N${index}`, memberID: index % 50 === 0 ? '' : `M${index}` },
    patient: { lastName: 'PATIENT', firstName: `N${index}` },
    payer: { name: 'ACME HEALTH PLAN', id: '60054' },
    billingProvider: { name: 'DEMO CLINIC', npi: '1234567893' },
    statementFrom: '',
    statementTo: '',
    lines: [line('99213', 12_000), line('36415', 3_500)],
  };
}

/**
 * A 277CA answering an 837 of 5,000 claims in ten transaction sets (the payer simulator's writer
 * makes it, one claim in fifty rejected), read into the claim status model by our reader, beside
 * node-x12 (the most used X12 parser on npm) parsing the same text into its generic segment tree
 * in the same run.
 */
export function benchAcknowledgementRead(): void {
  const perSet = Math.ceil(CLAIMS / 10);
  const transactions: Transaction837[] = Array.from({ length: 10 }, (_, set) => ({
    controlNumber: String(set + 1).padStart(4, '0'),
    implementationReference: '005010X222A1',
    claims: Array.from({ length: perSet }, (_, index) => claim(set * perSet + index)),
    problem: null,
  }));
  const { text, rejected } = write277ca(transactions, {
    controlNumber: 77,
    interchange: '000000501',
    now: new Date('2026-11-27T12:00:00Z'),
    sender: { qualifier: 'ZZ', id: 'CLEARINGHOUSE' },
    receiver: { qualifier: 'ZZ', id: 'DEMOBILLING' },
    submitter: { name: 'DEMO BILLING', id: '123456789' },
  });
  const megabytes = Math.round((text.length / 1_000_000) * 100) / 100;
  const ours = measure(() => {
    const document = read277(text);
    if (document.problemCount > 0) throw new Error(document.problems[0]?.message);
  });
  const theirs = measure(() => {
    new X12Parser(true).parse(text);
  });
  print({
    bench: '277CA read into the claim status model, against node-x12 parsing the same file',
    claims: CLAIMS,
    rejected: rejected.length,
    megabytes,
    ours,
    nodeX12: theirs,
    timesFaster: Math.round((theirs.p50 / ours.p50) * 10) / 10,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchAcknowledgementRead();
