import { pathToFileURL } from 'node:url';
import type { Db } from '../server/db/types.ts';
import { LARGE_DATABASE_NEEDED, openLargeDatabase } from './largeDatabase.ts';
import { migrate } from '../server/db/migrate.ts';
import { loadDataScope, type DataScope } from '../server/services/access/dataScope.ts';
import type { Actor } from '../server/services/context.ts';
import { arDays } from '../server/services/reports/dashboard/arDays.ts';
import { actionNeededClaims, openItems } from '../server/services/reports/dashboard/claimCounts.ts';
import { collectedAmounts, monthlyAverage } from '../server/services/reports/dashboard/daySums.ts';
import { expectedPayments } from '../server/services/reports/dashboard/expectedPayments.ts';
import { unresolvedTasks } from '../server/services/reports/dashboard/tasks.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = 20;
/** The bench database's day: the seed's "now". */
const TODAY = '2026-11-27';
const FROM = '2025-12-01';

interface Widget {
  name: string;
  run: (scope: DataScope) => Promise<unknown>;
  /** The bare SQL that adds up the same figures from the rows themselves. */
  bare: string;
}

/**
 * The AR dashboard's widgets on the large PostgreSQL database (BENCH_LARGE_DATABASE_URL, a
 * million claims), as the administrator (both groups) and as a one-group biller, each beside the
 * bare SQL aggregate over the same rows in the same run: the ledger summed directly for the
 * money widgets (what the day sums save), the claims counted for the others.
 */
