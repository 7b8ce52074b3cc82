import type { Queryable } from '../../db/types.ts';
import type { DataScope } from './dataScope.ts';

/** The claims of `claimIDs` the data role may touch, in the order asked, each once. */
export async function claimsInScope(q: Queryable, scope: DataScope, claimIDs: readonly number[]): Promise<number[]> {
  if (scope.practiceIds.length === 0 || claimIDs.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    'SELECT claim_id AS id FROM claims WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[])',
    [[...new Set(claimIDs)], scope.practiceIds],
  );
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(claimIDs)].filter((id) => found.has(id));
}
