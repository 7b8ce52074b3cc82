/**
 * getERAProfileDataByID: the ERA answers to one of our claims, newest check first, for Claim vs
 * ERA. Unposted answers are included: comparing before posting is the point of the workspace.
 */
import type { ClaimEraAnswer, ClaimEraAnswersQuery, ClaimEraAnswersReply } from '../../../contract/eraAnswers.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { eraClaimColumns, eraClaimDetails, type EraClaimRow } from './eraClaimDetails.ts';

type Check = Omit<ClaimEraAnswer, 'claim'>;

export async function claimEraAnswers(
  q: Queryable,
  scope: DataScope,
  query: ClaimEraAnswersQuery,
): Promise<ClaimEraAnswersReply> {
  const [claim] = await q.query<{ claimID: number }>(
    'SELECT claim_id AS "claimID" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])',
    [query.claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError('Claim not found.');
  const rows = await q.query<EraClaimRow & Check>(
    `SELECT ${eraClaimColumns('c')}, k.era_file_id AS "eraID", k.trace_number AS "traceNumber", k.payer_name AS "payerName",
            k.check_date AS "checkDate", k.status AS "checkStatus", k.balanced
       FROM era_claims c JOIN era_checks k ON k.era_check_id = c.era_check_id
      WHERE c.claim_id = $1 AND k.group_id = ANY($2::bigint[]) AND k.status <> 'deleted'
      ORDER BY k.check_date DESC NULLS LAST, c.era_claim_id DESC`,
    [query.claimID, scope.groupIds],
  );
  const checks = rows.map(({ eraID, eraCheckID, traceNumber, payerName, checkDate, checkStatus, balanced }): Check => ({
    eraID,
    eraCheckID,
    traceNumber,
    payerName,
    checkDate,
    checkStatus,
    balanced,
  }));
  const claims = rows.map(
    ({
      eraID: _era,
      traceNumber: _trace,
      payerName: _payer,
      checkDate: _date,
      checkStatus: _status,
      balanced: _balanced,
      ...claimRow
    }) => claimRow,
  );
  const details = await eraClaimDetails(q, claims);
  return {
    claimID: query.claimID,
    answers: details.map(({ eraCheckID: _check, ...detail }, index) => ({ ...checks[index]!, claim: detail })),
  };
}
