import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { loadReferenceData } from '../reference/load.ts';
import {
  appendDemoClaims,
  DEFAULT_DEMO_CLAIMS,
  hasDemoData,
  isDatabaseEmpty,
  seedDemo,
  type SeedSummary,
} from './generator.ts';

// npm run seed -- [--claims 5000] [--seed 42] [--now 2026-11-22] [--append]
// DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data).
const usage = 'Usage: npm run seed -- [--claims N] [--seed N] [--now YYYY-MM-DD] [--append]';

function wholeNumber(name: string, text: string | undefined, fallback: number | undefined): number | undefined {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number >= 0. ${usage}`);
  return value;
}

function parseNow(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(`${text}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()))
    throw new Error(`--now must be YYYY-MM-DD. ${usage}`);
  return date;
}

function printSummary(summary: SeedSummary, seconds: number): void {
  const rows: [string, number][] = [
    ['groups', summary.groups],
    ['practices', summary.practices],
    ['providers', summary.providers],
    ['patients', summary.patients],
    ['claims', summary.claims],
    ['charges', summary.charges],
    ['ledger entries', summary.ledgerEntries],
    ['users', summary.users],
  ];
  console.log(
    `Seed ${summary.seed}: added ${summary.claimsAdded.toLocaleString('en-US')} claims in ${seconds.toFixed(1)} s. The database now holds:`,
  );
  for (const [label, count] of rows) console.log(`  ${label.padEnd(15)} ${count.toLocaleString('en-US').padStart(12)}`);
}

async function open(): Promise<{ db: Db; where: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return { db: await openPostgres(url), where: 'PostgreSQL (DATABASE_URL)' };
  const dataDir = process.env.DATA_DIR ?? './data';
  return { db: await openDatabase({ dataDir }), where: `PGlite in ${dataDir}` };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      claims: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      append: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const claims = wholeNumber('claims', values.claims, DEFAULT_DEMO_CLAIMS) ?? DEFAULT_DEMO_CLAIMS;
  const seed = wholeNumber('seed', values.seed, undefined);
  const now = parseNow(values.now);

  const started = performance.now();
  const { db, where } = await open();
  try {
    console.log(`Database: ${where}`);
    await migrate(db);
    await loadReferenceData(db);
    console.log(`Migrations and code lists ready (${((performance.now() - started) / 1000).toFixed(1)} s).`);

    const empty = await isDatabaseEmpty(db);
    if (!empty && !values.append) {
      console.error(
        'Refusing to seed: the database already has users. Use --append to add claims to the existing demo data, or point DATA_DIR / DATABASE_URL at an empty database.',
      );
      return 1;
    }
    if (values.append && !(await hasDemoData(db))) {
      console.error(
        'Cannot append: the database has no demo data (Lakeside Medical Billing and admin@demo.test). Seed it first without --append.',
      );
      return 1;
    }

    let lastShown = 0;
    const onProgress = (done: number, total: number): void => {
      const at = performance.now();
      if (done === total || at - lastShown > 5_000) {
        lastShown = at;
        console.log(
          `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} claims (${((at - started) / 1000).toFixed(0)} s)`,
        );
      }
    };
    const options = { claims, onProgress, ...(seed === undefined ? {} : { seed }), ...(now ? { now } : {}) };
    const summary = values.append ? await appendDemoClaims(db, options) : await seedDemo(db, options);
    printSummary(summary, (performance.now() - started) / 1000);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
