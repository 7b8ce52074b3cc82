/**
 * The aging reports at a million claims on PostgreSQL (BENCH_LARGE_DATABASE_URL) or PGlite (BENCH_LARGE_DATA_DIR), beside the bare
 * SQL aggregate of the same balances in the same run: every claim with a balance, in five buckets
 * by date of service, without the data role, the payer/patient split or any row names. Each
 * report is read as its first screen is: the first 100 rows and the totals of all. Skips itself
 * without the large database. Prints JSON lines; asserts nothing about time.
 */
import { pathToFileURL } from 'node:url';
import { migrate } from '../server/db/migrate.ts';
import { compactAndVacuumLedgerSums } from '../server/services/ledger/sumCompaction.ts';
import { agingReport } from '../server/services/reports/aging/agingReport.ts';
import { bucketSql } from '../server/services/reports/aging/agingSql.ts';
import { AGING_REPORT_KINDS, type AgingReportInput } from '../contract/agingReports.ts';
import { LARGE_DATABASE_NEEDED, openLargeDatabase } from './largeDatabase.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_AGING_ROUNDS ?? 10);

export async function benchAging(): Promise<void> {
  const large = await openLargeDatabase();
  if (!large) {
    print({ bench: 'aging', skipped: LARGE_DATABASE_NEEDED });
    return;
  }
  const { db, engine } = large;
  try {
    const migrateMs = await time(() => migrate(db));
    print({ bench: 'aging: migrations brought up to date', engine, ms: Math.round(migrateMs) });
    const [{ claims } = { claims: 0 }] = await db.query<{ claims: number }>(
      'SELECT count(*)::bigint AS claims FROM claims',
    );
    // The server folds the sums now and then; a database just seeded has not been folded yet.
    const sumRows = async () =>
      Number((await db.query<{ rows: number }>('SELECT count(*)::bigint AS rows FROM aging_sums'))[0]?.rows ?? 0);
    const before = await sumRows();
    const foldMs = await time(() => compactAndVacuumLedgerSums(db));
    print({
      bench: 'aging: sums folded',
      engine,
      rowsBefore: before,
      rowsAfter: await sumRows(),
      ms: Math.round(foldMs),
    });
    const practices = await db.query<{ id: number }>('SELECT practice_id AS id FROM practices');
    const scope = { groupIds: [], practiceIds: practices.map((practice) => practice.id) };
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const bare = () =>
      db.query(
        `SELECT ${bucketSql('c.dos_from', '$1')} AS bucket, count(*), sum(c.balance_cents)::bigint
           FROM claims c WHERE c.balance_cents <> 0 GROUP BY 1`,
        [today],
      );
    const input = (agingType: 'dos' | 'posting'): AgingReportInput => ({
      agingType,
      pageNumber: 1,
      pageSize: 100,
      sortColumn: 'total',
      sortOrder: 'desc',
      getAllData: 'false',
      getOnlyIDS: 'false',
    });
    // Warm both the same way: one untimed read each.
    await bare();
    const baseline: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) baseline.push(await time(bare));
    print({ bench: 'aging, bare SQL: balances in five buckets', engine, claims, ...summarise(baseline) });
    for (const agingType of ['dos', 'posting'] as const)
      for (const kind of (process.env.BENCH_AGING_KINDS?.split(',') ??
        AGING_REPORT_KINDS) as typeof AGING_REPORT_KINDS) {
        await agingReport(db, scope, kind, input(agingType), now);
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1)
          samples.push(await time(() => agingReport(db, scope, kind, input(agingType), now)));
        print({
          bench: 'aging, served: first 100 rows and the totals',
          engine,
          claims,
          kind,
          agingType,
          ...summarise(samples),
        });
      }
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchAging();
