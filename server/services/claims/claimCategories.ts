import {
  CLAIM_STATUS_CATEGORY_LABELS,
  type ClaimStatusCategoriesReply,
  type ClaimStatusCategory,
} from '../../../contract/claimLists.ts';
import type { ClaimFilter } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { cachedFigure } from './figureCache.ts';

/**
 * Claims/getAllClaimsSearchStatusCategories: how many claims of the filter fall in each status
 * category, every category listed (empty ones with 0) in the order of their first status. The
 * filter's status choice is left out, so the chips offer what picking another one would show.
 * Counted per status (a walk of the status index) and then folded into categories; kept until
 * claims change (figureCache.ts).
 */
export async function claimStatusCategories(
  q: Queryable,
  scope: DataScope,
  filter: ClaimFilter,
  today: string,
): Promise<ClaimStatusCategoriesReply> {
  const where = claimFilterWhere({ ...filter, claimStatusID: undefined, claimStatusIDs: undefined }, scope, today);
  const rows = await cachedFigure(q, 'categories', where, () =>
    q.query<Omit<ClaimStatusCategory, 'label'>>(
      `SELECT cs.category, array_agg(cs.claim_status_id::int ORDER BY cs.claim_status_id) AS "claimStatusIDs",
              coalesce(sum(n.count), 0)::bigint AS count
         FROM claim_statuses cs
         LEFT JOIN (SELECT c.claim_status_id, count(*) AS count FROM claims c WHERE ${where.sql} GROUP BY c.claim_status_id) n
           ON n.claim_status_id = cs.claim_status_id
        GROUP BY cs.category
        ORDER BY min(cs.claim_status_id)`,
      where.values,
    ),
  );
  const categories = rows.map((row) => ({ ...row, label: CLAIM_STATUS_CATEGORY_LABELS[row.category] ?? row.category }));
  return { total: categories.reduce((sum, category) => sum + category.count, 0), categories };
}
