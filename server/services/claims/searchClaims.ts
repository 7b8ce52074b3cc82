import type { ClaimSearchParams, ClaimSearchReply, ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

/** Sort keys map to indexed columns; claim_id breaks ties so pages never overlap. */
const SORT_SQL: Record<ClaimSortColumn, string> = {
  claimID: 'c.claim_id',
  patientName: 'c.patient_name',
  dosFrom: 'c.dos_from',
  claimStatus: 'c.claim_status_id',
  balance: 'c.balance_cents',
};

function whereClause(params: ClaimSearchParams, scope: DataScope): { sql: string; values: unknown[] } {
  const values: unknown[] = [scope.practiceIds];
  const conditions = ['c.practice_id = ANY($1::bigint[])'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (params.search) {
    const search = params.search;
    if (/^\d{1,15}$/.test(search)) add((p) => `c.claim_id = ${p}::bigint`, Number(search));
    else add((p) => `c.patient_name LIKE ${p}`, `${search.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  }
  if (params.claimStatusID !== undefined) add((p) => `c.claim_status_id = ${p}`, params.claimStatusID);
  if (params.practiceID !== undefined) add((p) => `c.practice_id = ${p}`, params.practiceID);
  if (params.dosFrom) add((p) => `c.dos_from >= ${p}::date`, params.dosFrom);
  if (params.dosTo) add((p) => `c.dos_from <= ${p}::date`, params.dosTo);
  return { sql: conditions.join(' AND '), values };
}

/**
 * One page of the claims list, limited to the practices of the user's data role, sorted and
 * filtered in the database. The read is audited (who looked at which list, how many rows).
 */
export async function searchClaims(q: Queryable, actor: Actor, scope: DataScope, params: ClaimSearchParams): Promise<ClaimSearchReply> {
  if (scope.practiceIds.length === 0) return { total: 0, rows: [] };
  const where = whereClause(params, scope);
  const order = `${SORT_SQL[params.sortColumn]} ${params.sortOrder}, c.claim_id ${params.sortOrder}`;
  const limit = params.pageSize;
  const offset = (params.pageNumber - 1) * params.pageSize;
  const [countRows, rows] = await Promise.all([
    q.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM claims c WHERE ${where.sql}`, where.values),
    q.query<ClaimSearchRow>(
      `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_name AS "patientName",
              pt.account_number AS "accountNumber", c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
              pr.name AS "practiceName",
              concat_ws(', ', pv.last_name, pv.first_name) AS "providerName",
              ins.name AS "payerName",
              cs.name AS "claimStatus", ss.name AS "scrubStatus", su.name AS "submitStatus",
              c.total_charge_cents AS "totalCharges", c.balance_cents AS "balance",
              CASE WHEN au.user_id IS NULL THEN NULL ELSE concat_ws(' ', au.first_name, au.last_name) END AS "assignee"
         FROM (SELECT * FROM claims c WHERE ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) c
         JOIN patients pt ON pt.patient_id = c.patient_id
         JOIN practices pr ON pr.practice_id = c.practice_id
         JOIN providers pv ON pv.provider_id = c.provider_id
         LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
         JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
         JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
         JOIN submit_statuses su ON su.submit_status_id = c.submit_status_id
         LEFT JOIN users au ON au.user_id = c.assigned_user_id
        ORDER BY ${order}`,
      where.values,
    ),
  ]);
  await writeAudit(q, {
    userId: actor.userId,
    action: 'claims.search',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: { pageNumber: params.pageNumber, pageSize: params.pageSize, returned: rows.length, claimIDs: rows.slice(0, 500).map((row) => row.claimID) },
  });
  return { total: countRows[0]?.total ?? 0, rows };
}
