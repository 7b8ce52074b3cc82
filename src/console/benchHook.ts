/**
 * For bench/palette.ts only: `window.__registerBenchCommands(n)` registers n synthetic commands so
 * the palette can be timed with 500 of them. It exists only in a build made with
 * VITE_CONSOLE_BENCH=1; in every other build the constant check below removes the rest.
 */
import { registerCommands } from './registry.ts';
import type { Command } from './types.ts';

const VERBS = [
  'Review',
  'Reassign',
  'Rescrub',
  'Resubmit',
  'Write off',
  'Appeal',
  'Hold',
  'Release',
  'Print',
  'Export',
];
const THINGS = [
  'denied claims',
  'secondary claims',
  'credit balances',
  'ERA postings',
  'patient statements',
  'charge batches',
  'aging buckets',
  'eligibility checks',
  'payer follow-ups',
  'timely filing',
];

function syntheticCommands(count: number): Command[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `bench.${index}`,
    title: `${VERBS[index % VERBS.length]} ${THINGS[Math.floor(index / VERBS.length) % THINGS.length]} #${index}`,
    group: `Bench ${index % 12}`,
    keywords: [`synthetic ${index}`],
    // Every fifth does not apply, so the "Not available here" section has work to do too.
    when: index % 5 === 0 ? () => false : undefined,
    run: () => undefined,
  }));
}

declare global {
  interface Window {
    __registerBenchCommands?: (count: number) => () => void;
  }
}

export function exposeBenchHook(): void {
  if (import.meta.env.VITE_CONSOLE_BENCH !== '1') return;
  window.__registerBenchCommands = (count) => registerCommands(syntheticCommands(count));
}
