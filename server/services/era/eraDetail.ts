/**
 * getERAFullDetail: an uploaded ERA as the biller reads it before posting: each check with its
 * balancing, provider-level adjustments and claims, each claim and line with what it matched of
 * ours, its adjustments with the CARC text and its remarks with the RARC text (eraClaimDetails.ts).
 * A fixed number of reads however large the file.
 */
import type { EraFullDetailQuery, EraFullDetailReply } from '../../../contract/era.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { eraClaimColumns, eraClaimDetails, type EraClaimRow } from './eraClaimDetails.ts';
import { groupBy } from './groupRows.ts';

type Check = Omit<EraFullDetailReply['checks'][number], 'claims' | 'providerAdjustments'> & {
  eraID: number;
  fileName: string;
};

export async function eraFullDetail(
  q: Queryable,
  scope: DataScope,
  query: EraFullDetailQuery,
): Promise<EraFullDetailReply> {
  const checks = await q.query<Check>(
    `SELECT ec.era_check_id AS "eraCheckID", ec.era_file_id AS "eraID", f.file_name AS "fileName", ec.trace_number AS "traceNumber",
            ec.payer_name AS "payerName", ec.check_date AS "checkDate", ec.total_paid_cents AS "totalPaid", ec.status, ec.balanced, ec.imbalances
       FROM era_checks ec JOIN era_files f ON f.era_file_id = ec.era_file_id
      WHERE ec.era_file_id = $1 AND ec.group_id = ANY($2::bigint[]) AND ec.status <> 'deleted'
      ORDER BY ec.era_check_id`,
    [query.eraID, scope.groupIds],
  );
  const [first] = checks;
  if (!first) throw new NotFoundError('ERA not found.');
  const checkIDs = checks.map((check) => check.eraCheckID);
  const claims = await q.query<EraClaimRow>(
    `SELECT ${eraClaimColumns('ec')} FROM era_claims ec
      WHERE ec.era_check_id = ANY($1::bigint[]) AND ($2::bigint[] IS NULL OR ec.era_claim_id = ANY($2::bigint[]))
      ORDER BY ec.era_claim_id`,
    [checkIDs, query.eraClaimIDS ?? null],
  );
  const providerAdjustments = await q.query<{
    eraCheckID: number;
    reason: string;
    reference: string | null;
    amount: number;
    claimID: number | null;
    posted: boolean;
  }>(
    `SELECT era_check_id AS "eraCheckID", reason_code AS reason, reference, amount_cents AS amount, claim_id AS "claimID", posted_at IS NOT NULL AS posted
       FROM era_provider_adjustments WHERE era_check_id = ANY($1::bigint[]) ORDER BY era_provider_adjustment_id`,
    [checkIDs],
  );
  const claimsOf = groupBy(await eraClaimDetails(q, claims), (claim) => claim.eraCheckID);
  const providerAdjustmentsOf = groupBy(providerAdjustments, (row) => row.eraCheckID);
  return {
    eraID: first.eraID,
    fileName: first.fileName,
    checks: checks.map(({ eraID: _eraID, fileName: _fileName, ...check }) => ({
      ...check,
      providerAdjustments: (providerAdjustmentsOf.get(check.eraCheckID) ?? []).map(
        ({ eraCheckID: _check, ...rest }) => rest,
      ),
      claims: (claimsOf.get(check.eraCheckID) ?? []).map(({ eraCheckID: _check, ...claim }) => claim),
    })),
  };
}
