/**
 * Claims/GetDenialManagementReportData and GetDenialManagementCharges. The ledger's 'denial' rows
 * are the source of truth (the ERA's adjustments are only what the payer sent; a posting can be
 * reversed). A denial row moves no money, so what was denied is the charge of each denied line,
 * or the claim's total when the denial is on the whole claim; a line denied twice counts once
 * in a claim's amount.
 */
import { Params } from '../../db/params.ts';
import { claimNarrowingSql } from '../access/claimScope.ts';
import type { DenialChargesReply, DenialReportInput, DenialReportReply } from '../../../contract/denials.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

/**
 * The denials still standing, with their denied amount, limited to the data role and the filters
 * ($1..$6) and the organisation selection's facilities and providers (`narrowing`, claimScope.ts).
 */
const denialsSql = (narrowing: string | null) => `
  SELECT DISTINCT l.claim_id, l.charge_id, coalesce(l.reason_code, '') AS reason_code,
         CASE WHEN l.charge_id IS NULL THEN c.total_charge_cents ELSE ch.charge_cents END AS denied_cents
    FROM ledger_entries l
    JOIN claims c ON c.claim_id = l.claim_id
    LEFT JOIN charges ch ON ch.charge_id = l.charge_id
   WHERE l.entry_type = 'denial'
     AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
     AND c.practice_id = ANY($1::bigint[])
     AND ($2::bigint IS NULL OR c.practice_id = $2)
     AND ($3::bigint IS NULL OR c.insurance_id = $3)
     AND ($4::text IS NULL OR l.reason_code = $4)
     AND ($5::date IS NULL OR c.dos_from >= $5)
     AND ($6::date IS NULL OR c.dos_from <= $6)
     ${narrowing ? `AND ${narrowing}` : ''}`;

/** Per claim: a denial of the whole claim stands for all of it; otherwise each denied line once. */
const perClaimSql = (denialRows: string) => `
  WITH d AS (${denialRows}),
  lines AS (SELECT DISTINCT claim_id, charge_id, denied_cents FROM d)
  SELECT claim_id,
         CASE WHEN bool_or(charge_id IS NULL) THEN max(denied_cents) FILTER (WHERE charge_id IS NULL) ELSE sum(denied_cents) END AS denied_cents
    FROM lines GROUP BY claim_id`;

