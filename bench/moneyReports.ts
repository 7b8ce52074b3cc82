/**
 * The money and activity reports at a million claims on PostgreSQL (BENCH_LARGE_DATABASE_URL),
 * each beside a bare SQL sum of the same ledger rows in the same run (the rows of the posting
 * range summed by kind, without the data role, the figure model's reversal join or any names).
 * Each report is read as its first screen is: the first 100 rows in its default order and the
 * totals of every matching row, over one month of postings and over the whole ledger. Skips
 * itself without the large database. Prints JSON lines; asserts nothing about time.
 */
import { pathToFileURL } from 'node:url';
import { moneyReport, type MoneyReportID } from '../contract/moneyReports.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { runMoneyReport } from '../server/services/reports/money/moneyReports.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_MONEY_ROUNDS ?? 3);
const REPORTS: readonly MoneyReportID[] = [
  'chargesPaymentsSummary',
  'ledgerAccount',
  'claimActivityByProvider',
  'chargeDetail',
  'paymentReport',
];

export async function benchMoneyReports(url: string | undefined = process.env.BENCH_LARGE_DATABASE_URL): Promise<void> {
  if (!url) return;
  const db = await openPostgres(url);
  try {
    await migrate(db);
    const [{ claims, rows, last } = { claims: 0, rows: 0, last: '2026-11-01' }] = await db.query<{
      claims: number;
      rows: number;
      last: string;
    }>(
      `SELECT (SELECT count(*) FROM claims)::bigint AS claims, (SELECT count(*) FROM ledger_entries)::bigint AS rows,
              (SELECT max(posting_date) FROM ledger_entries)::text AS last`,
    );
    const practices = await db.query<{ id: number }>('SELECT practice_id AS id FROM practices');
    const groups = await db.query<{ id: number }>('SELECT group_id AS id FROM groups');
    const scope = {
      groupIds: groups.map((group) => Number(group.id)),
      practiceIds: practices.map((practice) => Number(practice.id)),
    };
    const monthStart = `${last.slice(0, 7)}-01`;
    for (const [range, from, to] of [
      ['one month', monthStart, last],
      ['whole ledger', null, null],
    ] as const) {
      const bare = () =>
        db.query(
          `SELECT entry_type, count(*), sum(amount_cents)::bigint FROM ledger_entries
            WHERE ($1::date IS NULL OR posting_date >= $1) AND ($2::date IS NULL OR posting_date <= $2) GROUP BY 1`,
          [from, to],
        );
      await bare();
      const baseline: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) baseline.push(await time(bare));
      print({
        bench: 'money reports, bare SQL: ledger rows summed by kind',
        engine: 'postgres',
        claims,
        ledgerRows: rows,
        range,
        ...summarise(baseline),
      });
      for (const reportID of REPORTS) {
        const report = moneyReport(reportID);
        const input = {
          pageNumber: 1,
          pageSize: 100,
          sortColumn: report.sort.column,
          sortOrder: report.sort.order,
          ...(from ? { postingFrom: from, postingTo: to ?? undefined } : {}),
        };
        const read = () => runMoneyReport(db, scope, reportID, input);
        await read();
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) samples.push(await time(read));
        print({
          bench: 'money reports, served: first 100 rows and the totals',
          engine: 'postgres',
          claims,
          report: reportID,
          range,
          ...summarise(samples),
        });
      }
    }
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchMoneyReports();