export async function benchArDashboard(): Promise<void> {
  const large = await openLargeDatabase();
  if (!large) {
    print({ bench: 'ar dashboard', skipped: LARGE_DATABASE_NEEDED });
    return;
  }
  const db: Db = large.db;
  const engine = large.engine;
  try {
    const applied = await db.query("SELECT 1 FROM schema_migrations WHERE name = '0041_ar_dashboard.sql'");
    if (applied.length === 0) await migrate(db);
    const [{ claims } = { claims: 0 }] = await db.query<{ claims: number }>(
      'SELECT count(*)::bigint AS claims FROM claims',
    );
    const users = await db.query<{ email: string; userId: number; dataRoleId: number }>(
      `SELECT email, user_id AS "userId", data_role_id AS "dataRoleId" FROM users WHERE email IN ('admin@demo.test', 'biller@demo.test') ORDER BY email`,
    );
    const widgets = (actor: Actor): Widget[] => [
      {
        name: 'getARSByData',
        run: (scope) => arDays(db, scope, { periodDays: 90 }, TODAY),
        bare: `SELECT (SELECT sum(balance_cents) FROM claims WHERE practice_id = ANY($1::bigint[]) AND balance_cents > 0 AND claim_status_id NOT IN (10, 11)),
                      (SELECT sum(amount_cents) FROM ledger_entries WHERE practice_id = ANY($1::bigint[]) AND entry_type = 'charge' AND posting_date > DATE '${TODAY}' - 90)`,
      },
      {
        name: 'getCollectedAmountsData',
        run: (scope) => collectedAmounts(db, scope, { fromPostingDate: FROM, toPostingDate: TODAY }, TODAY),
        bare: `SELECT date_trunc('month', posting_date), -sum(amount_cents) FROM ledger_entries
                WHERE practice_id = ANY($1::bigint[]) AND entry_type IN ('insurance_payment', 'patient_payment', 'advance_application', 'refund')
                  AND posting_date BETWEEN DATE '${FROM}' AND DATE '${TODAY}' GROUP BY 1`,
      },
      {
        name: 'getAverageClaimsRevenue',
        run: (scope) => monthlyAverage(db, scope, { fromPostingDate: FROM, toPostingDate: TODAY }, TODAY, 'paid'),
        bare: `SELECT date_trunc('month', posting_date), -sum(amount_cents) FILTER (WHERE entry_type <> 'charge'), count(DISTINCT claim_id) FILTER (WHERE entry_type = 'charge')
                 FROM ledger_entries WHERE practice_id = ANY($1::bigint[]) AND entry_type IN ('charge', 'insurance_payment', 'patient_payment', 'advance_application', 'refund')
                  AND posting_date BETWEEN DATE '${FROM}' AND DATE '${TODAY}' GROUP BY 1`,
      },
      {
        name: 'getAverageChargeAmount',
        run: (scope) => monthlyAverage(db, scope, { fromPostingDate: FROM, toPostingDate: TODAY }, TODAY, 'charges'),
        bare: `SELECT date_trunc('month', posting_date), sum(amount_cents), count(DISTINCT claim_id) FROM ledger_entries
                WHERE practice_id = ANY($1::bigint[]) AND entry_type = 'charge' AND posting_date BETWEEN DATE '${FROM}' AND DATE '${TODAY}' GROUP BY 1`,
      },
      {
        name: 'getExpectedPaymentsByDay',
        run: (scope) => expectedPayments(db, scope, {}, TODAY),
        bare: `SELECT c.insurance_id, percentile_disc(0.5) WITHIN GROUP (ORDER BY f.day - c.submitted_at::date)
                 FROM (SELECT claim_id, min(posting_date) AS day FROM ledger_entries WHERE entry_type = 'insurance_payment' AND practice_id = ANY($1::bigint[]) GROUP BY claim_id) f
                 JOIN claims c USING (claim_id) WHERE c.submitted_at IS NOT NULL GROUP BY 1`,
      },
      {
        name: 'getActionNeededClaims',
        run: (scope) => actionNeededClaims(db, scope, {}),
        bare: `SELECT claim_status_id, count(*), sum(balance_cents) FROM claims WHERE practice_id = ANY($1::bigint[]) AND (claim_status_id IN (5, 6) OR submit_status_id = 4) GROUP BY 1`,
      },
      {
        name: 'getOpenItems',
        run: (scope) => openItems(db, scope, {}),
        bare: `SELECT claim_status_id, count(*), sum(balance_cents) FROM claims WHERE practice_id = ANY($1::bigint[]) AND claim_status_id IN (1, 2, 9) GROUP BY 1`,
      },
      {
        name: 'getUnresolvedTasksAssignedToYou',
        run: (scope) => unresolvedTasks(db, actor, scope, {}, TODAY),
        bare: `SELECT count(*) FROM tasks WHERE assigned_user_id = ${actor.userId} AND status = 'open' AND $1::bigint[] IS NOT NULL`,
      },
    ];
    for (const user of users) {
      const scope = await loadDataScope(db, user.dataRoleId);
      const actor: Actor = {
        userId: user.userId,
        sessionId: 0,
        loginAuditId: 0,
        roleId: 0,
        dataRoleId: user.dataRoleId,
        modules: new Set(),
        mustChangePassword: false,
        ip: '127.0.0.1',
        source: 'palette',
      };
      for (const widget of widgets(actor)) {
        const served: number[] = [];
        const bare: number[] = [];
        // The first call of a fresh process (nothing kept yet: AR days, claim counts and expected
        // payments keep their claim aggregates until claims change), then the rounds.
        const firstMs = await time(() => widget.run(scope));
        await db.query(widget.bare, [scope.practiceIds]);
        for (let round = 0; round < ROUNDS; round += 1) {
          served.push(await time(() => widget.run(scope)));
          if (round < 5) bare.push(await time(() => db.query(widget.bare, [scope.practiceIds])));
        }
        print({
          bench: `ar dashboard: ${widget.name}`,
          engine,
          claims: Number(claims),
          user: user.email,
          practices: scope.practiceIds.length,
          firstMs: Math.round(firstMs),
          served: summarise(served),
          bareSql: summarise(bare),
        });
      }
    }
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchArDashboard();