export async function denialReport(
  q: Queryable,
  scope: DataScope,
  input: DenialReportInput,
): Promise<DenialReportReply> {
  const params: unknown[] = [
    scope.practiceIds,
    input.practiceID ?? null,
    input.insuranceID ?? null,
    input.reasonCode ?? null,
    input.dosFrom ?? null,
    input.dosTo ?? null,
  ];
  const denials = denialsSql(claimNarrowingSql('c', scope, new Params(params).add));
  const perClaim = perClaimSql(denials);
  const page = new Params([...params]);
  const limit = page.add(input.pageSize);
  const offset = page.add((input.pageNumber - 1) * input.pageSize);
  const reasons = await q.query<{
    reasonCode: string;
    description: string | null;
    claimCount: number;
    deniedCents: number;
  }>(
    `WITH d AS (${denials})
     SELECT d.reason_code AS "reasonCode", arc.description, count(DISTINCT d.claim_id)::int AS "claimCount", sum(d.denied_cents)::bigint AS "deniedCents"
       FROM d LEFT JOIN adjustment_reason_codes arc ON arc.code = d.reason_code
      GROUP BY d.reason_code, arc.description
      ORDER BY "deniedCents" DESC, d.reason_code`,
    params,
  );
  const payers = await q.query<{ insuranceID: number; payerName: string; claimCount: number }>(
    `WITH d AS (${denials})
     SELECT i.insurance_id AS "insuranceID", i.name AS "payerName", count(DISTINCT d.claim_id)::int AS "claimCount"
       FROM d JOIN claims c ON c.claim_id = d.claim_id JOIN insurances i ON i.insurance_id = c.insurance_id
      GROUP BY i.insurance_id, i.name
      ORDER BY i.name, i.insurance_id`,
    params,
  );
  const [totals] = await q.query<{ claims: number; cents: number }>(
    `SELECT count(*)::int AS claims, coalesce(sum(denied_cents), 0)::bigint AS cents FROM (${perClaim}) t`,
    params,
  );
  const claims = await q.query<{
    claimID: number;
    patientName: string;
    insuranceID: number | null;
    payerName: string | null;
    dosFrom: string;
    reasonCodes: string[];
    deniedCents: number;
    balanceCents: number;
  }>(
    `WITH per_claim AS (${perClaim})
     SELECT c.claim_id AS "claimID", c.patient_name AS "patientName", c.insurance_id AS "insuranceID", i.name AS "payerName", c.dos_from::text AS "dosFrom",
            (SELECT array_agg(DISTINCT l.reason_code ORDER BY l.reason_code) FROM ledger_entries l
              WHERE l.claim_id = c.claim_id AND l.entry_type = 'denial' AND l.reason_code IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)) AS "reasonCodes",
            p.denied_cents::bigint AS "deniedCents", c.balance_cents AS "balanceCents"
       FROM per_claim p JOIN claims c ON c.claim_id = p.claim_id LEFT JOIN insurances i ON i.insurance_id = c.insurance_id
      ORDER BY p.denied_cents DESC, c.claim_id
      LIMIT ${limit} OFFSET ${offset}`,
    page.values,
  );
  return {
    reasons: reasons.map((row) => ({ ...row, deniedCents: Number(row.deniedCents) })),
    payers: payers.map((row) => ({ ...row, insuranceID: Number(row.insuranceID) })),
    totalClaims: totals?.claims ?? 0,
    totalDeniedCents: Number(totals?.cents ?? 0),
    claims: claims.map((row) => ({
      ...row,
      insuranceID: row.insuranceID === null ? null : Number(row.insuranceID),
      reasonCodes: row.reasonCodes ?? [],
      deniedCents: Number(row.deniedCents),
      balanceCents: Number(row.balanceCents),
    })),
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

interface DenialRow {
  chargeID: number | null;
  lineNumber: number | null;
  cptCode: string | null;
  modifiers: string[];
  deniedCents: number;
  groupCode: string | null;
  reasonCode: string | null;
  description: string | null;
  postingDate: string;
}

export async function denialCharges(q: Queryable, scope: DataScope, claimID: number): Promise<DenialChargesReply> {
  const [claim] = await q.query<{ total: number }>(
    'SELECT total_charge_cents AS total FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])',
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const rows = await q.query<DenialRow>(
    `SELECT l.charge_id AS "chargeID", ch.line_number AS "lineNumber", ch.cpt_code AS "cptCode",
            array_remove(ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4], NULL) AS modifiers,
            coalesce(ch.charge_cents, $2) AS "deniedCents", l.adjustment_group_code AS "groupCode", l.reason_code AS "reasonCode",
            arc.description, l.posting_date::text AS "postingDate"
       FROM ledger_entries l
       LEFT JOIN charges ch ON ch.charge_id = l.charge_id
       LEFT JOIN adjustment_reason_codes arc ON arc.code = l.reason_code
      WHERE l.claim_id = $1 AND l.entry_type = 'denial'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY ch.line_number NULLS FIRST, l.ledger_id`,
    [claimID, claim.total],
  );
  // Remarks come with the ERA line that answered the charge; claim-level remarks go with a claim-level denial.
  const remarks = await q.query<{ chargeID: number | null; code: string; description: string | null }>(
    `SELECT DISTINCT el.charge_id AS "chargeID", r.remark_code AS code, rc.description
       FROM era_remarks r
       JOIN era_claims ec ON ec.era_claim_id = r.era_claim_id
       LEFT JOIN era_lines el ON el.era_line_id = r.era_line_id
       LEFT JOIN remark_codes rc ON rc.code = r.remark_code
      WHERE ec.claim_id = $1
      ORDER BY r.remark_code`,
    [claimID],
  );
  const lines = new Map<number | null, DenialChargesReply['lines'][number]>();
  for (const row of rows) {
    let line = lines.get(row.chargeID);
    if (!line) {
      const chargeID = row.chargeID === null ? null : Number(row.chargeID);
      line = {
        chargeID,
        lineNumber: row.lineNumber,
        cptCode: row.cptCode,
        modifiers: row.modifiers,
        deniedCents: Number(row.deniedCents),
        denials: [],
        remarks: remarks
          .filter((remark) => (remark.chargeID === null ? null : Number(remark.chargeID)) === chargeID)
          .map(({ code, description }) => ({ code, description })),
      };
      lines.set(row.chargeID, line);
    }
    line.denials.push({
      groupCode: row.groupCode,
      reasonCode: row.reasonCode,
      description: row.description,
      postingDate: row.postingDate,
    });
  }
  const list = [...lines.values()];
  const whole = list.find((line) => line.chargeID === null);
  return {
    claimID,
    lines: list,
    totalDeniedCents: whole ? whole.deniedCents : list.reduce((sum, line) => sum + line.deniedCents, 0),
  };
}
