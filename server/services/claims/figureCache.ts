import type { Queryable } from '../../db/types.ts';
import type { SqlCondition } from './claimFilters.ts';
import { changeVersion } from './listPositions.ts';

/**
 * Figures of the claims list's side calls (status chips, aging sections), kept per query and
 * WHERE like the list's totals (listPositions.ts): an unfiltered count over a million claims
 * takes a few hundred milliseconds, and on PGlite's one connection the list's own pages would
 * wait behind it each time the filter bar asks again. A figure is read again once claims change
 * (claims_change_seq) or after FIGURE_TTL_MS, whichever comes first.
 */
const FIGURE_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 200;

interface Figure {
  value: unknown;
  version: number;
  at: number;
}

const caches = new WeakMap<Queryable, Map<string, Figure>>();

export async function cachedFigure<T>(
  q: Queryable,
  kind: string,
  where: SqlCondition,
  compute: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  let cache = caches.get(q);
  if (!cache) caches.set(q, (cache = new Map<string, Figure>()));
  const key = `${kind}|${where.sql}|${JSON.stringify(where.values)}`;
  const version = await changeVersion(q);
  const hit = cache.get(key);
  if (hit && hit.version === version && now - hit.at < FIGURE_TTL_MS) return hit.value as T;
  const value = await compute();
  cache.delete(key);
  cache.set(key, { value, version, at: now });
  // Oldest first in a Map: drop from the front.
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_ENTRIES) break;
    cache.delete(oldest);
  }
  return value;
}
