import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { claimsInScope } from '../access/claimsInScope.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Finding } from './types.ts';

/** A stored finding, with the line number of its charge for display. */
export interface StoredFinding extends Finding {
  lineNumber: number | null;
  /** ISO instant of the scrub that found it. */
  scrubbedAt: string;
}

/** Claims/getClaimScrubingErrors: the claim's findings from its last scrub, in rule order. */
export async function getClaimScrubErrors(q: Queryable, claimID: number): Promise<StoredFinding[]> {
  return q.query<StoredFinding>(
    `SELECT sr.rule_id AS "ruleID", sr.severity, sr.field, sr.charge_id AS "chargeID", ch.line_number::int AS "lineNumber",
            sr.message, sr.fix, to_char(sr.scrubbed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "scrubbedAt"
       FROM scrub_results sr
       LEFT JOIN charges ch ON ch.charge_id = sr.charge_id
      WHERE sr.claim_id = $1
      ORDER BY sr.sequence`,
    [claimID],
  );
}

/** The findings of a claim the data role sees; another group's claim is not found. */
export async function scrubFindingsInScope(q: Queryable, scope: DataScope, claimID: number): Promise<StoredFinding[]> {
  const [inScope] = await claimsInScope(q, scope, [claimID]);
  if (inScope === undefined) throw new NotFoundError();
  return getClaimScrubErrors(q, inScope);
}
