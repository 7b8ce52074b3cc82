/**
 * Action needed and open items: claims counted by what the biller must do next, with their
 * balance (claims.balance_cents, moved in the posting transaction by the same cents as the
 * ledger rows). Each row names the claims-list filter that lists exactly its claims.
 */
import { Params } from '../../../db/params.ts';
import { claimNarrowingSql } from '../../access/claimScope.ts';
import type {
  ClaimCountRow,
  ClaimCountsReply,
  DashboardGroupQuery,
  DrillFilter,
} from '../../../../contract/arDashboard.ts';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../../contract/claimStatus.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { cachedFigure } from '../../claims/figureCache.ts';
import { claimScopeOf } from './scope.ts';

interface Bucket {
  key: string;
  label: string;
  /** The claim statuses, and the submit status, whose claims it may hold. */
  statuses: readonly number[];
  submitStatus?: number;
  /** The test on one combination of statuses, the same as the claims list's filter below. */
  holds: (claim: Combination) => boolean;
  filter: DrillFilter;
}

interface Combination {
  status: number;
  scrub: number;
  submit: number;
}

const ACTION_NEEDED: readonly Bucket[] = [
  {
    key: 'denied',
    label: 'Denied by the payer',
    statuses: [CLAIM_STATUS.denied],
    holds: (claim) => claim.status === CLAIM_STATUS.denied,
    filter: { claimStatusIDs: String(CLAIM_STATUS.denied) },
  },
  {
    key: 'rejected',
    label: 'Rejected by the payer',
    statuses: [CLAIM_STATUS.rejected],
    holds: (claim) => claim.status === CLAIM_STATUS.rejected,
    filter: { claimStatusIDs: String(CLAIM_STATUS.rejected) },
  },
  {
    key: 'clearinghouseRejected',
    label: 'Rejected by the clearinghouse',
    statuses: [],
    submitStatus: SUBMIT_STATUS.rejectedByClearinghouse,
    holds: (claim) => claim.submit === SUBMIT_STATUS.rejectedByClearinghouse,
    filter: { submitStatusID: SUBMIT_STATUS.rejectedByClearinghouse },
  },
];

const NOT_SENT = [CLAIM_STATUS.draft, CLAIM_STATUS.readyToSubmit];

const OPEN_ITEMS: readonly Bucket[] = [
  {
    key: 'draft',
    label: 'Drafts',
    statuses: [CLAIM_STATUS.draft],
    holds: (claim) => claim.status === CLAIM_STATUS.draft,
    filter: { claimStatusIDs: String(CLAIM_STATUS.draft) },
  },
  {
    key: 'readyToSubmit',
    label: 'Ready to submit',
    statuses: [CLAIM_STATUS.readyToSubmit],
    holds: (claim) => claim.status === CLAIM_STATUS.readyToSubmit,
    filter: { claimStatusIDs: String(CLAIM_STATUS.readyToSubmit) },
  },
  {
    key: 'scrubFailed',
    label: 'Not sent, failed the scrubber',
    statuses: NOT_SENT,
    holds: (claim) => NOT_SENT.includes(claim.status as 1 | 2) && claim.scrub === SCRUB_STATUS.failed,
    filter: { claimStatusIDs: NOT_SENT.join(','), scrubStatusID: SCRUB_STATUS.failed },
  },
  {
    key: 'patientBalance',
    label: 'Patient balance',
    statuses: [CLAIM_STATUS.patientBalance],
    holds: (claim) => claim.status === CLAIM_STATUS.patientBalance,
    filter: { claimStatusIDs: String(CLAIM_STATUS.patientBalance) },
  },
];

interface CombinationRow {
  status: number;
  scrub: number;
  submit: number;
  claims: number | string;
  balance: number | string;
}

/**
 * The claims of the buckets' statuses, then those of their submit statuses not already read,
 * counted per combination of statuses: each half reads one index, where one OR read every claim.
 */
async function countClaims(
  q: Queryable,
  scope: DataScope,
  input: DashboardGroupQuery,
  buckets: readonly Bucket[],
): Promise<ClaimCountsReply> {
  const claims = await claimScopeOf(q, scope, input.groupID);
  const statuses = [...new Set(buckets.flatMap((bucket) => bucket.statuses))];
  const submits = [
    ...new Set(buckets.flatMap((bucket) => (bucket.submitStatus === undefined ? [] : [bucket.submitStatus]))),
  ];
  const values: unknown[] = [claims.practiceIds, statuses, submits];
  const narrowing = claimNarrowingSql('c', claims, new Params(values).add);
  const narrowed = narrowing ? ` AND ${narrowing}` : '';
  // Kept until claims change, as the claims list's status chips are.
  const combinations = await cachedFigure(q, 'claims by status', { sql: '', values }, () =>
    q.query<CombinationRow>(
      `SELECT c.claim_status_id AS status, c.scrub_status_id AS scrub, c.submit_status_id AS submit, count(*) AS claims, sum(c.balance_cents)::bigint AS balance
       FROM claims c WHERE c.practice_id = ANY($1::bigint[]) AND c.claim_status_id = ANY($2::smallint[])${narrowed}
      GROUP BY 1, 2, 3
     UNION ALL
     SELECT c.claim_status_id, c.scrub_status_id, c.submit_status_id, count(*), sum(c.balance_cents)::bigint
       FROM claims c WHERE c.practice_id = ANY($1::bigint[]) AND c.submit_status_id = ANY($3::smallint[]) AND c.claim_status_id <> ALL($2::smallint[])${narrowed}
      GROUP BY 1, 2, 3`,
      values,
    ),
  );
  const group: DrillFilter = input.groupID ? { groupID: input.groupID } : {};
  const rows: ClaimCountRow[] = buckets.map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    claims: 0,
    balanceCents: 0,
    filter: { ...group, ...bucket.filter },
  }));
  let totalClaims = 0;
  let totalBalanceCents = 0;
  for (const row of combinations) {
    const combination = { status: Number(row.status), scrub: Number(row.scrub), submit: Number(row.submit) };
    const claims = Number(row.claims);
    const balance = Number(row.balance);
    let counted = false;
    buckets.forEach((bucket, index) => {
      if (!bucket.holds(combination)) return;
      rows[index]!.claims += claims;
      rows[index]!.balanceCents += balance;
      counted = true;
    });
    if (counted) {
      totalClaims += claims;
      totalBalanceCents += balance;
    }
  }
  return { rows, totalClaims, totalBalanceCents };
}

export function actionNeededClaims(
  q: Queryable,
  scope: DataScope,
  input: DashboardGroupQuery,
): Promise<ClaimCountsReply> {
  return countClaims(q, scope, input, ACTION_NEEDED);
}

export function openItems(q: Queryable, scope: DataScope, input: DashboardGroupQuery): Promise<ClaimCountsReply> {
  return countClaims(q, scope, input, OPEN_ITEMS);
}
