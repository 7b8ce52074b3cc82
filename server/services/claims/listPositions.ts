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
 * the row's position is off by the rows added or removed meanwhile. After that a new walk starts
 * and the old anchors serve until it ends. A walk that has ended serves the other order of its
 * sort too (row i one way is row rows - 1 - i the other), and at sign-in every sort of the
 * biller's whole list is walked ahead of use (prepareListPositions.ts).
 *
 * A jump past where the walk has got does not wait for it: the sort key at the wanted row is found
 * on the covering index alone (an index-only OFFSET from the nearest anchor, or backwards from the
 * end when that is nearer), and the page is sought from that key. It reads only index entries:
 * on PGlite at a million claims 40-70 ms for the 390,000 entries from the end to 61% of the way
 * (the walk takes 0.7-0.9 s to get there). On PGlite, which has one connection, it holds the next
 * request up no longer than a few of the walk's own reads would.
 */
import type { ClaimSortColumn } from '../../../contract/claims.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { pauseInRequests } from '../background/requestsFirst.ts';
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
  /** Settles when the walk ends. */
  walked: Promise<void>;
  /** The rows the walk went over, once it has ended: row i of one order is row rows - 1 - i of the other. */
  rows?: number;
  /** A walk under way to replace these anchors, which serve until it ends. */
  renewal?: Anchors;
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

const CHANGE_VERSION = preparedStatement(
  'claims-change-version',
  'SELECT last_value AS version FROM claims_change_seq',
);

export async function changeVersion(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: number }>(CHANGE_VERSION);
  return row?.version ?? 0;
}

/**
 * The change number a request's list reads key on: the one read with its session when it was
 * (taken before the request read anything, so a count cached under it is never older than it
 * says), else read now.
 */
export function requestVersion(q: Queryable, actor: { claimsVersion?: number }): Promise<number> {
  return actor.claimsVersion === undefined ? changeVersion(q) : Promise.resolve(actor.claimsVersion);
}

/** Rows the search finds: counted once per change of the claims table (or every 5 minutes). */
export async function searchTotal(
  q: Queryable,
  where: SqlCondition,
  version: number,
  now = Date.now(),
): Promise<number> {
  const cache = cacheOf(q).totals;
  const key = whereKey(where);
  const hit = cache.get(key);
  if (hit && hit.version === version && now - hit.at < COUNT_TTL_MS) return hit.total;
  const [row] = await q.query<{ total: number }>(
    `SELECT count(*)::bigint AS total FROM claims c WHERE ${where.sql}`,
    where.values,
  );
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
const restAfter = (readMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, Math.max(0, readMs))));

/**
 * Finds the anchors ANCHORS_PER_READ at a time: each read takes the next rows of the sort order
 * from the last anchor (a short index range) and keeps every ANCHOR_STEP-th; it rests between
 * reads (restAfter) and reads only in a pause between requests (requestsFirst.ts), so requests go
 * first. The last read also tells how many rows it had, so the walk ends knowing the rows of the
 * whole list.
 */
async function walkAnchors(q: Queryable, search: ListSearch, entry: Anchors): Promise<void> {
  const { column } = SORT_SQL[search.sort];
  const order = orderBy(search);
  const chunk = ANCHOR_STEP * ANCHORS_PER_READ;
  for (;;) {
    await pauseInRequests(q);
    const started = performance.now();
    const before = entry.anchors.length;
    const last = entry.anchors[before - 1];
    const values = [...search.where.values];
    const seek = last ? ` AND ${seekFrom(search, last, values, false)}` : '';
    // Row n of the read is the n-th after the last anchor, so the next anchor is row ANCHOR_STEP;
    // the first read starts at row 0 of the list itself.
    const pick = last ? `n % ${ANCHOR_STEP} = 0` : `(n - 1) % ${ANCHOR_STEP} = 0`;
    const found = await q.query<Anchor & { anchor: boolean; read: number }>(
      `SELECT key, id, ${pick} AS anchor, read FROM (
         SELECT key, id, row_number() OVER (ORDER BY ${orderOver(search, 'key', 'id', false)}) AS n, count(*) OVER () AS read
           FROM (SELECT ${column} AS key, c.claim_id AS id FROM claims c WHERE ${search.where.sql}${seek} ORDER BY ${order} LIMIT ${chunk}) c
       ) numbered WHERE ${pick} OR n = read ORDER BY n`,
      values,
    );
    const read = Number(found.at(-1)?.read ?? 0);
    entry.anchors.push(...found.filter((row) => row.anchor).map(({ key, id }) => ({ key, id })));
    if (read < chunk) {
      // The rows before this read: up to and including the last anchor, none on the first read.
      entry.rows = (before > 0 ? (before - 1) * ANCHOR_STEP + 1 : 0) + read;
      return;
    }
    await restAfter(performance.now() - started);
  }
}

