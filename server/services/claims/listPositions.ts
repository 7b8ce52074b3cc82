/**
 * Cheap totals and deep pages for the claims list. At a million claims `count(*)` and a deep
 * `OFFSET` each walk most of an index (300-600 ms and more). So a search's total is counted once
 * and kept, and so are "anchors": the sort key of every ANCHOR_STEP-th row. A deep page seeks to
 * the nearest anchor on the sort index (keyset) and skips fewer than ANCHOR_STEP rows from there.
 *
 * Anchors are found in the background, one step of ANCHOR_STEP rows per query, starting when a
 * search's first page is served; between steps the walk rests, so on PGlite (one connection)
 * requests are never held up for more than a step, and on PostgreSQL it leaves them the cores. Until the walk gets there, a deeper page
 * seeks from the furthest anchor found so far.
 *
 * Entries are kept per search (data role's practices + filters [+ sort]) and renewed when claims
 * change: every statement writing claims draws from `claims_change_seq` (migration 0004), and a
 * total taken at an older number is counted again. Anchors outlive changes for a while
 * (ANCHOR_STALE_MS): a seek from a slightly old key still returns the right rows in order; only
 * the row's position is off by the rows added or removed meanwhile.
 *
 * A jump past where the walk has got does not wait for it: the sort key at the wanted row is found
 * on the covering index alone (an index-only OFFSET from the nearest anchor, or backwards from the
 * end when that is nearer), and the page is sought from that key. It reads only index entries:
 * on PGlite at a million claims 40-70 ms for the 390,000 entries from the end to 61% of the way
 * (the walk takes 0.7-0.9 s to get there). On PGlite, which has one connection, it holds the next
 * request up no longer than a few of the walk's own reads would.
 */
import type { ClaimSortColumn } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import { ROLE_HAS_EVERY_PRACTICE, type SqlCondition } from './claimFilters.ts';

export const ANCHOR_STEP = 1000;
const MAX_ENTRIES = 200;
/** A total is recounted after this even when no write was seen (a count can race a write in flight). */
const COUNT_TTL_MS = 5 * 60_000;
const ANCHOR_TTL_MS = 30 * 60_000;
const ANCHOR_STALE_MS = 5 * 60_000;
/** Anchors found per read of the walk: 20,000 index entries, a few tens of milliseconds. */
const ANCHORS_PER_READ = 20;
/** The claim columns a list row is built from: reading whole claim rows costs several times more. */
const LIST_COLUMNS = `c.claim_id, c.patient_id, c.patient_name, c.dos_from, c.dos_to, c.practice_id, c.provider_id, c.insurance_id,
  c.claim_status_id, c.scrub_status_id, c.submit_status_id, c.total_charge_cents, c.balance_cents, c.assigned_user_id`;

/**
 * The list rows of the claims picked by `keys` (a query of claim ids). A page's claims are picked
 * on the sort's index first and only then read from the table: the covering sort indexes carry
 * the columns most filters test (migration 0013), so rows skipped by a filter or an OFFSET are
 * never read from the table, only the page's own.
 */
const rowsOfKeys = (keys: string) => `SELECT ${LIST_COLUMNS} FROM claims c WHERE c.claim_id = ANY(ARRAY(${keys}))`;

interface SortSql {
  column: string;
  /** The parameter cast of the column's values, for the seek condition. */
  type: string;
}

/** Sort keys map to indexed columns (migration 0003); claim_id breaks ties so pages never overlap. */
export const SORT_SQL: Record<ClaimSortColumn, SortSql> = {
  claimID: { column: 'c.claim_id', type: 'bigint' },
  patientName: { column: 'c.patient_name', type: 'text' },
  dosFrom: { column: 'c.dos_from', type: 'date' },
  claimStatus: { column: 'c.claim_status_id', type: 'smallint' },
  balance: { column: 'c.balance_cents', type: 'bigint' },
};

export interface ListSearch {
  where: SqlCondition;
  sort: ClaimSortColumn;
  order: 'asc' | 'desc';
}

export interface Anchor {
  key: unknown;
  id: number;
}

interface Stamped {
  version: number;
  at: number;
}

interface Total extends Stamped {
  total: number;
}

/** Anchor i is the key of row i * ANCHOR_STEP; the list grows while the walk goes on. */
interface Anchors extends Stamped {
  anchors: Anchor[];
  walking: boolean;
}

/** A small least-recently-used map: a busy server keeps the searches in use, not every one ever made. */
class Lru<T> {
  private readonly entries = new Map<string, T>();
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }
  set(key: string, entry: T): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

interface ListCache {
  totals: Lru<Total>;
  anchors: Lru<Anchors>;
}

/** One cache per database, so tests on separate databases never see each other's figures. */
const caches = new WeakMap<Queryable, ListCache>();

