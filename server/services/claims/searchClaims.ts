import type { ClaimSearchParams, ClaimSearchReply } from '../../../contract/claims.ts';
import type { DataScope } from '../access/dataScope.ts';
import { readAuditedJson, writeReadAudit, type AuditEntry, type ReadAuditDb } from '../audit/audit.ts';
import { JsonText } from '../jsonText.ts';
import type { Actor } from '../context.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { orderBy, pageSubquery, requestVersion, searchTotal, type ListSearch } from './listPositions.ts';

/**
 * The list's columns for the claims picked by `page` (a subquery over claims), in `order`. Names
 * are looked up one scalar subquery each rather than joined: with eight joins PostgreSQL spent
 * 3-5 ms planning the join order of every page (more than running it), with lookups about 0.4 ms.
 */
export function claimListRowsSql(pageSql: string, order: string): string {
  return `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_name AS "patientName",
            (SELECT pt.account_number FROM patients pt WHERE pt.patient_id = c.patient_id) AS "accountNumber",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
            (SELECT pr.name FROM practices pr WHERE pr.practice_id = c.practice_id) AS "practiceName",
            (SELECT concat_ws(', ', pv.last_name, pv.first_name) FROM providers pv WHERE pv.provider_id = c.provider_id) AS "providerName",
            (SELECT ins.name FROM insurances ins WHERE ins.insurance_id = c.insurance_id) AS "payerName",
            (SELECT cs.name FROM claim_statuses cs WHERE cs.claim_status_id = c.claim_status_id) AS "claimStatus",
            (SELECT ss.name FROM scrub_statuses ss WHERE ss.scrub_status_id = c.scrub_status_id) AS "scrubStatus",
            (SELECT su.name FROM submit_statuses su WHERE su.submit_status_id = c.submit_status_id) AS "submitStatus",
            c.total_charge_cents AS "totalCharges", c.balance_cents AS "balance",
            (SELECT concat_ws(' ', au.first_name, au.last_name) FROM users au WHERE au.user_id = c.assigned_user_id) AS "assignee"
       FROM (${pageSql}) c
      ORDER BY ${order}`;
}

/**
 * One page of the claims list, limited to the practices of the user's data role, sorted and
 * filtered in the database. The total is cached per search and deep pages seek from cached
 * positions (listPositions.ts), so a page anywhere in a million claims costs about what the
 * first does. The read is audited (who looked at which list, how many rows). The database writes
 * the page's JSON (jsonText.ts).
 */
export async function searchClaims(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  params: ClaimSearchParams,
  today?: string,
): Promise<JsonText<ClaimSearchReply>> {
  if (scope.practiceIds.length === 0) return new JsonText('{"total":0,"rows":[]}');
  const search: ListSearch = {
    where: claimFilterWhere(params, scope, today),
    sort: params.sortColumn,
    order: params.sortOrder,
  };
  const offset = (params.pageNumber - 1) * params.pageSize;
  const version = await requestVersion(q, actor);
  const total = await searchTotal(q, search.where, version);
  const audit: AuditEntry = {
    userId: actor.userId,
    action: 'claims.search',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: { pageNumber: params.pageNumber, pageSize: params.pageSize },
  };
  if (offset >= total) {
    await writeReadAudit(q, { ...audit, detail: { ...audit.detail, returned: 0, claimIDs: [] } });
    return new JsonText(`{"total":${total},"rows":[]}`);
  }
  const page = pageSubquery(q, search, { offset, limit: params.pageSize, total, version });
  const rows = await readAuditedJson(
    q,
    { sql: claimListRowsSql(page.sql, orderBy(search)), values: page.values },
    audit,
    { column: 'claimID', key: 'claimIDs' },
  );
  return new JsonText(`{"total":${total},"rows":${rows}}`);
}
