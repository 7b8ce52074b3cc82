/**
 * The earlier posting a payer's reversal (CLP02 22) takes back. Only a posting of the same payer
 * on the same claim that still stands (not reversed already) can be it: the one with the payer
 * claim control number the reversal names (its CLP07 or REF*F8) and the amounts reversed equal to
 * the amounts posted; when no posting carries that number, the amounts alone. A reversal naming a
 * posting already reversed finds nothing. Two postings that
 * agree on all of it are the same money twice (a payer who paid twice): the latest is taken
 * back. No posting found means none is reversed: the caller holds the reversal for a biller.
 */
import type { Queryable } from '../../db/types.ts';
import { groupBy } from './groupRows.ts';
import type { OriginalPosting, PostedRow } from './postingPlan.ts';

export interface ReversalClaim {
  eraClaimID: number;
  claimID: number | null;
  statusCode: string;
  payerClaimControlNumber: string | null;
  originalReference: string | null;
  chargeCents: number;
  paidCents: number;
}

interface Candidate {
  eraClaimID: number;
  claimID: number;
  payerClaimControlNumber: string | null;
  chargeCents: number;
  paidCents: number;
  /** Already taken back by an earlier reversal. */
  reversed: boolean;
}

const same = (left: string | null, right: string | null) =>
  left !== null && right !== null && left.trim() !== '' && left.trim().toUpperCase() === right.trim().toUpperCase();

function pick(reversal: ReversalClaim, candidates: readonly Candidate[], taken: ReadonlySet<number>): Candidate | null {
  const amountsAgree = (candidate: Candidate) =>
    candidate.paidCents === -reversal.paidCents && Math.abs(candidate.chargeCents) === Math.abs(reversal.chargeCents);
  const named = candidates.filter(
    (candidate) =>
      same(candidate.payerClaimControlNumber, reversal.payerClaimControlNumber) ||
      same(candidate.payerClaimControlNumber, reversal.originalReference),
  );
  const open = (list: readonly Candidate[]) =>
    list.filter((candidate) => !candidate.reversed && !taken.has(candidate.eraClaimID));
  // A reversal naming a posting takes back that posting or nothing: once it is reversed, another with the same amounts is not it.
  if (named.length > 0) {
    const standing = open(named);
    // Candidates come newest first.
    return standing.find(amountsAgree) ?? (standing.length === 1 && named.length === 1 ? (standing[0] ?? null) : null);
  }
  return open(candidates).find(amountsAgree) ?? null;
}

export async function findOriginals(
  q: Queryable,
  payer: { payerIdentifier: string; insuranceID: number | null },
  claims: readonly ReversalClaim[],
): Promise<Map<number, OriginalPosting | null>> {
  const reversals = claims.filter((claim) => claim.statusCode === '22' && claim.claimID !== null);
  const found = new Map<number, OriginalPosting | null>();
  if (reversals.length === 0) return found;
  const candidates = await q.query<Candidate>(
    `SELECT x.era_claim_id AS "eraClaimID", x.claim_id AS "claimID", x.payer_claim_control_number AS "payerClaimControlNumber",
            x.billed_cents AS "chargeCents", x.paid_cents AS "paidCents",
            EXISTS (SELECT 1 FROM era_claims r WHERE r.reverses_era_claim_id = x.era_claim_id) AS reversed
       FROM era_claims x JOIN era_checks ec ON ec.era_check_id = x.era_check_id
      WHERE x.claim_id = ANY($1::bigint[]) AND x.posted_at IS NOT NULL AND x.status_code <> '22'
        AND (ec.payer_identifier = $2 OR (ec.insurance_id IS NOT NULL AND ec.insurance_id = $3))
      ORDER BY x.posted_at DESC, x.era_claim_id DESC`,
    [[...new Set(reversals.map((claim) => claim.claimID))], payer.payerIdentifier, payer.insuranceID],
  );
  const byClaim = groupBy(candidates, (candidate) => candidate.claimID);
  const taken = new Set<number>();
  const chosen = new Map<number, number>();
  for (const reversal of reversals) {
    const original = pick(reversal, byClaim.get(reversal.claimID ?? 0) ?? [], taken);
    if (original === null) {
      found.set(reversal.eraClaimID, null);
      continue;
    }
    taken.add(original.eraClaimID);
    chosen.set(reversal.eraClaimID, original.eraClaimID);
  }
  if (chosen.size === 0) return found;
  const rows = await q.query<PostedRow & { eraClaimID: number }>(
    `SELECT l.era_claim_id AS "eraClaimID", l.ledger_id AS "ledgerID", l.charge_id AS "chargeID", l.entry_type AS "entryType", l.amount_cents AS "amountCents",
            l.adjustment_group_code AS "group", l.reason_code AS reason
       FROM ledger_entries l
      WHERE l.era_claim_id = ANY($1::bigint[]) AND l.reverses_ledger_id IS NULL AND l.charge_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.ledger_id`,
    [[...chosen.values()]],
  );
  const rowsOf = groupBy(rows, (row) => row.eraClaimID);
  for (const [reversal, original] of chosen)
    found.set(reversal, {
      eraClaimID: original,
      rows: (rowsOf.get(original) ?? []).map(({ eraClaimID: _era, ...row }) => row),
    });
  return found;
}
