/**
 * What the demo's payment rows are written with: the demo administrator acting as the system,
 * through the same service functions the API calls, so the rows read exactly as a biller's would.
 */
import type { Queryable } from '../db/types.ts';
import type { DataScope } from '../services/access/dataScope.ts';
import type { Actor } from '../services/context.ts';
import { dayOf, dayToDate } from './dates.ts';
import { DEMO_EMAIL } from './demo-user.ts';

/** Claims the browser tests pick from ("newest first"): their patients get no demo payments. */
const NEWEST_CLAIMS_LEFT_ALONE = 30;

export interface DemoDesk {
  readonly actor: Actor;
  readonly scope: DataScope;
  readonly now: Date;
  /** The day `daysAgo` before `now`, as YYYY-MM-DD. */
  daysAgo(days: number): string;
  /** Patients of the newest claims, whose claims and credit the browser tests expect untouched. */
  readonly busyPatients: readonly number[];
}

export async function demoDesk(q: Queryable, now: Date): Promise<DemoDesk> {
  const [admin] = await q.query<{ userId: number; roleId: number; dataRoleId: number }>(
    'SELECT user_id AS "userId", role_id AS "roleId", data_role_id AS "dataRoleId" FROM users WHERE lower(email) = lower($1)',
    [DEMO_EMAIL],
  );
  if (!admin) throw new Error('The demo administrator was not inserted.');
  const groups = await q.query<{ id: number }>('SELECT group_id AS id FROM groups ORDER BY group_id');
  const practices = await q.query<{ id: number }>('SELECT practice_id AS id FROM practices ORDER BY practice_id');
  const busy = await q.query<{ id: number }>(
    `SELECT DISTINCT patient_id AS id FROM (SELECT patient_id FROM claims ORDER BY claim_id DESC LIMIT ${NEWEST_CLAIMS_LEFT_ALONE}) newest ORDER BY 1`,
  );
  const today = dayOf(now);
  return {
    actor: {
      ...admin,
      sessionId: 0,
      loginAuditId: 0,
      modules: new Set(),
      mustChangePassword: false,
      ip: '127.0.0.1',
      source: 'system',
    },
    scope: { groupIds: groups.map((row) => row.id), practiceIds: practices.map((row) => row.id) },
    now,
    daysAgo: (days) => dayToDate(today - days),
    busyPatients: busy.map((row) => row.id),
  };
}
