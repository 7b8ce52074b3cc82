import { pathToFileURL } from 'node:url';
import { readX12 } from '../server/edi/x12/readX12.ts';
import { print, summarise, timeSync } from './stats.ts';

const CLAIMS = Number(process.env.BENCH_X12_CLAIMS ?? 5_000);
const RUNS = 15;

/**
 * A synthetic 835 of `claims` claims with `linesOf(claim)` paid lines each (three by default,
 * about 2.6 MB for 5,000 claims; one to three, about 1.9 MB, the size the ERA target names).
 */
export function synthetic835(claims: number, linesOf: (claim: number) => number = () => 3): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const parts = [
    'ISA*00*          *00*          *ZZ*PAYER          *ZZ*PROVIDER       *240102*0930*^*00501*000000001*0*P*:~\n',
    'GS*HP*PAYER*PROVIDER*20240102*0930*1*X*005010X221A1~\n',
    'ST*835*0001~\n',
    'BPR*I*{TOTAL}*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*20240102~\n',
    'TRN*1*12345*1512345678~\n',
    'N1*PR*SYNTHETIC HEALTH PLAN~\nN1*PE*LAKESIDE MEDICAL GROUP*XX*1234567893~\n',
  ];
  let segments = 5;
  let total = 0;
  // Each line: 116.75 billed, 24.91 contractual, 11.67 deductible, 80.17 paid; the file balances.
  for (let claim = 1; claim <= claims; claim++) {
    const lines = linesOf(claim);
    total += lines * 8_017;
    parts.push(
      `LX*${claim}~\n`,
      `CLP*${100000 + claim}*1*${money(lines * 11_675)}*${money(lines * 8_017)}*${money(lines * 1_167)}*12*94060555410${claim}*11*1~\n`,
      `NM1*QC*1*PATIENT*SYNTHETIC*Q***MI*W${claim}00001~\nDTM*232*20240101~\n`,
    );
    segments += 4;
    for (let line = 1; line <= lines; line++) {
      parts.push(
        `SVC*HC:9921${line}:25*116.75*80.17**1~\nDTM*472*20240101~\nCAS*CO*45*24.91~\nCAS*PR*2*11.67~\nREF*6R*${claim}-${line}~\nAMT*B6*91.84~\nLQ*HE*N130~\n`,
      );
      segments += 7;
    }
  }
  parts[3] = (parts[3] ?? '').replace('{TOTAL}', money(total));
  parts.push(`SE*${segments + 1}*0001~\n`, 'GE*1*1~\n', 'IEA*1*000000001~\n');
  return parts.join('');
}

/** Tokenize and nest a generated 2 MB 835; the typed 835 model built on top is measured by the ERA bench. */
export function benchX12Read(): void {
  const text = synthetic835(CLAIMS);
  const megabytes = text.length / 1_000_000;
  let segments = 0;
  for (let warm = 0; warm < 3; warm++) readX12(text);
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    samples.push(
      timeSync(() => {
        const document = readX12(text);
        if (document.errors.length > 0) throw new Error(document.errors[0]?.message);
        segments = document.interchanges[0]?.groups[0]?.transactions[0]?.segments.length ?? 0;
      }),
    );
  }
  const stats = summarise(samples);
  print({
    bench: 'x12 read',
    claims: CLAIMS,
    megabytes: Math.round(megabytes * 100) / 100,
    segments,
    ...stats,
    mbPerSecond: Math.round(megabytes / (stats.p50 / 1000)),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchX12Read();
