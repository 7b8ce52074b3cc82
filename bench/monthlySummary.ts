import { MODULE_CODES } from '../contract/call.ts';
import { migrate } from '../server/db/migrate.ts';
import { LARGE_DATABASE_NEEDED, openLargeDatabase } from './largeDatabase.ts';
import type { Db, Transaction } from '../server/db/types.ts';
import type { Actor } from '../server/services/context.ts';
import { lockMonth } from '../server/services/reports/monthEnd/lockMonth.ts';
import { monthlySummary } from '../server/services/reports/monthEnd/monthlySummary.ts';
import { nextMonth, practiceMonths } from '../server/services/reports/monthEnd/monthFigures.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = 5;

/** One month earlier, YYYY-MM-01. */
function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${year - 1}-12-01` : `${year}-${String(m - 1).padStart(2, '0')}-01`;
}

async function rounds(work: () => Promise<unknown>): Promise<ReturnType<typeof summarise>> {
  await work();
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) samples.push(await time(work));
  return summarise(samples);
}

/** A transaction handle that runs a service's own transaction inside it, so the bench can roll the lot back. */
const inside = (tx: Transaction): Db =>
  ({ query: tx.query.bind(tx), exec: tx.exec.bind(tx), transaction: (work) => work(tx) }) as Db;

class RolledBack extends Error {}

/**
 * The monthly summary of the last full month for the largest group of the large PostgreSQL database
 * (BENCH_LARGE_DATABASE_URL, a million claims), beside the bare SQL aggregate of the same month
 * (its movement by practice and the AR at its end, straight off ledger_entries, no provider, no
 * figure model) in the same run: once with no month locked (the start AR read from the whole
 * ledger), once with every month before it locked (the start AR carried from the lock's kept
 * figures), as a practice would stand at month-end. The locks are made in a transaction that is
 * rolled back: the database is left as it was.
 */
export async function benchMonthlySummary(): Promise<void> {
  const large = await openLargeDatabase();
  if (!large) {
    print({ bench: 'monthly summary', skipped: LARGE_DATABASE_NEEDED });
    return;
  }
  const { db, engine } = large;
  try {
    const migrateMs = await time(() => migrate(db));
    const [group] = await db.query<{ groupID: number; rows: number; last: string }>(
      `SELECT group_id AS "groupID", count(*)::int AS rows, max(posting_date)::text AS last
         FROM ledger_entries GROUP BY group_id ORDER BY count(*) DESC LIMIT 1`,
    );
    if (!group) throw new Error('The large database has no ledger rows.');
    const practices = (
      await db.query<{ id: number }>('SELECT practice_id AS id FROM practices WHERE group_id = $1', [group.groupID])
    ).map((row) => Number(row.id));
    const [claims] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims');
    const month = previousMonth(`${group.last.slice(0, 7)}-01`);
    const toDate = previousMonth(nextMonth(month)).slice(0, 8) + '28';
    const scope = { groupIds: [group.groupID], practiceIds: practices };
    const input = { groupID: group.groupID, fromDate: month, toDate };
    const [monthRows] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE group_id = $1 AND posting_date >= $2::date AND posting_date < $3::date',
      [group.groupID, month, nextMonth(month)],
    );
    print({
      bench: 'monthly summary: database',
      engine,
      claims: claims?.n,
      groupLedgerRows: group.rows,
      monthLedgerRows: monthRows?.n,
      month,
      practices: practices.length,
      migrateMs: Math.round(migrateMs),
    });

    const bare = () =>
      db.query(
        `SELECT practice_id, sum(amount_cents) FILTER (WHERE posting_date >= $3::date) AS moved, sum(amount_cents) AS end_ar
           FROM ledger_entries WHERE group_id = $1 AND practice_id = ANY($2::bigint[]) AND posting_date < $4::date
          GROUP BY practice_id`,
        [group.groupID, practices, month, nextMonth(month)],
      );
    const bareMonth = () =>
      db.query(
        `SELECT practice_id, entry_type, sum(amount_cents) FROM ledger_entries
          WHERE group_id = $1 AND posting_date >= $2::date AND posting_date < $3::date GROUP BY practice_id, entry_type`,
        [group.groupID, month, nextMonth(month)],
      );
    print({
      bench: 'monthly summary: one month, nothing locked',
      engine,
      summary: await rounds(() => monthlySummary(db, scope, input)),
      bareSqlMonthAndEndAr: await rounds(bare),
      bareSqlMonthOnly: await rounds(bareMonth),
    });

    // The sums the summary reads against the ledger rows themselves (the reload's reading), every figure of every key.
    const [kept, ledger] = await Promise.all([
      practiceMonths(db, group.groupID, practices, month, month),
      practiceMonths(db, group.groupID, practices, month, month, {}, true),
    ]);
    const sorted = (byPractice: typeof kept) =>
      JSON.stringify(
        [...byPractice.entries()].map(([practice, months]) => [
          practice,
          months.map((one) =>
            [...one.figures].sort((a, b) =>
              `${a.providerID}:${a.facilityID}`.localeCompare(`${b.providerID}:${b.facilityID}`),
            ),
          ),
        ]),
      );
    print({
      bench: 'monthly summary: the month against the ledger rows',
      engine,
      equal: sorted(kept) === sorted(ledger),
    });

    const [user] = await db.query<{ id: number }>('SELECT user_id AS id FROM users ORDER BY user_id LIMIT 1');
    const actor: Actor = {
      userId: Number(user?.id),
      sessionId: 0,
      loginAuditId: 0,
      roleId: 0,
      dataRoleId: 0,
      modules: new Set(MODULE_CODES),
      mustChangePassword: false,
      ip: '127.0.0.1',
      source: 'palette',
    };
    await db
      .transaction(async (tx) => {
        const lockMs = await time(() =>
          lockMonth(
            inside(tx),
            actor,
            scope,
            { groupID: group.groupID, monthStartDate: previousMonth(month) },
            new Date(),
          ),
        );
        const lockedRows = await tx.query<{ months: number; figures: number }>(
          `SELECT (SELECT count(*)::int FROM month_end_locks WHERE group_id = $1) AS months,
                  (SELECT count(*)::int FROM month_end_figures WHERE group_id = $1) AS figures`,
          [group.groupID],
        );
        print({
          bench: 'monthly summary: one month, the months before it locked',
          engine,
          lockEveryEarlierMonthMs: Math.round(lockMs),
          kept: lockedRows[0],
          summary: await rounds(() => monthlySummary(tx, scope, input)),
          bareSqlMonthOnly: await rounds(() =>
            tx.query(
              `SELECT practice_id, entry_type, sum(amount_cents) FROM ledger_entries
                WHERE group_id = $1 AND posting_date >= $2::date AND posting_date < $3::date GROUP BY practice_id, entry_type`,
              [group.groupID, month, nextMonth(month)],
            ),
          ),
        });
        throw new RolledBack();
      })
      .catch((thrown: unknown) => {
        if (!(thrown instanceof RolledBack)) throw thrown;
      });
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMonthlySummary();
