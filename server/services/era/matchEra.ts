/**
 * Finds our claims and charges for an ERA's claims and lines, in the order that is surest: the
 * claim by the patient control number we sent (CLP01 is our claim ID), a line by the line control
 * number we sent (REF*6R, unique per charge), then a line by code, modifiers, date of service and
 * units among the claim's charges not matched yet. Only claims of the upload's group are found.
 * What stays unmatched is stored without a claim or charge, for a biller to link by hand.
 */
import type { Queryable } from '../../db/types.ts';
import type { EraCheck, EraLine } from '../../edi/era/eraModel.ts';

export type MatchedBy = 'claim id' | 'line control number' | 'code and date';

export interface LineMatch {
  chargeID: number | null;
  matchedBy: MatchedBy | null;
}

export interface ClaimMatch {
  claimID: number | null;
  matchedBy: MatchedBy | null;
  lines: LineMatch[];
}

interface OurCharge {
  chargeID: number;
  claimID: number;
  cptCode: string;
  modifiers: string[];
  dosFrom: string;
  units: number;
  lineControlNumber: string;
}

const sameModifiers = (left: readonly string[], right: readonly string[]) => left.length === right.length && left.every((modifier, index) => modifier === right[index]);

function matchesByCode(line: EraLine, charge: OurCharge): boolean {
  return (
    charge.cptCode === (line.billedProcedure ?? line.procedure) &&
    sameModifiers(charge.modifiers, line.modifiers) &&
    (line.serviceFrom === null || line.serviceFrom === charge.dosFrom) &&
    (line.units === 0 || line.units === charge.units)
  );
}

/** One match per ERA claim of `checks`, in order, each with one match per line. */
export async function matchEraClaims(q: Queryable, groupID: number, checks: readonly EraCheck[]): Promise<ClaimMatch[][]> {
  const claimNumbers = new Set<number>();
  const controlNumbers = new Set<string>();
  for (const check of checks) {
    for (const claim of check.claims) {
      if (/^\d{1,15}$/.test(claim.claimID)) claimNumbers.add(Number(claim.claimID));
      for (const line of claim.lines) if (line.lineControlNumber) controlNumbers.add(line.lineControlNumber);
    }
  }
  const byControlNumber = new Map<string, OurCharge>();
  const chargeRows = (where: string, values: unknown[]) =>
    q.query<OurCharge>(
      `SELECT ch.charge_id AS "chargeID", ch.claim_id AS "claimID", ch.cpt_code AS "cptCode",
              array_remove(ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4], NULL) AS modifiers,
              ch.dos_from AS "dosFrom", ch.units, ch.line_control_number AS "lineControlNumber"
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
        WHERE c.group_id = $1 AND ch.charge_status NOT IN ('void', 'deleted') AND ${where}
        ORDER BY ch.claim_id, ch.line_number, ch.charge_id`,
      [groupID, ...values],
    );
  for (const charge of await chargeRows('ch.line_control_number = ANY($2::text[])', [[...controlNumbers]])) byControlNumber.set(charge.lineControlNumber, charge);

  const found = await q.query<{ claimID: number }>('SELECT claim_id AS "claimID" FROM claims WHERE group_id = $1 AND claim_id = ANY($2::bigint[])', [groupID, [...claimNumbers]]);
  const ourClaims = new Set(found.map((row) => row.claimID));
  const claimOf = (claimID: string, lines: readonly EraLine[]): { claimID: number | null; matchedBy: MatchedBy | null } => {
    if (/^\d{1,15}$/.test(claimID) && ourClaims.has(Number(claimID))) return { claimID: Number(claimID), matchedBy: 'claim id' };
    for (const line of lines) {
      const charge = line.lineControlNumber ? byControlNumber.get(line.lineControlNumber) : undefined;
      if (charge) return { claimID: charge.claimID, matchedBy: 'line control number' };
    }
    return { claimID: null, matchedBy: null };
  };
  const heads = checks.map((check) => check.claims.map((claim) => claimOf(claim.claimID, claim.lines)));
  const matchedClaimIDs = [...new Set(heads.flat().flatMap((head) => (head.claimID === null ? [] : [head.claimID])))];
  const chargesByClaim = new Map<number, OurCharge[]>();
  for (const charge of await chargeRows('ch.claim_id = ANY($2::bigint[])', [matchedClaimIDs])) {
    const list = chargesByClaim.get(charge.claimID) ?? [];
    list.push(charge);
    chargesByClaim.set(charge.claimID, list);
  }

  return checks.map((check, checkIndex) =>
    check.claims.map((claim, claimIndex): ClaimMatch => {
      const head = heads[checkIndex]?.[claimIndex] ?? { claimID: null, matchedBy: null };
      const candidates = head.claimID === null ? [] : (chargesByClaim.get(head.claimID) ?? []);
      const taken = new Set<number>();
      const lines: LineMatch[] = claim.lines.map((line) => {
        const byNumber = line.lineControlNumber ? byControlNumber.get(line.lineControlNumber) : undefined;
        if (byNumber && byNumber.claimID === head.claimID && !taken.has(byNumber.chargeID)) {
          taken.add(byNumber.chargeID);
          return { chargeID: byNumber.chargeID, matchedBy: 'line control number' };
        }
        return { chargeID: null, matchedBy: null };
      });
      // Lines without a usable control number, matched by what was billed, first come first served.
      claim.lines.forEach((line, index) => {
        if (lines[index]?.chargeID !== null) return;
        const charge = candidates.find((candidate) => !taken.has(candidate.chargeID) && matchesByCode(line, candidate));
        if (!charge) return;
        taken.add(charge.chargeID);
        lines[index] = { chargeID: charge.chargeID, matchedBy: 'code and date' };
      });
      return { ...head, lines };
    }),
  );
}
