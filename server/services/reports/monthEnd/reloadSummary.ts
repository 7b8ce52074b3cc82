/**
 * Reports/reloadMonthlySummaryReport and Repository/getLastMonthlySummaryReportDate.
 *
 * The open months are read from the ledger at every request, so there is nothing of theirs to
 * refresh; a reload reads every locked month of the group again from the ledger alone (from its
 * first row, ignoring what the locks kept) and compares: the kept figures must still be the
 * ledger's. A difference can only come from a posting dated before a practice's first locked month
 * (a month never locked because it had no postings when the lock was made); the reload names it.
 * It is recorded, so the screen can say when the summary was last checked.
 */
import type { LastSummaryDateReply, MonthFigures, ReloadSummaryReply } from '../../../../contract/monthEnd.ts';
import type { Db, Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { writeAudit } from '../../audit/audit.ts';
import type { Actor } from '../../context.ts';
import { monthName } from '../../ledger/claimBooks.ts';
import { dollars } from './lockMonth.ts';
import { groupPractices } from './monthlySummary.ts';
import { lockedMonths, practiceMonths, totalOf } from './monthFigures.ts';

const FIELDS: [keyof MonthFigures, string][] = [
  ['startArCents', 'start AR'],
  ['chargesCents', 'charges'],
  ['paymentsCents', 'payments'],
  ['adjustmentsCents', 'adjustments'],
  ['refundsCents', 'refunds'],
  ['endArCents', 'end AR'],
];

export async function reloadSummary(
  db: Db,
  actor: Actor,
  scope: DataScope,
  groupID: number,
  now: Date,
): Promise<ReloadSummaryReply> {
  const group = await groupPractices(db, scope, groupID);
  const practiceIDs = group.practices.map((practice) => practice.practiceID);
  const locks = await lockedMonths(db, groupID, practiceIDs);
  const all = [...locks.values()].flat().sort();
  const differences: ReloadSummaryReply['differences'] = [];
  let checked = 0;
  if (all.length > 0) {
    const [first, last] = [all[0]!, all[all.length - 1]!];
    const [kept, ledger] = await Promise.all([
      practiceMonths(db, groupID, practiceIDs, first, last),
      practiceMonths(db, groupID, practiceIDs, first, last, {}, true),
    ]);
    for (const practice of group.practices) {
      const ledgerMonths = ledger.get(practice.practiceID) ?? [];
      for (const month of kept.get(practice.practiceID) ?? []) {
        if (!month.locked) continue;
        checked += 1;
        const keptTotal = totalOf(month.figures);
        const now = totalOf(ledgerMonths.find((one) => one.monthStart === month.monthStart)?.figures ?? []);
        const off = FIELDS.filter(([field]) => keptTotal[field] !== now[field]).map(
          ([field, words]) => `${words} kept ${dollars(keptTotal[field])}, ledger now ${dollars(now[field])}`,
        );
        if (off.length > 0)
          differences.push({
            practiceID: practice.practiceID,
            monthStart: month.monthStart,
            detail: `${practice.name}, ${monthName(month.monthStart)}: ${off.join('; ')}.`,
          });
      }
    }
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO monthly_summary_reloads (group_id, reloaded_at, reloaded_by, locked_months_checked, differences)
       VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [groupID, now, actor.userId, checked, JSON.stringify(differences)],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'monthEnd.reload',
      recordType: 'group',
      recordId: groupID,
      source: actor.source,
      ip: actor.ip,
      detail: { lockedMonthsChecked: checked, differences: differences.length },
    });
  });
  const months = checked === 1 ? '1 locked month' : `${checked} locked months`;
  const message =
    differences.length === 0
      ? `Monthly summary reloaded from the ledger: ${months} checked, all as kept when locked.`
      : `Monthly summary reloaded from the ledger: ${months} checked, ${differences.length} no longer as the ledger says (postings dated before the first locked month).`;
  return { message, reloadedAt: now.toISOString(), lockedMonthsChecked: checked, differences };
}

export async function lastSummaryDate(q: Queryable, scope: DataScope, groupID: number): Promise<LastSummaryDateReply> {
  const group = await groupPractices(q, scope, groupID);
  const [reload] = await q.query<{ reloadedAt: Date | string; reloadedBy: string | null }>(
    `SELECT r.reloaded_at AS "reloadedAt", concat_ws(' ', u.first_name, u.last_name) AS "reloadedBy"
       FROM monthly_summary_reloads r LEFT JOIN users u ON u.user_id = r.reloaded_by
      WHERE r.group_id = $1 ORDER BY r.reloaded_at DESC, r.reload_id DESC LIMIT 1`,
    [groupID],
  );
  const [locked] = await q.query<{ month: string | null }>(
    'SELECT max(month_start)::text AS month FROM month_end_locks WHERE group_id = $1 AND practice_id = ANY($2::bigint[])',
    [groupID, group.practices.map((practice) => practice.practiceID)],
  );
  return {
    reloadedAt: reload ? new Date(reload.reloadedAt).toISOString() : null,
    reloadedBy: reload?.reloadedBy || null,
    lastLockedMonth: locked?.month ?? null,
  };
}
