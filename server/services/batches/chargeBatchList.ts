/**
 * getBatchChargeProfile: the charge batches of the user's data role, newest first, each with what
 * was expected against what its claims add up to, so the biller sees which runs are not fully
 * entered yet. By batch number prefix and by status; paged.
 */
import type { ChargeBatchListQuery, ChargeBatchListReply } from '../../../contract/batches.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { CHARGE_BATCH_COLUMNS, CHARGE_BATCH_FROM, withDifference, type ChargeBatchRow } from './chargeBatches.ts';

export async function chargeBatchList(
  q: Queryable,
  scope: DataScope,
  query: ChargeBatchListQuery,
): Promise<ChargeBatchListReply> {
  const where = `WHERE cb.practice_id = ANY($1::bigint[]) AND ($2::text IS NULL OR cb.batch_number ILIKE $2 || '%') AND ($3::text IS NULL OR cb.status = $3)`;
  const params = [scope.practiceIds, query.searchValue || null, query.status ?? null];
  const [counted] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM charge_batches cb ${where}`,
    params,
  );
  const rows = await q.query<ChargeBatchRow>(
    `SELECT ${CHARGE_BATCH_COLUMNS} ${CHARGE_BATCH_FROM} ${where} ORDER BY cb.charge_batch_id DESC LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNumber - 1) * query.pageSize],
  );
  return { count: counted?.count ?? 0, batches: rows.map(withDifference) };
}
