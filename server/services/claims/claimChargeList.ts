import type { ClaimChargeParams, ClaimChargeReply, ClaimChargeRow } from '../../../contract/claimListVariants.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { cachedFigure } from './figureCache.ts';
import { orderBy, type ListSearch } from './listPositions.ts';

/** Deleted lines stay in the table for the ledger (migration 0007); no list shows them. */
const LIVE_LINE = `ch.charge_status <> 'deleted'`;

/**
 * Claims/getAllClaimsSearchChargeData (and the AR one, with the filter's `ar` flag): one row per
 * charge line of the claims the list's filters find, within the data role, in the claims' sort
 * order and then by line number, a page at a time. The total counts lines, not claims. Deep pages
 * use OFFSET over the join: a line list is read near its start (a claim's lines, a payer's
 * month), not dragged to the middle of millions like the claims list.
 */
export async function searchClaimCharges(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  params: ClaimChargeParams,
  today?: string,
): Promise<ClaimChargeReply> {
  if (scope.practiceIds.length === 0) return { total: 0, rows: [] };
  const where = claimFilterWhere(params, scope, today);
  const search: ListSearch = { where, sort: params.sortColumn, order: params.sortOrder };
  // Counting the lines of every claim costs half a second at 300,000 claims: kept like the list's
  // other figures. Adding or deleting a line rewrites its claim's totals, so a changed count always
  // comes with a claims change, which drops the kept one.
  const total = await cachedFigure(q, 'charge lines', where, async () => {
    const [counted] = await q.query<{ total: number }>(
      `SELECT count(*)::bigint AS total FROM claims c JOIN charges ch ON ch.claim_id = c.claim_id AND ${LIVE_LINE} WHERE ${where.sql}`,
      where.values,
    );
    return Number(counted?.total ?? 0);
  });
  const offset = (params.pageNumber - 1) * params.pageSize;
  const rows =
    offset >= total
      ? []
      : await q.query<ClaimChargeRow>(
          `SELECT ch.charge_id AS "chargeID", c.claim_id AS "claimID", ch.line_number AS "lineNumber",
                  c.patient_id AS "patientID", c.patient_name AS "patientName", ch.dos_from AS "dosFrom", ch.dos_to AS "dosTo",
                  ch.cpt_code AS "cptCode",
                  array_remove(ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4], NULL) AS "modifiers",
                  ch.units, ch.charge_cents AS "chargeAmount", ch.balance_cents AS "balance", ch.charge_status AS "chargeStatus",
                  cs.name AS "claimStatus", ins.name AS "payerName"
             FROM claims c
             JOIN charges ch ON ch.claim_id = c.claim_id AND ${LIVE_LINE}
             JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
             LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
            WHERE ${where.sql}
            ORDER BY ${orderBy(search)}, ch.line_number
            LIMIT ${params.pageSize} OFFSET ${offset}`,
          where.values,
        );
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.search.charges',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: {
      pageNumber: params.pageNumber,
      pageSize: params.pageSize,
      returned: rows.length,
      claimIDs: [...new Set(rows.map((row) => row.claimID))],
    },
  });
  return { total, rows };
}
