/**
 * The batch screens' pick lists (GetBatchTypes, getDocumentBatchType, getBatchStatus) and the one
 * list of every batch of the data role, of all three kinds (getBatchesData), newest first.
 */
import {
  BATCH_KINDS,
  BATCH_STATUSES,
  DOCUMENT_BATCH_TYPES,
  type BatchesQuery,
  type BatchesReply,
  type NamesReply,
} from '../../../contract/batches.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { isoText } from './batchRules.ts';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const batchTypes = (): NamesReply => ({
  values: BATCH_KINDS.map((kind) => ({ value: kind, label: `${capitalised(kind)} batch` })),
});
export const documentBatchTypes = (): NamesReply => ({
  values: DOCUMENT_BATCH_TYPES.map((type) => ({ value: type, label: type })),
});
export const batchStatuses = (): NamesReply => ({
  values: BATCH_STATUSES.map((status) => ({ value: status, label: capitalised(status) })),
});

export async function batchesData(q: Queryable, scope: DataScope, query: BatchesQuery): Promise<BatchesReply> {
  const rows = await q.query<BatchesReply['batches'][number] & { total: number }>(
    `SELECT b.kind, b.batch_id AS "batchID", b.batch_number AS "batchNumber", p.name AS "practiceName", b.status, b.description,
            ${isoText('b.created_at')} AS "createdAt", count(*) OVER ()::int AS total
       FROM (SELECT 'payment'::text AS kind, payment_batch_id AS batch_id, batch_number, practice_id, status, description, created_at FROM payment_batches
             UNION ALL
             SELECT 'charge', charge_batch_id, batch_number, practice_id, status, description, created_at FROM charge_batches
             UNION ALL
             SELECT 'document', document_batch_id, batch_number, practice_id, status, description, created_at FROM document_batches) b
       JOIN practices p ON p.practice_id = b.practice_id
      WHERE b.practice_id = ANY($1::bigint[]) AND ($2::text IS NULL OR b.kind = $2) AND ($3::text IS NULL OR b.batch_number ILIKE $3 || '%')
      ORDER BY b.created_at DESC, b.kind, b.batch_id DESC
      LIMIT $4 OFFSET $5`,
    [
      scope.practiceIds,
      query.kind ?? null,
      query.searchValue || null,
      query.pageSize,
      (query.pageNumber - 1) * query.pageSize,
    ],
  );
  return { count: rows[0]?.total ?? 0, batches: rows.map(({ total: _total, ...row }) => row) };
}
