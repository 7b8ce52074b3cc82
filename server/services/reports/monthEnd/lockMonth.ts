/**
 * Reports/lockMonthEndData and the month-end view (Reports/getNewMonthlySummaryDevelopmemt).
 *
 * Locking a month for a practice keeps that month's summary figures (month_end_figures) and closes
 * it: every writer of ledger money refuses a posting date in it, and the database refuses a row
 * that slips past them. A month is locked only once it has ended. Its start AR must not move after
 * the lock either, so the open months before it are locked with it: those since the practice's
 * previous lock, or, for its first lock, those since the practice's first posting. The confirm step
 * names them (`wouldLock`).
 */
import { formatCents } from '../../../../contract/money.ts';
import type {
  LockMonthInput,
  LockMonthReply,
  MonthEndStatusInput,
  MonthEndStatusReply,
} from '../../../../contract/monthEnd.ts';
import type { Db, Queryable } from '../../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../../errors.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { writeAudit } from '../../audit/audit.ts';
import type { Actor } from '../../context.ts';
import { monthName, monthStart } from '../../ledger/claimBooks.ts';
import { groupPractices } from './monthlySummary.ts';
import { lockedMonths, monthsFrom, nextMonth, practiceMonths, totalOf, ZERO_FIGURES } from './monthFigures.ts';

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The month before the month of `now`. */
export function previousMonth(now: Date): string {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  return month === 0 ? `${year - 1}-12-01` : `${year}-${String(month).padStart(2, '0')}-01`;
}

/** "October 2026", "August and September 2026", "October 2025 to September 2026" (months in a row, oldest first). */
export function monthList(months: readonly string[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined) return '';
  if (months.length === 1) return monthName(first);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const from = sameYear ? monthName(first).split(' ')[0]! : monthName(first);
  return `${from} ${months.length === 2 ? 'and' : 'to'} ${monthName(last)}`;
}

/** The months locking `month` locks for a practice: the open ones since its previous lock (or its first posting), and the month. */
async function monthsToLock(
  q: Queryable,
  groupID: number,
  practiceID: number,
  locked: readonly string[],
  month: string,
): Promise<string[]> {
  if (locked.includes(month)) return [];
  const earlier = locked.filter((one) => one < month);
  if (earlier.length > 0) return monthsFrom(nextMonth(earlier[earlier.length - 1]!), month);
  const [first] = await q.query<{ day: string | null }>(
    'SELECT min(posting_date)::text AS day FROM ledger_entries WHERE group_id = $1 AND practice_id = $2',
    [groupID, practiceID],
  );
  const firstMonth = first?.day ? monthStart(first.day) : month;
  return monthsFrom(firstMonth < month ? firstMonth : month, month);
}

export async function monthEndStatus(
  q: Queryable,
  scope: DataScope,
  input: MonthEndStatusInput,
  now: Date,
): Promise<MonthEndStatusReply> {
  const month = input.monthStartDate ?? previousMonth(now);
  const group = await groupPractices(q, scope, input.groupID, input.practiceID ? [input.practiceID] : undefined);
  if (input.practiceID && group.practices.length === 0) throw new NotFoundError('Practice not found.');
  const practiceIDs = group.practices.map((practice) => practice.practiceID);
  const [locks, figures, latest] = await Promise.all([
    lockedMonths(q, input.groupID, practiceIDs),
    practiceMonths(q, input.groupID, practiceIDs, month, month),
    q.query<{ practiceID: number; monthStart: string; lockedAt: string; lockedBy: string | null }>(
      `SELECT DISTINCT ON (m.practice_id) m.practice_id AS "practiceID", m.month_start::text AS "monthStart",
              m.locked_at::text AS "lockedAt", concat_ws(' ', u.first_name, u.last_name) AS "lockedBy"
         FROM month_end_locks m LEFT JOIN users u ON u.user_id = m.locked_by
        WHERE m.group_id = $1 AND m.practice_id = ANY($2::bigint[])
        ORDER BY m.practice_id, m.month_start DESC`,
      [input.groupID, practiceIDs],
    ),
  ]);
  const latestOf = new Map(latest.map((row) => [Number(row.practiceID), row]));
  const practices = [];
  for (const practice of group.practices) {
    const locked = locks.get(practice.practiceID) ?? [];
    const last = latestOf.get(practice.practiceID);
    const pm = figures.get(practice.practiceID)?.[0];
    practices.push({
      practiceID: practice.practiceID,
      practiceName: practice.name,
      lockedThrough: last?.monthStart ?? null,
      lockedAt: last?.lockedAt ?? null,
      lockedBy: last?.lockedBy || null,
      monthLocked: locked.includes(month),
      wouldLock: await monthsToLock(q, input.groupID, practice.practiceID, locked, month),
      figures: pm ? totalOf(pm.figures) : { ...ZERO_FIGURES },
    });
  }
  return { groupID: input.groupID, monthStart: month, monthEnded: month < monthStart(todayOf(now)), practices };
}

