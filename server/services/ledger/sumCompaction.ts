/**
 * The ledger's insert-only sums (the month-end summary's month sums, the AR dashboard's day sums
 * and payer history, aging's balances per day aged from): each posting statement inserts its own rows and the readers add them up, so
 * concurrent postings never wait on a shared sum row. Left alone the rows would grow with every
 * posting; this folds the committed ones into one row per key, through the one SQL function
 * compact_sum_rows (migration 0046), safe beside postings and other compactions (several server
 * processes may run it at once). See docs/decisions/ar-dashboard-day-sums.md.
 */
import type { Queryable } from '../../db/types.ts';
import { repeatInBackground } from '../repeatInBackground.ts';

export interface SumTable {
  table: string;
  /** The columns a row is summed under. */
  keys: readonly string[];
  /** The columns added up. */
  sums: readonly string[];
  /** A statement run before the fold, which may move rows to fewer keys; it answers how many rows it folded (`folded`). */
  before?: string;
}

/** Every insert-only sum table of the ledger. */
export const SUM_TABLES: readonly SumTable[] = [
  {
    table: 'ledger_month_sums',
    keys: ['group_id', 'practice_id', 'month_start', 'provider_id', 'facility_id', 'entry_type', 'reversed_type'],
    sums: ['amount_cents', 'entries'],
  },
  {
    table: 'ledger_day_sums',
    keys: ['group_id', 'practice_id', 'posting_date', 'provider_id', 'facility_id', 'entry_type', 'reversed_type'],
    sums: ['amount_cents', 'entries', 'claims_billed'],
  },
  {
    table: 'aging_sums',
    keys: ['basis', 'aged_from', 'group_id', 'practice_id', 'provider_id', 'facility_id', 'insurance_id'],
    sums: ['balance_cents', 'patient_cents', 'claims', 'payer_claims', 'patient_claims'],
    // Days in the 120+ bucket for good are kept by month (migration 0045).
    before: 'SELECT aging_sums_old_days_to_months() AS folded',
  },
  {
    table: 'payer_payment_lags',
    keys: ['practice_id', 'insurance_id', 'lag_days'],
    sums: ['claims', 'paid_cents', 'charge_cents'],
  },
];

/**
 * Rows folded per statement, each its own transaction. Each statement sorts the whole table by key
 * to find the keys with more than one row: cheap once folded (a row per key and the rows since the
 * last run), about 3 s a batch on a busy machine for the first fold of a million-claim seed's month
 * sums (1.1 million rows to 6,108).
 */
const BATCH_ROWS = 100_000;
/** Calls per table per compaction; what is left waits for the next one. */
const MAX_BATCHES = 50;

/** Folds each table's committed rows into one row per key; returns how many rows were folded per table. */
export async function compactLedgerSums(q: Queryable, batchRows = BATCH_ROWS): Promise<Record<string, number>> {
  const folded: Record<string, number> = {};
  for (const { table, keys, sums, before } of SUM_TABLES) {
    let total = 0;
    if (before) total += Number((await q.query<{ folded: number | string }>(before))[0]?.folded ?? 0);
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const [row] = await q.query<{ folded: number | string }>(
        'SELECT compact_sum_rows($1::regclass, $2::text[], $3::text[], $4::int) AS folded',
        [table, keys, sums, batchRows],
      );
      const count = Number(row?.folded ?? 0);
      total += count;
      if (count < batchRows) break;
    }
    folded[table] = total;
  }
  return folded;
}

/**
 * Compacts, then vacuums each table it folded rows of. Outside a transaction: VACUUM cannot run in
 * one. The embedded engine (PGlite) has no autovacuum, so without this a folded table keeps every
 * dead row: at a million claims the day sums read 1 s for 17,000 rows left in 30,000 pages, 31 ms
 * once vacuumed. On PostgreSQL it only does sooner what autovacuum would.
 */
export async function compactAndVacuumLedgerSums(q: Queryable): Promise<Record<string, number>> {
  const folded = await compactLedgerSums(q);
  for (const { table } of SUM_TABLES) if ((folded[table] ?? 0) > 0) await q.query(`VACUUM (ANALYZE) ${table}`);
  return folded;
}

/** Compacts every `everySeconds` (one run at a time); returns the stop. */
export function startSumCompaction(q: Queryable, everySeconds: number, log: (error: unknown) => void): () => void {
  return repeatInBackground(everySeconds, () => compactAndVacuumLedgerSums(q), log);
}
