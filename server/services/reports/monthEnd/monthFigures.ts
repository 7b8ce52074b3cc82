/**
 * The monthly summary's figures per practice, provider, facility and month, from the ledger through
 * the figure model's SQL (ledgerFigures.ts), so "payments" and "adjustments" mean what they mean on
 * a claim's screen. A locked month's figures are the ones kept when it was locked
 * (month_end_figures); an open month's are read from the ledger, its start AR carried from the
 * latest locked month before it (or from the practice's first posting), so a month reads only the
 * ledger rows since that lock.
 */
import type { MonthFigures } from '../../../../contract/monthEnd.ts';
import type { Queryable } from '../../../db/types.ts';
import { FIGURE_SQL, REVERSED_ROW_JOIN } from '../../ledger/ledgerFigures.ts';

/** Where a figure belongs below a practice: the claim's provider and facility, both null for a patient's own rows. */
export interface FigureKey {
  providerID: number | null;
  facilityID: number | null;
}

export interface KeyFigures extends FigureKey, MonthFigures {}

export interface PracticeMonth {
  monthStart: string;
  locked: boolean;
  figures: KeyFigures[];
}

export interface FigureFilters {
  providerIDs?: readonly number[] | undefined;
  facilityIDs?: readonly number[] | undefined;
}

const EARLIEST = '1900-01-01';

/** The kept sums as rows `l` joined to `o`, the kind a reversal reverses, so the figure model's SQL reads them as it reads the ledger. */
const MONTH_SUMS = `ledger_month_sums l CROSS JOIN LATERAL (SELECT nullif(l.reversed_type, '') AS entry_type) o`;

export const ZERO_FIGURES: MonthFigures = Object.freeze({
  chargesCents: 0,
  paymentsCents: 0,
  insurancePaidCents: 0,
  patientPaidCents: 0,
  adjustmentsCents: 0,
  refundsCents: 0,
  startArCents: 0,
  endArCents: 0,
});

