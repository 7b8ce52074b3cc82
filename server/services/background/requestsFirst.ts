/**
 * Requests go first: the requests being served on a database, so that work nobody is waiting
 * for (the position walks of the claims list, listPositions.ts) reads only in a pause between
 * them. On two cores, right after sign-in, when every sort of the biller's list is walked, the
 * walk's reads beside the list's pages took the first page's p95 from 17 ms to 28-34 ms (a
 * million claims on PostgreSQL).
 */
import type { Queryable } from '../../db/types.ts';

/** A pause: nothing served on the database for this long. */
export const QUIET_MS = 10;
/** A server that is never quiet still gets its background work done, one read this often. */
export const MAX_WAIT_MS = 1000;

interface Serving {
  requests: number;
  lastEndedAt: number;
}

const servingByDb = new WeakMap<Queryable, Serving>();

function servingOn(q: Queryable): Serving {
  let serving = servingByDb.get(q);
  if (!serving) servingByDb.set(q, (serving = { requests: 0, lastEndedAt: 0 }));
  return serving;
}

/** Marks a request as being served on `q`; call the returned function when it has ended (more calls do nothing). */
export function requestStarted(q: Queryable): () => void {
  const serving = servingOn(q);
  serving.requests += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    serving.requests -= 1;
    serving.lastEndedAt = performance.now();
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once no request has been served on `q` for QUIET_MS, or after MAX_WAIT_MS at most. */
export async function pauseInRequests(q: Queryable): Promise<void> {
  const serving = servingByDb.get(q);
  if (!serving) return;
  const since = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - serving.lastEndedAt;
    if (serving.requests === 0 && quietFor >= QUIET_MS) return;
    const waited = now - since;
    if (waited >= MAX_WAIT_MS) return;
    await sleep(Math.min(MAX_WAIT_MS - waited, serving.requests === 0 ? QUIET_MS - quietFor : QUIET_MS));
  }
}
