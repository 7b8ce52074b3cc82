import type { ClaimSearchParams, ClaimSearchReply, ClaimSearchRow } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFilterWhere, type SqlCondition } from './claimFilters.ts';
import { changeVersion, orderBy, pageSubquery, searchTotal, type ListSearch } from './listPositions.ts';

/** The list's columns for the claims picked by `page` (a subquery over claims), in `order`. */
function rowsOf(q: Queryable, page: SqlCondition, order: string): Promise<ClaimSearchRow[]> {
  return q.query<ClaimSearchRow>(
    `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_name AS "patientName",
            pt.account_number AS "accountNumber", c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
            pr.name AS "practiceName",
            concat_ws(', ', pv.last_name, pv.first_name) AS "providerName",
            ins.name AS "payerName",
            cs.name AS "claimStatus", ss.name AS "scrubStatus", su.name AS "submitStatus",
            c.total_charge_cents AS "totalCharges", c.balance_cents AS "balance",
            CASE WHEN au.user_id IS NULL THEN NULL ELSE concat_ws(' ', au.first_name, au.last_name) END AS "assignee"
       FROM (${page.sql}) c
       JOIN patients pt ON pt.patient_id = c.patient_id
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN providers pv ON pv.provider_id = c.provider_id
       LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
       JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
       JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
       JOIN submit_statuses su ON su.submit_status_id = c.submit_status_id
       LEFT JOIN users au ON au.user_id = c.assigned_user_id
      ORDER BY ${order}`,
    page.values,
  );
}

/**
 * One page of the claims list, limited to the practices of the user's data role, sorted and
 * filtered in the database. The total is cached per search and deep pages seek from cached
 * positions (listPositions.ts), so a page anywhere in a million claims costs about what the
 * first does. The read is audited (who looked at which list, how many rows).
 */
export async function searchClaims(q: Queryable, actor: Actor, scope: DataScope, params: ClaimSearchParams, today?: string): Promise<ClaimSearchReply> {
  if (scope.practiceIds.length === 0) return { total: 0, rows: [] };
  const search: ListSearch = { where: claimFilterWhere(params, scope.practiceIds, today), sort: params.sortColumn, order: params.sortOrder };
  const offset = (params.pageNumber - 1) * params.pageSize;
  const version = await changeVersion(q);
  const total = await searchTotal(q, search.where, version);
  const rows = offset >= total ? [] : await rowsOf(q, await pageSubquery(q, search, { offset, limit: params.pageSize, total, version }), orderBy(search));
  await writeAudit(q, {
    userId: actor.userId,
    action: 'claims.search',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: { pageNumber: params.pageNumber, pageSize: params.pageSize, returned: rows.length, claimIDs: rows.map((row) => row.claimID) },
  });
  return { total, rows };
}
