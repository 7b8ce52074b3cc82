import { X12Parser } from 'node-x12';
import { pathToFileURL } from 'node:url';
import { imbalancesOf } from '../server/edi/era/balance.ts';
import { readEra } from '../server/edi/era/readEra.ts';
import { print, summarise, timeSync } from './stats.ts';
import { synthetic835 } from './x12.ts';

const CLAIMS = Number(process.env.BENCH_ERA_CLAIMS ?? 5_000);
const RUNS = 15;

function measure(work: () => void): ReturnType<typeof summarise> {
  for (let warm = 0; warm < 3; warm++) work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(timeSync(work));
  return summarise(samples);
}

/**
 * An 835 of 5,000 claims with one to three lines each (about 1.9 MB, the size the target names)
 * read into the typed ERA model and balanced, beside node-x12
 * (the most used X12 parser on npm) parsing the same text into its generic segment tree in the
 * same run. Ours does more (typed claims, lines, adjustments, cents, balancing) and must still be
 * at least three times faster.
 */
export function benchEraRead(): void {
  const text = synthetic835(CLAIMS, (claim) => 1 + (claim % 3));
  const megabytes = Math.round((text.length / 1_000_000) * 100) / 100;
  let claims = 0;
  const ours = measure(() => {
    const document = readEra(text);
    if (document.problems.length > 0) throw new Error(document.problems[0]?.message);
    const [check] = document.checks;
    claims = check?.claims.length ?? 0;
    if (check) imbalancesOf(check);
  });
  const theirs = measure(() => {
    new X12Parser(true).parse(text);
  });
  print({
    bench: 'ERA 835 read into the typed model and balanced, against node-x12 parsing the same file',
    claims,
    megabytes,
    ours,
    nodeX12: theirs,
    mbPerSecond: Math.round(megabytes / (ours.p50 / 1000)),
    timesFaster: Math.round((theirs.p50 / ours.p50) * 10) / 10,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchEraRead();
