/**
 * At sign-in the positions of the biller's whole claims list are walked under each sort, one sort
 * after another in the background (listPositions.ts). The first jump deep into a sort then seeks
 * from anchors in milliseconds, where it would otherwise skip along an index that may never have
 * been read since the server started: 300 ms and more at a million claims. One walk serves both
 * orders of a sort; users of one data role share the walks, and fresh ones are not repeated.
 */
import type { ClaimSortColumn } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import { pauseInRequests } from '../background/requestsFirst.ts';
import { loadUserScope } from '../access/dataScope.ts';
import type { ClaimScope } from '../access/claimScope.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { ANCHOR_STEP, changeVersion, positionsOf, searchTotal } from './listPositions.ts';

/** The list's own order first (newest claim first), then each column in the order its first click sorts. */
export const PREPARED_SORTS: readonly (readonly [ClaimSortColumn, 'asc' | 'desc'])[] = [
  ['claimID', 'desc'],
  ['patientName', 'asc'],
  ['dosFrom', 'asc'],
  ['balance', 'asc'],
  ['claimStatus', 'asc'],
];

/** Walks the positions of the whole list of a data role's practices, sort by sort; resolves when done. */
export async function prepareListPositions(q: Queryable, scope: ClaimScope): Promise<void> {
  if (scope.practiceIds.length === 0) return;
  const where = claimFilterWhere({}, scope);
  for (const [sort, order] of PREPARED_SORTS) {
    await pauseInRequests(q);
    const version = await changeVersion(q);
    // Counted here, the total is cached for the list's first page too.
    if ((await searchTotal(q, where, version)) <= 2 * ANCHOR_STEP) return;
    const { entry } = positionsOf(q, { where, sort, order }, version);
    await (entry.renewal ?? entry).walked;
  }
}

/** Preparations under way, per database and user: a user signing in twice does not prepare twice. */
const preparing = new WeakMap<Queryable, Map<number, Promise<void>>>();

/**
 * Starts preparing the list of a user who has just signed in, without holding the sign-in up. A
 * preparation that fails (the database closing) costs only the speed of a first deep jump.
 */
export function prepareListOfUser(q: Queryable, userId: number): void {
  let running = preparing.get(q);
  if (!running) preparing.set(q, (running = new Map<number, Promise<void>>()));
  if (running.has(userId)) return;
  const prepare = async () => {
    const [user] = await q.query<{ dataRoleId: number | null }>(
      'SELECT data_role_id AS "dataRoleId" FROM users WHERE user_id = $1',
      [userId],
    );
    if (user?.dataRoleId == null) return;
    await prepareListPositions(q, await loadUserScope(q, userId, user.dataRoleId));
  };
  const users = running;
  users.set(
    userId,
    prepare()
      .catch(() => undefined)
      .finally(() => users.delete(userId)),
  );
}

/** The preparation under way for a user who has signed in, if any. */
export function preparationOf(q: Queryable, userId: number): Promise<void> | undefined {
  return preparing.get(q)?.get(userId);
}
