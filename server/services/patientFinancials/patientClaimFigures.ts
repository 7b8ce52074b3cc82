/**
 * The figures of each of a patient's claims, in two reads whatever the number of claims: the
 * ledger rows summed by claim, line and kind, and which lines the payer passed to the patient.
 * The same fold as a single claim's (claimFigures in ledgerFigures.ts), so the patient screens and
 * the claim's own financial summary cannot disagree.
 */
import type { FinancialFigures } from '../../../contract/claimFinancial.ts';
import type { Queryable } from '../../db/types.ts';
import { addFigures, REVERSED_ROW_JOIN, sumFigures, type LedgerSum } from '../ledger/ledgerFigures.ts';

interface ClaimLineSum extends LedgerSum {
  claimID: number | null;
  chargeID: number | null;
}

export interface PatientFigures {
  /** Claim by claim. */
  claims: ReadonlyMap<number, FinancialFigures>;
  /** The patient's own rows (deposits taken ahead of a visit, their refunds and reversals). */
  own: FinancialFigures;
}

export async function patientClaimFigures(
  q: Queryable,
  patientID: number,
  practiceIds: readonly number[],
): Promise<PatientFigures> {
  const [sums, owners] = await Promise.all([
    q.query<ClaimLineSum>(
      `SELECT l.claim_id AS "claimID", l.charge_id AS "chargeID", l.entry_type AS "entryType",
              o.entry_type AS "reversedType", sum(l.amount_cents)::bigint AS cents
         FROM ledger_entries l ${REVERSED_ROW_JOIN}
        WHERE l.patient_id = $1 AND l.practice_id = ANY($2::bigint[])
        GROUP BY l.claim_id, l.charge_id, l.entry_type, o.entry_type`,
      [patientID, practiceIds],
    ),
    q.query<{ claimID: number; selfPay: boolean; patientOwes: (number | string)[] }>(
      `SELECT c.claim_id AS "claimID", c.insurance_id IS NULL AS "selfPay",
              ARRAY(SELECT DISTINCT l.charge_id FROM ledger_entries l
                     WHERE l.claim_id = c.claim_id AND l.entry_type = 'patient_responsibility' AND l.charge_id IS NOT NULL
                       AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id))::bigint[] AS "patientOwes"
         FROM claims c WHERE c.patient_id = $1 AND c.practice_id = ANY($2::bigint[])`,
      [patientID, practiceIds],
    ),
  ]);
  const ownerOf = new Map(owners.map((owner) => [Number(owner.claimID), owner]));
  const byClaimLine = new Map<string, { claimID: number | null; chargeID: number | null; rows: LedgerSum[] }>();
  for (const row of sums) {
    const claimID = row.claimID === null ? null : Number(row.claimID);
    const chargeID = row.chargeID === null ? null : Number(row.chargeID);
    const key = `${claimID}:${chargeID}`;
    const entry = byClaimLine.get(key) ?? { claimID, chargeID, rows: [] };
    entry.rows.push({ entryType: row.entryType, reversedType: row.reversedType, cents: Number(row.cents) });
    byClaimLine.set(key, entry);
  }
  const parts = new Map<number, FinancialFigures[]>();
  const own: FinancialFigures[] = [];
  for (const { claimID, chargeID, rows } of byClaimLine.values()) {
    if (claimID === null) {
      own.push(sumFigures(rows));
      continue;
    }
    const owner = ownerOf.get(claimID);
    const passed = owner?.patientOwes.some((charge) => Number(charge) === chargeID) ?? false;
    const figures = sumFigures(rows, (owner?.selfPay ?? false) || (chargeID !== null && passed));
    parts.set(claimID, [...(parts.get(claimID) ?? []), figures]);
  }
  // A claim with no ledger rows yet still counts, at zero.
  for (const claimID of ownerOf.keys()) if (!parts.has(claimID)) parts.set(claimID, []);
  return {
    claims: new Map([...parts].map(([claimID, figures]) => [claimID, addFigures(figures)])),
    own: addFigures(own),
  };
}