const mirrorOf = (search: ListSearch): ListSearch => ({ ...search, order: search.order === 'asc' ? 'desc' : 'asc' });

/** Anchors taken at another change of the claims still serve a while: rows right, positions off by the change. */
function usable(entry: Anchors, version: number, now: number): boolean {
  return (
    entry.walking || (entry.version === version ? now - entry.at < ANCHOR_TTL_MS : now - entry.at < ANCHOR_STALE_MS)
  );
}

/**
 * Starts a walk for the search's anchors. Old anchors, when there are any, keep serving until the
 * walk has ended (a deep page seeks from them in milliseconds rather than skipping along the index
 * for a new walk to catch up).
 */
function walk(q: Queryable, search: ListSearch, old: Anchors | undefined, version: number, now: number): Anchors {
  if (old?.renewal) return old.renewal;
  const cache = cacheOf(q).anchors;
  const key = anchorsKey(search);
  const renewing = old !== undefined && !old.walking;
  let settle = () => {};
  const entry: Anchors = {
    anchors: [],
    walking: true,
    walked: new Promise((resolve) => (settle = resolve)),
    version,
    at: now,
  };
  if (renewing) old.renewal = entry;
  else cache.set(key, entry);
  void walkAnchors(q, search, entry)
    .then(
      () => {
        entry.walking = false;
        cache.set(key, entry);
      },
      () => {
        // A failed walk (the database went away) is forgotten; the next page starts another.
        entry.walking = false;
        if (renewing) old.renewal = undefined;
        else if (cache.get(key) === entry) cache.delete(key);
      },
    )
    .finally(settle);
  return entry;
}

export interface Positions {
  entry: Anchors;
  /** The anchors are those of the other order of the same sort. */
  mirrored: boolean;
}

/**
 * The anchors a deep page of the search seeks from: its own, or those of the same sort in the
 * other order once their walk has ended (a biller who turns a column's order around walks nothing
 * again). Starts, or renews, the walk in the background when neither is fresh.
 */