/** YYYY-MM-01 of the month after. */
export function nextMonth(monthStart: string): string {
  const year = Number(monthStart.slice(0, 4));
  const month = Number(monthStart.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The months from `from` to `to` (both YYYY-MM-01), oldest first. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

const keyOf = (key: FigureKey) => `${key.providerID ?? ''}:${key.facilityID ?? ''}`;

export function addMonthFigures(into: MonthFigures, more: MonthFigures): void {
  into.chargesCents += more.chargesCents;
  into.paymentsCents += more.paymentsCents;
  into.insurancePaidCents += more.insurancePaidCents;
  into.patientPaidCents += more.patientPaidCents;
  into.adjustmentsCents += more.adjustmentsCents;
  into.refundsCents += more.refundsCents;
  into.startArCents += more.startArCents;
  into.endArCents += more.endArCents;
}

interface LedgerMonthRow extends FigureKey {
  practiceID: number;
  /** '' for every row before the first month asked (they only make its start AR). */
  month: string;
  charges: number;
  insurancePaid: number;
  received: number;
  adjusted: number;
  paid: number;
  balance: number;
}

/**
 * The ledger's movement per practice, key and month: each practice's rows from its `since` day
 * up to `before`, the rows before `from` folded into one '' month. Read from the sums the posting
 * kept (ledger_month_sums, migration 0044) unless `fromRows`: the ledger rows themselves, each
 * joined to its claim, for the check of what was kept.
 */
async function ledgerMovement(
  q: Queryable,
  groupID: number,
  since: ReadonlyMap<number, string>,
  from: string,
  before: string,
  filters: FigureFilters,
  fromRows: boolean,
): Promise<LedgerMonthRow[]> {
  if (since.size === 0) return [];
  const practices = [...since.keys()];
  const days = practices.map((practice) => since.get(practice) ?? EARLIEST);
  const earliest = days.reduce((min, day) => (day < min ? day : min));
  const figures = `${FIGURE_SQL.charges} AS charges, ${FIGURE_SQL.insurancePaid} AS "insurancePaid", ${FIGURE_SQL.received} AS received,
            ${FIGURE_SQL.adjusted} AS adjusted, ${FIGURE_SQL.paid} AS paid, ${FIGURE_SQL.balance} AS balance`;
  // A month's sums are dated its first day, and every `since` is a first day: the same rows either way.
  const rows = await q.query<LedgerMonthRow>(
    fromRows
      ? `SELECT l.practice_id AS "practiceID", c.provider_id AS "providerID", c.facility_id AS "facilityID",
            CASE WHEN l.posting_date < $4::date THEN '' ELSE date_trunc('month', l.posting_date)::date::text END AS month, ${figures}
       FROM ledger_entries l ${REVERSED_ROW_JOIN}
       JOIN unnest($2::bigint[], $3::date[]) AS w (practice_id, since) ON w.practice_id = l.practice_id
       LEFT JOIN claims c ON c.claim_id = l.claim_id
      WHERE l.group_id = $1 AND l.posting_date >= w.since AND l.posting_date >= $6::date AND l.posting_date < $5::date
        AND ($7::bigint[] IS NULL OR c.provider_id = ANY($7::bigint[]))
        AND ($8::bigint[] IS NULL OR c.facility_id = ANY($8::bigint[]))
      GROUP BY 1, 2, 3, 4`
      : `SELECT l.practice_id AS "practiceID", l.provider_id AS "providerID", l.facility_id AS "facilityID",
            CASE WHEN l.month_start < $4::date THEN '' ELSE l.month_start::text END AS month, ${figures}
       FROM ${MONTH_SUMS}
       JOIN unnest($2::bigint[], $3::date[]) AS w (practice_id, since) ON w.practice_id = l.practice_id
      WHERE l.group_id = $1 AND l.month_start >= w.since AND l.month_start >= $6::date AND l.month_start < $5::date
        AND ($7::bigint[] IS NULL OR l.provider_id = ANY($7::bigint[]))
        AND ($8::bigint[] IS NULL OR l.facility_id = ANY($8::bigint[]))
      GROUP BY 1, 2, 3, 4
     HAVING sum(l.entries) > 0`,
    [groupID, practices, days, from, before, earliest, filters.providerIDs ?? null, filters.facilityIDs ?? null],
  );
  return rows.map((row) => ({
    ...row,
    practiceID: Number(row.practiceID),
    providerID: row.providerID === null ? null : Number(row.providerID),
    facilityID: row.facilityID === null ? null : Number(row.facilityID),
    charges: Number(row.charges),
    insurancePaid: Number(row.insurancePaid),
    received: Number(row.received),
    adjusted: Number(row.adjusted),
    paid: Number(row.paid),
    balance: Number(row.balance),
  }));
}

interface KeptRow extends KeyFigures {
  practiceID: number;
  monthStart: string;
}

/** The figures kept for the locked months of `practices` from `from` to `to`. */
async function keptFigures(
  q: Queryable,
  groupID: number,
  practices: readonly number[],
  from: string,
  to: string,
  filters: FigureFilters,
): Promise<KeptRow[]> {
  const rows = await q.query<KeptRow>(
    `SELECT practice_id AS "practiceID", month_start::text AS "monthStart", provider_id AS "providerID", facility_id AS "facilityID",
            charges_cents AS "chargesCents", insurance_paid_cents + patient_paid_cents AS "paymentsCents",
            insurance_paid_cents AS "insurancePaidCents", patient_paid_cents AS "patientPaidCents",
            adjustments_cents AS "adjustmentsCents", refunds_cents AS "refundsCents",
            start_ar_cents AS "startArCents", end_ar_cents AS "endArCents"
       FROM month_end_figures
      WHERE group_id = $1 AND practice_id = ANY($2::bigint[]) AND month_start BETWEEN $3::date AND $4::date
        AND ($5::bigint[] IS NULL OR provider_id = ANY($5::bigint[]))
        AND ($6::bigint[] IS NULL OR facility_id = ANY($6::bigint[]))`,
    [groupID, practices, from, to, filters.providerIDs ?? null, filters.facilityIDs ?? null],
  );
  return rows.map((row) => ({
    practiceID: Number(row.practiceID),
    monthStart: row.monthStart,
    providerID: row.providerID === null ? null : Number(row.providerID),
    facilityID: row.facilityID === null ? null : Number(row.facilityID),
    chargesCents: Number(row.chargesCents),
    paymentsCents: Number(row.paymentsCents),
    insurancePaidCents: Number(row.insurancePaidCents),
    patientPaidCents: Number(row.patientPaidCents),
    adjustmentsCents: Number(row.adjustmentsCents),
    refundsCents: Number(row.refundsCents),
    startArCents: Number(row.startArCents),
    endArCents: Number(row.endArCents),
  }));
}

/** Each practice's locked months, oldest first. */
export async function lockedMonths(
  q: Queryable,
  groupID: number,
  practices: readonly number[],
): Promise<Map<number, string[]>> {
  const rows = await q.query<{ practiceID: number; monthStart: string }>(
    `SELECT practice_id AS "practiceID", month_start::text AS "monthStart" FROM month_end_locks
      WHERE group_id = $1 AND practice_id = ANY($2::bigint[]) ORDER BY month_start`,
    [groupID, practices],
  );
  const byPractice = new Map<number, string[]>(practices.map((practice) => [practice, []]));
  for (const row of rows) byPractice.get(Number(row.practiceID))?.push(row.monthStart);
  return byPractice;
}

/**
 * The figures of each practice for each month from `from` to `to` (YYYY-MM-01), by provider and
 * facility. `fromLedgerOnly` ignores what locks kept and reads every month from the ledger from
 * its first row: the check of the kept figures.
 */
export async function practiceMonths(
  q: Queryable,
  groupID: number,
  practices: readonly number[],
  from: string,
  to: string,
  filters: FigureFilters = {},
  fromLedgerOnly = false,
): Promise<Map<number, PracticeMonth[]>> {
  const locks = fromLedgerOnly
    ? new Map<number, string[]>(practices.map((practice) => [practice, []]))
    : await lockedMonths(q, groupID, practices);
  // Each practice reads the ledger from the end of its latest lock before `from`, whose kept end AR carries.
  const anchors = new Map<number, string | null>();
  const since = new Map<number, string>();
  for (const practice of practices) {
    const before = (locks.get(practice) ?? []).filter((month) => month < from);
    const anchor = before.length > 0 ? before[before.length - 1]! : null;
    anchors.set(practice, anchor);
    since.set(practice, anchor === null ? EARLIEST : nextMonth(anchor));
  }
  const firstKept = [...anchors.values()].reduce<string>((min, a) => (a !== null && a < min ? a : min), from);
  const [movement, kept] = await Promise.all([
    ledgerMovement(q, groupID, since, from, nextMonth(to), filters, fromLedgerOnly),
    fromLedgerOnly ? Promise.resolve([]) : keptFigures(q, groupID, practices, firstKept, to, filters),
  ]);

  const moves = new Map<string, LedgerMonthRow>();
  for (const row of movement) moves.set(`${row.practiceID}|${row.month}|${keyOf(row)}`, row);
  const keptOf = new Map<string, KeptRow[]>();
  for (const row of kept) {
    const at = `${row.practiceID}|${row.monthStart}`;
    keptOf.set(at, [...(keptOf.get(at) ?? []), row]);
  }
  const keysOf = new Map<number, Map<string, FigureKey>>();
  const noteKey = (practice: number, key: FigureKey) => {
    const keys = keysOf.get(practice) ?? new Map<string, FigureKey>();
    keys.set(keyOf(key), { providerID: key.providerID, facilityID: key.facilityID });
    keysOf.set(practice, keys);
  };
  for (const row of movement) noteKey(row.practiceID, row);
  for (const row of kept) noteKey(row.practiceID, row);

  const months = monthsFrom(from, to);
  const result = new Map<number, PracticeMonth[]>();
  for (const practice of practices) {
    const locked = new Set(locks.get(practice) ?? []);
    const keys = [...(keysOf.get(practice) ?? new Map<string, FigureKey>()).values()];
    // The AR each key carries into `from`: the anchor's kept end AR, then the ledger since.
    const running = new Map<string, number>();
    const anchor = anchors.get(practice) ?? null;
    if (anchor !== null)
      for (const row of keptOf.get(`${practice}|${anchor}`) ?? []) running.set(keyOf(row), row.endArCents);
    for (const key of keys) {
      const before = moves.get(`${practice}||${keyOf(key)}`);
      if (before) running.set(keyOf(key), (running.get(keyOf(key)) ?? 0) + before.balance);
    }
    const out: PracticeMonth[] = [];
    for (const monthStart of months) {
      if (locked.has(monthStart)) {
        const rows = keptOf.get(`${practice}|${monthStart}`) ?? [];
        running.clear();
        for (const row of rows) running.set(keyOf(row), row.endArCents);
        out.push({
          monthStart,
          locked: true,
          figures: rows.map(({ practiceID: _p, monthStart: _m, ...figures }) => figures),
        });
        continue;
      }
      const figures: KeyFigures[] = [];
      for (const key of keys) {
        const move = moves.get(`${practice}|${monthStart}|${keyOf(key)}`);
        const start = running.get(keyOf(key)) ?? 0;
        if (!move && start === 0) continue;
        const end = start + (move?.balance ?? 0);
        running.set(keyOf(key), end);
        figures.push({
          providerID: key.providerID,
          facilityID: key.facilityID,
          chargesCents: move?.charges ?? 0,
          paymentsCents: move?.received ?? 0,
          insurancePaidCents: move?.insurancePaid ?? 0,
          patientPaidCents: (move?.received ?? 0) - (move?.insurancePaid ?? 0),
          adjustmentsCents: move?.adjusted ?? 0,
          refundsCents: (move?.received ?? 0) - (move?.paid ?? 0),
          startArCents: start,
          endArCents: end,
        });
      }
      out.push({ monthStart, locked: false, figures });
    }
    result.set(practice, out);
  }
  return result;
}

/** The figures of several keys added together. */
export function totalOf(figures: Iterable<MonthFigures>): MonthFigures {
  const total = { ...ZERO_FIGURES };
  for (const one of figures) addMonthFigures(total, one);
  return total;
}