function cacheOf(q: Queryable): ListCache {
  let cache = caches.get(q);
  if (!cache) {
    cache = { totals: new Lru(), anchors: new Lru() };
    caches.set(q, cache);
  }
  return cache;
}

/** The search's order over a sort key and claim id named `key` and `id` (claim id alone for claimID). */
function orderOver(search: ListSearch, key: string, id: string, reversed: boolean): string {
  const order = reversed ? (search.order === 'asc' ? 'desc' : 'asc') : search.order;
  return search.sort === 'claimID' ? `${id} ${order}` : `${key} ${order}, ${id} ${order}`;
}

export function orderBy(search: ListSearch, reversed = false): string {
  return orderOver(search, SORT_SQL[search.sort].column, 'c.claim_id', reversed);
}

function whereKey(where: SqlCondition): string {
  return `${where.sql}|${JSON.stringify(where.values)}`;
}

const anchorsKey = (search: ListSearch) => `${whereKey(search.where)}|${search.sort}|${search.order}`;

export async function changeVersion(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: number }>('SELECT last_value AS version FROM claims_change_seq');
  return row?.version ?? 0;
}

/** Rows the search finds: counted once per change of the claims table (or every 5 minutes). */
export async function searchTotal(q: Queryable, where: SqlCondition, version: number, now = Date.now()): Promise<number> {
  const cache = cacheOf(q).totals;
  const key = whereKey(where);
  const hit = cache.get(key);
  if (hit && hit.version === version && now - hit.at < COUNT_TTL_MS) return hit.total;
  const [row] = await q.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM claims c WHERE ${where.sql}`, where.values);
  const total = row?.total ?? 0;
  cache.set(key, { total, version, at: now });
  return total;
}

/** `(sort key, claim_id)` at or after (asc) / before (desc) an anchor, as SQL on `values`. */
function seekFrom(search: ListSearch, anchor: Anchor, values: unknown[], inclusive: boolean): string {
  const compare = (search.order === 'asc' ? '>' : '<') + (inclusive ? '=' : '');
  if (search.sort === 'claimID') {
    values.push(anchor.id);
    return `c.claim_id ${compare} $${values.length}::bigint`;
  }
  const { column, type } = SORT_SQL[search.sort];
  values.push(anchor.key, anchor.id);
  return `(${column}, c.claim_id) ${compare} ($${values.length - 1}::${type}, $${values.length}::bigint)`;
}

/**
 * Between two reads the walk rests as long as the last read took (at most MAX_REST_MS): on two
 * cores a walk reading back to back took one from the requests, and the first page that met it
 * took twice its time (the p95 of the million-claim list on PostgreSQL). Resting, it takes at
 * most half of a core; a deep page before it gets there does not wait for it (pageAtPosition).
 */
const MAX_REST_MS = 50;
const restAfter = (readMs: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, Math.max(0, readMs))));

/**
 * Finds the anchors ANCHORS_PER_READ at a time: each read takes the next rows of the sort order
 * from the last anchor (a short index range) and keeps every ANCHOR_STEP-th; it yields between
 * reads (restAfter) so requests go first.
 */
async function walkAnchors(q: Queryable, search: ListSearch, entry: Anchors): Promise<void> {
  const { column } = SORT_SQL[search.sort];
  const order = orderBy(search);
  let last: Anchor | undefined;
  for (;;) {
    const started = performance.now();
    const values = [...search.where.values];
    const seek = last ? ` AND ${seekFrom(search, last, values, false)}` : '';
    // Row n of the read is the n-th after the last anchor, so the next anchor is row ANCHOR_STEP;
    // the first read starts at row 0 of the list itself.
    const pick = last ? `n % ${ANCHOR_STEP} = 0` : `(n - 1) % ${ANCHOR_STEP} = 0`;
    const found = await q.query<Anchor>(
      `SELECT key, id FROM (
         SELECT key, id, row_number() OVER (ORDER BY ${orderOver(search, 'key', 'id', false)}) AS n
           FROM (SELECT ${column} AS key, c.claim_id AS id FROM claims c WHERE ${search.where.sql}${seek} ORDER BY ${order} LIMIT ${ANCHOR_STEP * ANCHORS_PER_READ}) c
       ) numbered WHERE ${pick} ORDER BY n`,
      values,
    );
    entry.anchors.push(...found);
    last = found.at(-1);
    if (found.length < ANCHORS_PER_READ || !last) return;
    await restAfter(performance.now() - started);
  }
}

/** The anchors of a search so far; starts (or renews) the walk in the background when needed. */
function anchorsOf(q: Queryable, search: ListSearch, version: number, now: number): Anchors {
  const cache = cacheOf(q).anchors;
  const key = anchorsKey(search);
  const hit = cache.get(key);
  const fresh = hit && (hit.version === version ? now - hit.at < ANCHOR_TTL_MS : now - hit.at < ANCHOR_STALE_MS);
  if (hit && (fresh || hit.walking)) return hit;
  const entry: Anchors = { anchors: [], walking: true, version, at: now };
  cache.set(key, entry);
  void walkAnchors(q, search, entry).then(
    () => {
      entry.walking = false;
    },
    () => {
      // A failed walk (the database went away) is forgotten; the next page starts another.
      entry.walking = false;
      cache.delete(key);
    },
  );
  return entry;
}

export interface PageWindow {
  offset: number;
  limit: number;
  total: number;
  version: number;
}

/**
 * The claims of rows [offset, offset + limit) of the search, as a subquery over `claims`; the
 * caller orders the result. Near the top a plain OFFSET is cheapest (and the anchor walk starts
 * for later jumps), near the end the same read backwards; in between the page is found from the
 * nearest anchor.
 */
export function pageSubquery(q: Queryable, search: ListSearch, page: PageWindow, now = Date.now()): SqlCondition {
  const { offset, limit, total } = page;
  const { where } = search;
  const order = orderBy(search);
  const positions = total > 2 * ANCHOR_STEP ? anchorsOf(q, search, page.version, now) : null;
  if (offset < ANCHOR_STEP) {
    return { sql: rowsOfKeys(`SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`), values: where.values };
  }
  // Near the end (End key, the last pages): read the index backwards; no positions needed.
  const fromEnd = total - offset - limit;
  if (fromEnd < ANCHOR_STEP) {
    const take = limit + Math.min(0, fromEnd);
    return {
      sql: rowsOfKeys(`SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${orderBy(search, true)} LIMIT ${take} OFFSET ${Math.max(0, fromEnd)}`),
      values: where.values,
    };
  }
  const wanted = Math.floor(offset / ANCHOR_STEP);
  if (positions?.walking && wanted >= positions.anchors.length) return pageAtPosition(search, page, positions.anchors);
  const anchors = positions?.anchors ?? [];
  const index = Math.min(wanted, anchors.length - 1);
  const anchor = anchors[index];
  if (!anchor) return { sql: rowsOfKeys(`SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`), values: where.values };
  const values = [...where.values];
  const seek = seekFrom(search, anchor, values, true);
  return { sql: rowsOfKeys(`SELECT c.claim_id FROM claims c WHERE ${where.sql} AND ${seek} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset - index * ANCHOR_STEP}`), values };
}

/**
 * Rows [offset, offset + limit) found without positions walked that far: the sort key of the first
 * wanted row is read off the sort's covering index (only key and claim id, so no table rows are
 * read), skipping from the furthest anchor known or, when nearer, backwards from the end. The page
 * is then sought from that key, as from an anchor.
 */
export function pageAtPosition(search: ListSearch, page: Pick<PageWindow, 'offset' | 'limit' | 'total'>, anchors: readonly Anchor[]): SqlCondition {
  const { offset, limit, total } = page;
  const { where } = search;
  const { column } = SORT_SQL[search.sort];
  const values = [...where.values];
  const anchorIndex = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length - 1);
  const anchor = anchors[anchorIndex];
  const fromFront = anchor ? offset - anchorIndex * ANCHOR_STEP : offset;
  const fromEnd = total - 1 - offset;
  const backwards = fromEnd < fromFront;
  const after = !backwards && anchor ? ` AND ${seekFrom(search, anchor, values, true)}` : '';
  const keyWhere = (condition: string) => `SELECT ${column} AS key, c.claim_id AS id FROM claims c WHERE ${condition}${after}
    ORDER BY ${orderBy(search, backwards)} OFFSET ${backwards ? fromEnd : fromFront} LIMIT 1`;
  // The skip reads hundreds of thousands of index entries: for a role with every practice, without
  // testing each entry's practice (about half the time).
  const key =
    where.withoutRole === undefined
      ? keyWhere(where.sql)
      : `(${keyWhere(`${ROLE_HAS_EVERY_PRACTICE} AND ${where.withoutRole}`)}) UNION ALL (${keyWhere(`NOT ${ROLE_HAS_EVERY_PRACTICE} AND ${where.sql}`)})`;
  const compare = search.order === 'asc' ? '>=' : '<=';
  const seek = search.sort === 'claimID' ? `c.claim_id ${compare} (SELECT id FROM (${key}) k)` : `(${column}, c.claim_id) ${compare} (SELECT key, id FROM (${key}) k)`;
  return { sql: rowsOfKeys(`SELECT c.claim_id FROM claims c WHERE ${where.sql} AND ${seek} ORDER BY ${orderBy(search)} LIMIT ${limit}`), values };
}