export function positionsOf(q: Queryable, search: ListSearch, version: number, now = Date.now()): Positions {
  const cache = cacheOf(q).anchors;
  const own = cache.get(anchorsKey(search));
  if (own && usable(own, version, now)) return { entry: own, mirrored: false };
  const mirror = cache.get(anchorsKey(mirrorOf(search)));
  const mirrorWalked = mirror?.rows !== undefined ? mirror : undefined;
  if (mirrorWalked && usable(mirrorWalked, version, now)) return { entry: mirrorWalked, mirrored: true };
  const renewal = walk(q, search, own, version, now);
  if (own && !own.walking) return { entry: own, mirrored: false };
  if (mirrorWalked) return { entry: mirrorWalked, mirrored: true };
  return { entry: renewal, mirrored: false };
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
  const positions = total > 2 * ANCHOR_STEP ? positionsOf(q, search, page.version, now) : null;
  if (offset < ANCHOR_STEP) {
    return {
      sql: rowsOfKeys(
        `SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
      values: where.values,
    };
  }
  // Near the end (End key, the last pages): read the index backwards; no positions needed.
  const fromEnd = total - offset - limit;
  if (fromEnd < ANCHOR_STEP) {
    const take = limit + Math.min(0, fromEnd);
    return {
      sql: rowsOfKeys(
        `SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${orderBy(search, true)} LIMIT ${take} OFFSET ${Math.max(0, fromEnd)}`,
      ),
      values: where.values,
    };
  }
  if (positions?.mirrored) return pageFromMirror(search, page, positions.entry) ?? pageAtPosition(search, page, []);
  const entry = positions?.entry;
  const wanted = Math.floor(offset / ANCHOR_STEP);
  if (entry?.walking && wanted >= entry.anchors.length) return pageAtPosition(search, page, entry.anchors);
  const anchors = entry?.anchors ?? [];
  const index = Math.min(wanted, anchors.length - 1);
  const anchor = anchors[index];
  if (!anchor)
    return {
      sql: rowsOfKeys(
        `SELECT c.claim_id FROM claims c WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),
      values: where.values,
    };
  const values = [...where.values];
  const seek = seekFrom(search, anchor, values, true);
  return {
    sql: rowsOfKeys(
      `SELECT c.claim_id FROM claims c WHERE ${where.sql} AND ${seek} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset - index * ANCHOR_STEP}`,
    ),
    values,
  };
}

/**
 * Rows [offset, offset + limit) from the anchors of the other order: the page's first row is row
 * `rows - 1 - offset` counted the other way, so the anchor at or after that row there is at or
 * before it here; the page is sought from it and the rows between skipped. Null when the list has
 * grown past what the walk saw.
 */
export function pageFromMirror(
  search: ListSearch,
  page: Pick<PageWindow, 'offset' | 'limit'>,
  mirror: Pick<Anchors, 'anchors' | 'rows'>,
): SqlCondition | null {
  const from = (mirror.rows ?? 0) - 1 - page.offset;
  const index = Math.ceil(from / ANCHOR_STEP);
  const anchor = from >= 0 ? mirror.anchors[index] : undefined;
  if (!anchor) return null;
  const values = [...search.where.values];
  const seek = seekFrom(search, anchor, values, true);
  return {
    sql: rowsOfKeys(
      `SELECT c.claim_id FROM claims c WHERE ${search.where.sql} AND ${seek} ORDER BY ${orderBy(search)} LIMIT ${page.limit} OFFSET ${index * ANCHOR_STEP - from}`,
    ),
    values,
  };
}

/**
 * Rows [offset, offset + limit) found without positions walked that far: the sort key of the first
 * wanted row is read off the sort's covering index (only key and claim id, so no table rows are
 * read), skipping from the furthest anchor known or, when nearer, backwards from the end. The page
 * is then sought from that key, as from an anchor.
 */
export function pageAtPosition(
  search: ListSearch,
  page: Pick<PageWindow, 'offset' | 'limit' | 'total'>,
  anchors: readonly Anchor[],
): SqlCondition {
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
  const keyWhere = (
    condition: string,
  ) => `SELECT ${column} AS key, c.claim_id AS id FROM claims c WHERE ${condition}${after}
    ORDER BY ${orderBy(search, backwards)} OFFSET ${backwards ? fromEnd : fromFront} LIMIT 1`;
  // The skip reads hundreds of thousands of index entries: for a role with every practice, without
  // testing each entry's practice (about half the time).
  const key =
    where.withoutRole === undefined
      ? keyWhere(where.sql)
      : `(${keyWhere(`${ROLE_HAS_EVERY_PRACTICE} AND ${where.withoutRole}`)}) UNION ALL (${keyWhere(`NOT ${ROLE_HAS_EVERY_PRACTICE} AND ${where.sql}`)})`;
  const compare = search.order === 'asc' ? '>=' : '<=';
  const seek =
    search.sort === 'claimID'
      ? `c.claim_id ${compare} (SELECT id FROM (${key}) k)`
      : `(${column}, c.claim_id) ${compare} (SELECT key, id FROM (${key}) k)`;
  return {
    sql: rowsOfKeys(
      `SELECT c.claim_id FROM claims c WHERE ${where.sql} AND ${seek} ORDER BY ${orderBy(search)} LIMIT ${limit}`,
    ),
    values,
  };
}
