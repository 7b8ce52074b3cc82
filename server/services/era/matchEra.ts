/**
 * Finds our claims and charges for an ERA's claims and lines, in the order that is surest: the
 * claim by the patient control number we sent (CLP01 is our claim ID) or by a line control number
 * we sent (REF*6R, unique per charge); a line by its line control number, then by code,
 * modifiers, date of service and units among the claim's charges not matched yet. Only claims of
 * the upload's group are found.
 *
 * An ID is not enough: another payer's or another provider's remit can carry a number that
 * happens to be one of our claim IDs. A claim is matched only when the ERA also agrees with it on
 * the patient (last name, or a member ID of the patient's coverages) and on the billed amount or
 * the dates of service. One that agrees on the ID alone is kept as a suggestion for the biller,
 * and the ERA claim stays unmatched until a biller links it.
 */
import type { Queryable } from '../../db/types.ts';
import type { EraCheck, EraClaim, EraLine } from '../../edi/era/eraModel.ts';

export type MatchedBy = 'claim id' | 'line control number' | 'code and date';

export interface LineMatch {
  chargeID: number | null;
  matchedBy: MatchedBy | null;
}

export interface ClaimMatch {
  claimID: number | null;
  matchedBy: MatchedBy | null;
  /** Our claim the ERA claim names but disagrees with; shown to the biller, never posted on its own. */
  suggestedClaimID: number | null;
  /** Why the suggestion was not taken as a match. */
  disagreement: string | null;
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

interface OurClaim {
  claimID: number;
  lastName: string;
  memberIDs: string[];
  totalChargeCents: number;
  dosFrom: string;
  dosTo: string;
}

const sameModifiers = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((modifier, index) => modifier === right[index]);
const letters = (name: string) => name.toUpperCase().replace(/[^A-Z]/g, '');
const memberKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

function matchesByCode(line: EraLine, charge: OurCharge): boolean {
  return (
    charge.cptCode === (line.billedProcedure ?? line.procedure) &&
    sameModifiers(charge.modifiers, line.modifiers) &&
    (line.serviceFrom === null || line.serviceFrom === charge.dosFrom) &&
    (line.units === 0 || line.units === charge.units)
  );
}

/** Why `era` cannot be `ours`, or null when they agree on the patient and on the amount or the dates. */
export function disagreement(era: EraClaim, ours: OurClaim): string | null {
  const eraName = letters(era.patient?.lastName ?? '');
  const eraMembers = [era.patient?.memberID ?? '', era.insuredMemberID ?? '']
    .map(memberKey)
    .filter((key) => key !== '');
  const samePatient =
    (eraName !== '' && eraName === letters(ours.lastName)) ||
    eraMembers.some((member) => ours.memberIDs.some((ourMember) => memberKey(ourMember) === member));
  if (!samePatient)
    return `the patient (${era.patient ? [era.patient.lastName, era.patient.memberID].filter(Boolean).join(', ') : 'none named'}) is not claim ${ours.claimID}'s`;
  const sameAmount = Math.abs(era.chargeCents) === ours.totalChargeCents;
  const dates = [
    era.statementFrom,
    era.statementTo,
    ...era.lines.flatMap((line) => [line.serviceFrom, line.serviceTo]),
  ].filter((date): date is string => date !== null);
  const sameDates = dates.length > 0 && dates.every((date) => date >= ours.dosFrom && date <= ours.dosTo);
  if (!sameAmount && !sameDates)
    return `neither the billed amount nor the dates of service are claim ${ours.claimID}'s`;
  return null;
}

/** One match per ERA claim of `checks`, in order, each with one match per line. */
export async function matchEraClaims(
  q: Queryable,
  groupID: number,
  checks: readonly EraCheck[],
): Promise<ClaimMatch[][]> {
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
  for (const charge of await chargeRows('ch.line_control_number = ANY($2::text[])', [[...controlNumbers]]))
    byControlNumber.set(charge.lineControlNumber, charge);
  for (const charge of byControlNumber.values()) claimNumbers.add(charge.claimID);

  const ourClaims = new Map(
    (
      await q.query<OurClaim>(
        `SELECT c.claim_id AS "claimID", p.last_name AS "lastName", c.total_charge_cents AS "totalChargeCents", c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
                coalesce((SELECT array_agg(pi.subscriber_id) FROM patient_insurances pi WHERE pi.patient_id = c.patient_id), '{}') AS "memberIDs"
           FROM claims c JOIN patients p ON p.patient_id = c.patient_id
          WHERE c.group_id = $1 AND c.claim_id = ANY($2::bigint[])`,
        [groupID, [...claimNumbers]],
      )
    ).map((claim) => [claim.claimID, claim]),
  );
  const claimOf = (claim: EraClaim): Omit<ClaimMatch, 'lines'> => {
    let named: { claim: OurClaim; by: MatchedBy } | null = null;
    const byID = /^\d{1,15}$/.test(claim.claimID) ? ourClaims.get(Number(claim.claimID)) : undefined;
    if (byID) named = { claim: byID, by: 'claim id' };
    else {
      for (const line of claim.lines) {
        const charge = line.lineControlNumber ? byControlNumber.get(line.lineControlNumber) : undefined;
        const ours = charge ? ourClaims.get(charge.claimID) : undefined;
        if (ours) {
          named = { claim: ours, by: 'line control number' };
          break;
        }
      }
    }
    if (!named) return { claimID: null, matchedBy: null, suggestedClaimID: null, disagreement: null };
    const why = disagreement(claim, named.claim);
    if (why !== null)
      return { claimID: null, matchedBy: null, suggestedClaimID: named.claim.claimID, disagreement: why };
    return { claimID: named.claim.claimID, matchedBy: named.by, suggestedClaimID: null, disagreement: null };
  };
  const heads = checks.map((check) => check.claims.map(claimOf));
  const matchedClaimIDs = [...new Set(heads.flat().flatMap((head) => (head.claimID === null ? [] : [head.claimID])))];
  const chargesByClaim = new Map<number, OurCharge[]>();
  for (const charge of await chargeRows('ch.claim_id = ANY($2::bigint[])', [matchedClaimIDs])) {
    const list = chargesByClaim.get(charge.claimID) ?? [];
    list.push(charge);
    chargesByClaim.set(charge.claimID, list);
  }

  return checks.map((check, checkIndex) =>
    check.claims.map((claim, claimIndex): ClaimMatch => {
      const head = heads[checkIndex]?.[claimIndex] ?? {
        claimID: null,
        matchedBy: null,
        suggestedClaimID: null,
        disagreement: null,
      };
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
