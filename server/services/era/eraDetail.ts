/**
 * getERAFullDetail: an uploaded ERA as the biller reads it before posting: each check with its
 * balancing, provider-level adjustments and claims, each claim and line with what it matched of
 * ours, its adjustments with the CARC text and its remarks with the RARC text. A fixed number of
 * reads however large the file, put together here.
 */
import { ERA_CLAIM_STATUSES, type EraClaimDetail, type EraFullDetailQuery, type EraFullDetailReply } from '../../../contract/era.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { groupBy, ownerKey } from './groupRows.ts';

type Check = Omit<EraFullDetailReply['checks'][number], 'claims' | 'providerAdjustments'> & { eraID: number; fileName: string };
type Claim = Omit<EraClaimDetail, 'status' | 'adjustments' | 'remarks' | 'lines'> & { eraCheckID: number };
type Line = Omit<EraClaimDetail['lines'][number], 'adjustments' | 'remarks'> & { eraClaimID: number };
interface Adjustment {
  eraClaimID: number;
  eraLineID: number | null;
  group: string;
  reason: string;
  description: string | null;
  amount: number;
  quantity: number | null;
}
interface Remark {
  eraClaimID: number;
  eraLineID: number | null;
  code: string;
  description: string | null;
}

/** Rows of one ERA claim or line, without the keys they were grouped by. */
function byOwner<T extends { eraClaimID: number; eraLineID: number | null }>(rows: readonly T[]): (eraClaimID: number, eraLineID: number | null) => Omit<T, 'eraClaimID' | 'eraLineID'>[] {
  const groups = groupBy(rows, (row) => ownerKey(row.eraClaimID, row.eraLineID));
  return (eraClaimID, eraLineID) => (groups.get(ownerKey(eraClaimID, eraLineID)) ?? []).map(({ eraClaimID: _claim, eraLineID: _line, ...rest }) => rest);
}

export async function eraFullDetail(q: Queryable, scope: DataScope, query: EraFullDetailQuery): Promise<EraFullDetailReply> {
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
  const claims = await q.query<Claim>(
    `SELECT era_claim_id AS "eraClaimID", era_check_id AS "eraCheckID", claim_id AS "claimID", matched_by AS "matchedBy",
            patient_control_number AS "patientControlNumber", status_code AS "statusCode", billed_cents AS billed, paid_cents AS paid,
            patient_responsibility_cents AS "patientResponsibility", payer_claim_control_number AS "payerClaimControlNumber",
            patient_name AS "patientName", service_date AS "serviceDate"
       FROM era_claims WHERE era_check_id = ANY($1::bigint[]) AND ($2::bigint[] IS NULL OR era_claim_id = ANY($2::bigint[]))
      ORDER BY era_claim_id`,
    [checkIDs, query.eraClaimIDS ?? null],
  );
  const claimIDs = claims.map((claim) => claim.eraClaimID);
  const lines = await q.query<Line>(
    `SELECT era_line_id AS "eraLineID", era_claim_id AS "eraClaimID", charge_id AS "chargeID", matched_by AS "matchedBy",
            procedure_code AS "procedureCode", modifiers, billed_cents AS billed, allowed_cents AS allowed, paid_cents AS paid,
            units::float8 AS units, service_date AS "serviceDate", line_control_number AS "lineControlNumber"
       FROM era_lines WHERE era_claim_id = ANY($1::bigint[]) ORDER BY era_line_id`,
    [claimIDs],
  );
  const adjustments = await q.query<Adjustment>(
    `SELECT a.era_claim_id AS "eraClaimID", a.era_line_id AS "eraLineID", a.group_code AS "group", a.reason_code AS reason,
            arc.description, a.amount_cents AS amount, a.quantity::float8 AS quantity
       FROM era_adjustments a LEFT JOIN adjustment_reason_codes arc ON arc.code = a.reason_code
      WHERE a.era_claim_id = ANY($1::bigint[]) ORDER BY a.era_adjustment_id`,
    [claimIDs],
  );
  const remarks = await q.query<Remark>(
    `SELECT r.era_claim_id AS "eraClaimID", r.era_line_id AS "eraLineID", r.remark_code AS code, rc.description
       FROM era_remarks r LEFT JOIN remark_codes rc ON rc.code = r.remark_code WHERE r.era_claim_id = ANY($1::bigint[])`,
    [claimIDs],
  );
  const providerAdjustments = await q.query<{ eraCheckID: number; reason: string; reference: string | null; amount: number }>(
    `SELECT era_check_id AS "eraCheckID", reason_code AS reason, reference, amount_cents AS amount
       FROM era_provider_adjustments WHERE era_check_id = ANY($1::bigint[]) ORDER BY era_provider_adjustment_id`,
    [checkIDs],
  );
  const adjustmentsOf = byOwner(adjustments);
  const remarksOf = byOwner(remarks);
  const linesOf = groupBy(lines, (line) => line.eraClaimID);
  const claimsOf = groupBy(claims, (claim) => claim.eraCheckID);
  const providerAdjustmentsOf = groupBy(providerAdjustments, (row) => row.eraCheckID);
  return {
    eraID: first.eraID,
    fileName: first.fileName,
    checks: checks.map(({ eraID: _eraID, fileName: _fileName, ...check }) => ({
      ...check,
      providerAdjustments: (providerAdjustmentsOf.get(check.eraCheckID) ?? []).map(({ eraCheckID: _check, ...rest }) => rest),
      claims: (claimsOf.get(check.eraCheckID) ?? []).map(({ eraCheckID: _check, ...claim }) => ({
        ...claim,
        status: ERA_CLAIM_STATUSES[claim.statusCode] ?? `Status ${claim.statusCode}`,
        adjustments: adjustmentsOf(claim.eraClaimID, null),
        remarks: remarksOf(claim.eraClaimID, null),
        lines: (linesOf.get(claim.eraClaimID) ?? []).map(({ eraClaimID: _claim, ...line }) => ({
          ...line,
          adjustments: adjustmentsOf(claim.eraClaimID, line.eraLineID),
          remarks: remarksOf(claim.eraClaimID, line.eraLineID),
        })),
      })),
    })),
  };
}
