/**
 * ERA claims as the biller reads them: each with its lines, what they matched of ours, their
 * adjustments with the CARC text and remarks with the RARC text. Shared by the ERA detail (the
 * claims of a file) and Claim vs ERA (the answers to one of our claims); a fixed number of reads
 * however many claims.
 */
import { ERA_CLAIM_STATUSES, type EraClaimDetail } from '../../../contract/era.ts';
import { adjustmentRule, type AdjustmentTreatment } from '../../../contract/postingRules.ts';
import type { Queryable } from '../../db/types.ts';
import { groupBy, ownerKey } from './groupRows.ts';

export type EraClaimRow = Omit<EraClaimDetail, 'status' | 'adjustments' | 'remarks' | 'lines'> & { eraCheckID: number };
type Line = Omit<EraClaimDetail['lines'][number], 'adjustments' | 'remarks'> & { eraClaimID: number };
interface Adjustment {
  eraClaimID: number;
  eraLineID: number | null;
  group: string;
  reason: string;
  description: string | null;
  amount: number;
  quantity: number | null;
  treatment: AdjustmentTreatment;
}
interface Remark {
  eraClaimID: number;
  eraLineID: number | null;
  code: string;
  description: string | null;
}

/** The columns of an EraClaimRow, from `era_claims` named `alias`. */
export const eraClaimColumns = (alias: string) =>
  `${alias}.era_claim_id AS "eraClaimID", ${alias}.era_check_id AS "eraCheckID", ${alias}.claim_id AS "claimID", ${alias}.matched_by AS "matchedBy",
   ${alias}.patient_control_number AS "patientControlNumber", ${alias}.status_code AS "statusCode", ${alias}.billed_cents AS billed, ${alias}.paid_cents AS paid,
   ${alias}.patient_responsibility_cents AS "patientResponsibility", ${alias}.payer_claim_control_number AS "payerClaimControlNumber",
   ${alias}.patient_name AS "patientName", ${alias}.service_date AS "serviceDate", ${alias}.interest_cents AS interest, ${alias}.posted_at IS NOT NULL AS posted, ${alias}.held_reason AS "heldReason",
   ${alias}.suggested_claim_id AS "suggestedClaimID", ${alias}.reverses_era_claim_id AS "reversesEraClaimID"`;

/** Rows of one ERA claim or line, without the keys they were grouped by. */
function byOwner<T extends { eraClaimID: number; eraLineID: number | null }>(
  rows: readonly T[],
): (eraClaimID: number, eraLineID: number | null) => Omit<T, 'eraClaimID' | 'eraLineID'>[] {
  const groups = groupBy(rows, (row) => ownerKey(row.eraClaimID, row.eraLineID));
  return (eraClaimID, eraLineID) =>
    (groups.get(ownerKey(eraClaimID, eraLineID)) ?? []).map(
      ({ eraClaimID: _claim, eraLineID: _line, ...rest }) => rest,
    );
}

/** The full detail of `claims`, in their order, each still carrying its check. */
export async function eraClaimDetails(
  q: Queryable,
  claims: readonly EraClaimRow[],
): Promise<(EraClaimDetail & { eraCheckID: number })[]> {
  const claimIDs = claims.map((claim) => claim.eraClaimID);
  const lines = await q.query<Line>(
    `SELECT era_line_id AS "eraLineID", era_claim_id AS "eraClaimID", charge_id AS "chargeID", matched_by AS "matchedBy",
            procedure_code AS "procedureCode", modifiers, billed_cents AS billed, allowed_cents AS allowed, paid_cents AS paid,
            units::float8 AS units, service_date AS "serviceDate", line_control_number AS "lineControlNumber"
       FROM era_lines WHERE era_claim_id = ANY($1::bigint[]) ORDER BY era_line_id`,
    [claimIDs],
  );
  const adjustments = await q.query<Omit<Adjustment, 'treatment'>>(
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
  const adjustmentsOf = byOwner(
    adjustments.map((adjustment) => ({
      ...adjustment,
      treatment: adjustmentRule(adjustment.group, adjustment.reason).treatment,
    })),
  );
  const remarksOf = byOwner(remarks);
  const linesOf = groupBy(lines, (line) => line.eraClaimID);
  return claims.map((claim) => ({
    ...claim,
    status: ERA_CLAIM_STATUSES[claim.statusCode] ?? `Status ${claim.statusCode}`,
    adjustments: adjustmentsOf(claim.eraClaimID, null),
    remarks: remarksOf(claim.eraClaimID, null),
    lines: (linesOf.get(claim.eraClaimID) ?? []).map(({ eraClaimID: _claim, ...line }) => ({
      ...line,
      adjustments: adjustmentsOf(claim.eraClaimID, line.eraLineID),
      remarks: remarksOf(claim.eraClaimID, line.eraLineID),
    })),
  }));
}
