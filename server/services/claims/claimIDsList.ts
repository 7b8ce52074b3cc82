import { MAX_LISTED_CLAIM_IDS, type ClaimIDsParams, type ClaimIDsReply } from '../../../contract/claimListVariants.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { requestVersion, orderBy, searchTotal, type ListSearch } from './listPositions.ts';

/**
 * Claims/getAllClaimsSearchClaimIDS (and the AR one, with the filter's `ar` flag): the ids of the
 * claims the list's filters find, within the data role, in the list's order. For a bulk command
 * that must name its claims; above MAX_LISTED_CLAIM_IDS it is refused before any id is read, and
 * the biller is told to narrow the search or run the command on "all matching" (the query).
 */
export async function searchClaimIDs(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  params: ClaimIDsParams,
  today?: string,
): Promise<ClaimIDsReply> {
  if (scope.practiceIds.length === 0) return { total: 0, claimIDS: [] };
  const where = claimFilterWhere(params, scope, today);
  const search: ListSearch = { where, sort: params.sortColumn, order: params.sortOrder };
  const total = await searchTotal(q, where, await requestVersion(q, actor));
  if (total > MAX_LISTED_CLAIM_IDS) {
    throw new BadRequestError(
      `${total.toLocaleString('en-US')} claims match: at most ${MAX_LISTED_CLAIM_IDS.toLocaleString('en-US')} can be listed by ID. Narrow the search, or run the command on all matching claims.`,
    );
  }
  const rows = await q.query<{ claimID: number }>(
    `SELECT c.claim_id AS "claimID" FROM claims c WHERE ${where.sql} ORDER BY ${orderBy(search)} LIMIT ${MAX_LISTED_CLAIM_IDS}`,
    where.values,
  );
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.search.ids',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    // The filter says which claims were listed; up to 20,000 ids would swell the audit log.
    detail: { filter: params, total },
  });
  return { total, claimIDS: rows.map((row) => Number(row.claimID)) };
}
