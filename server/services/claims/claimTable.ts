import type { ClaimTableQuery } from '../../../contract/claims.ts';
import type { DataScope } from '../access/dataScope.ts';
import { readAudited, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { requestVersion, orderBy, SORT_SQL, searchTotal, type ListSearch } from './listPositions.ts';

const EMPTY_NAMES = '{"practices":{},"providers":{},"payers":{},"users":{}}';

/**
 * One page of the claims list in the table form exports read (contract: claimTableReplySchema),
 * as JSON text the database writes itself. At 100,000 rows, turning database rows into objects
 * and back into JSON costs more than the query (three seconds on PGlite); one aggregated value
 * does not. Pages follow a cursor: the rows after claim `after` in the sort order, found by an
 * index seek from that claim's sort key, so the tenth page costs what the first does.
 */
export async function claimTablePage(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  query: ClaimTableQuery,
  today?: string,
): Promise<string> {
  if (scope.practiceIds.length === 0) return `{"total":0,"rows":[],"names":${EMPTY_NAMES}}`;
  const where = claimFilterWhere(query, scope, today);
  const search: ListSearch = { where, sort: query.sortColumn, order: query.sortOrder };
  const total = await searchTotal(q, where, await requestVersion(q, actor));
  const values = [...where.values];
  let seek = '';
  if (query.after !== undefined) {
    values.push(query.after);
    const after = `$${values.length}::bigint`;
    const compare = query.sortOrder === 'asc' ? '>' : '<';
    const { column } = SORT_SQL[query.sortColumn];
    seek =
      query.sortColumn === 'claimID'
        ? ` AND c.claim_id ${compare} ${after}`
        : ` AND (${column}, c.claim_id) ${compare} ((SELECT ${column} FROM claims c WHERE c.claim_id = ${after}), ${after})`;
  }
  const order = orderBy(search);
  const [page] = await readAudited<{ json: string }>(
    q,
    {
      sql: `WITH page AS (
       SELECT c.claim_id, c.patient_id, c.patient_name, c.dos_from, c.dos_to, c.practice_id, c.provider_id, c.insurance_id,
              c.claim_status_id, c.scrub_status_id, c.submit_status_id, c.total_charge_cents, c.balance_cents, c.assigned_user_id
         FROM claims c WHERE ${where.sql}${seek} ORDER BY ${order} LIMIT ${query.pageSize}
     )
     SELECT json_build_object(
       'total', ${total}::bigint,
       'rows', coalesce((
         SELECT json_agg(json_build_array(c.claim_id, c.patient_id, c.patient_name, pt.account_number, c.dos_from, c.dos_to,
                  c.practice_id, c.provider_id, c.insurance_id, c.claim_status_id, c.scrub_status_id, c.submit_status_id,
                  c.total_charge_cents, c.balance_cents, c.assigned_user_id) ORDER BY ${order})
           FROM page c JOIN patients pt ON pt.patient_id = c.patient_id), '[]'::json),
       'names', json_build_object(
         'practices', (SELECT coalesce(json_object_agg(practice_id, name), '{}'::json) FROM practices WHERE practice_id IN (SELECT practice_id FROM page)),
         'providers', (SELECT coalesce(json_object_agg(provider_id, concat_ws(', ', last_name, first_name)), '{}'::json) FROM providers WHERE provider_id IN (SELECT provider_id FROM page)),
         'payers', (SELECT coalesce(json_object_agg(insurance_id, name), '{}'::json) FROM insurances WHERE insurance_id IN (SELECT insurance_id FROM page)),
         'users', (SELECT coalesce(json_object_agg(user_id, concat_ws(' ', first_name, last_name)), '{}'::json) FROM users WHERE user_id IN (SELECT assigned_user_id FROM page))
       )
     )::text AS json`,
      values,
    },
    {
      userId: actor.userId,
      action: 'claims.search.table',
      recordType: 'claim',
      source: actor.source,
      ip: actor.ip,
      // The filter, sort and cursor say which claims were read; at 10,000 a page their ids would
      // make the audit log the largest table.
      detail: { filter: query, total },
    },
  );
  return page?.json ?? `{"total":${total},"rows":[],"names":${EMPTY_NAMES}}`;
}