export async function lockMonth(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: LockMonthInput,
  now: Date,
): Promise<LockMonthReply> {
  const month = input.monthStartDate;
  if (month >= monthStart(todayOf(now)))
    throw new BadRequestError(`${monthName(month)} has not ended yet: a month is locked once it is over.`);
  return db.transaction(async (tx) => {
    // Waits for postings under way to commit, so the figures kept include them, and holds new ones
    // back until the lock is in place (they then see it and are refused).
    await tx.query('LOCK TABLE ledger_entries IN SHARE MODE');
    const group = await groupPractices(tx, scope, input.groupID, input.practiceID ? [input.practiceID] : undefined);
    if (group.practices.length === 0)
      throw new NotFoundError(input.practiceID ? 'Practice not found.' : 'The group has no practice you can lock.');
    const practiceIDs = group.practices.map((practice) => practice.practiceID);
    // Two billers locking at once: the second waits here, then sees the first's lock.
    await tx.query(
      'SELECT 1 FROM practices WHERE practice_id = ANY($1::bigint[]) ORDER BY practice_id FOR NO KEY UPDATE',
      [practiceIDs],
    );
    const locks = await lockedMonths(tx, input.groupID, practiceIDs);
    const locked: LockMonthReply['locked'] = [];
    const alreadyLocked: LockMonthReply['alreadyLocked'] = [];
    for (const practice of group.practices) {
      const months = await monthsToLock(
        tx,
        input.groupID,
        practice.practiceID,
        locks.get(practice.practiceID) ?? [],
        month,
      );
      if (months.length === 0) {
        alreadyLocked.push({ practiceID: practice.practiceID, practiceName: practice.name });
        continue;
      }
      const figures = (await practiceMonths(tx, input.groupID, [practice.practiceID], months[0]!, month)).get(
        practice.practiceID,
      );
      await tx.query(
        `INSERT INTO month_end_locks (group_id, practice_id, month_start, locked_by, locked_at)
         SELECT $1, $2, m, $4, $5 FROM unnest($3::date[]) AS m`,
        [input.groupID, practice.practiceID, months, actor.userId, now],
      );
      const rows = (figures ?? []).flatMap((pm) => pm.figures.map((key) => ({ month: pm.monthStart, ...key })));
      await tx.query(
        `INSERT INTO month_end_figures (group_id, practice_id, month_start, provider_id, facility_id, charges_cents, insurance_paid_cents,
                                        patient_paid_cents, adjustments_cents, refunds_cents, start_ar_cents, end_ar_cents)
         SELECT $1, $2, r.* FROM unnest($3::date[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[],
                                        $10::bigint[], $11::bigint[], $12::bigint[]) AS r`,
        [
          input.groupID,
          practice.practiceID,
          rows.map((row) => row.month),
          rows.map((row) => row.providerID),
          rows.map((row) => row.facilityID),
          rows.map((row) => row.chargesCents),
          rows.map((row) => row.insurancePaidCents),
          rows.map((row) => row.patientPaidCents),
          rows.map((row) => row.adjustmentsCents),
          rows.map((row) => row.refundsCents),
          rows.map((row) => row.startArCents),
          rows.map((row) => row.endArCents),
        ],
      );
      const last = figures?.[figures.length - 1];
      const endAr = last ? totalOf(last.figures).endArCents : 0;
      locked.push({ practiceID: practice.practiceID, practiceName: practice.name, months });
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'monthEnd.lock',
        recordType: 'practice',
        recordId: practice.practiceID,
        source: actor.source,
        ip: actor.ip,
        detail: { groupID: input.groupID, months, endArCents: endAr },
      });
    }
    if (locked.length === 0) {
      const names = alreadyLocked.map((one) => one.practiceName).join(', ');
      throw new ConflictError(`${monthName(month)} is already locked for ${names}: nothing was changed.`);
    }
    return { message: lockMessage(month, locked, alreadyLocked), locked, alreadyLocked };
  });
}

function lockMessage(
  month: string,
  locked: LockMonthReply['locked'],
  alreadyLocked: LockMonthReply['alreadyLocked'],
): string {
  // Practices locking the same months are named together, the months once.
  const byMonths = new Map<string, string[]>();
  for (const one of locked) {
    const earlier = monthList(one.months.filter((m) => m !== month));
    byMonths.set(earlier, [...(byMonths.get(earlier) ?? []), one.practiceName]);
  }
  const parts = [...byMonths.entries()].map(([earlier, names]) => {
    const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    return earlier === '' ? who : `${who} (with ${earlier}, open before it)`;
  });
  let message = `${monthName(month)} is locked for ${parts.join('; ')}: nothing can be posted with a date in it now; post corrections in an open month.`;
  if (alreadyLocked.length > 0)
    message += ` Already locked before: ${alreadyLocked.map((one) => one.practiceName).join(', ')}.`;
  return message;
}

/** "$1,234.56" for the messages. */
export const dollars = (value: number) => formatCents(value);
