/**
 * What a patient's money (a payment at the desk, an advance's credit) pays must be lines of that
 * patient's own claims in the biller's practices; their claims' books are then locked in claim
 * order, as every writer of a claim's money does, so two postings on one claim wait in turn.
 */
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { lockClaimBooks, type ClaimBooks } from '../ledger/claimBooks.ts';

export interface PatientLineBooks {
  /** Each line's claim, by charge ID. */
  claimOf: Map<number, number>;
  /** The claims paid, in the order they were locked. */
  claimIDs: number[];
  books: Map<number, ClaimBooks>;
}

/** Refuses a line of another patient or outside `practiceIds`; `notFound` is the reply when none of the lines is found. */
export async function lockPatientLineBooks(
  tx: Queryable,
  practiceIds: readonly number[],
  chargeIDs: readonly number[],
  patientID: number,
  notFound: string,
): Promise<PatientLineBooks> {
  const owners = await tx.query<{ chargeID: number; claimID: number; patientID: number }>(
    `SELECT ch.charge_id AS "chargeID", c.claim_id AS "claimID", c.patient_id AS "patientID"
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE ch.charge_id = ANY($1::bigint[]) AND c.practice_id = ANY($2::bigint[])`,
    [chargeIDs, practiceIds],
  );
  const ownerOf = new Map(owners.map((owner) => [owner.chargeID, owner]));
  const notTheirs = chargeIDs.filter((chargeID) => ownerOf.get(chargeID)?.patientID !== patientID);
  if (notTheirs.length > 0) {
    if (owners.length === 0) throw new NotFoundError(notFound);
    throw new BadRequestError(`Not a line of this patient's claims: charge ${notTheirs.join(', ')}.`);
  }
  const claimIDs = [...new Set(owners.map((owner) => owner.claimID))].sort((left, right) => left - right);
  const books = await lockClaimBooks(tx, claimIDs, practiceIds);
  return { claimOf: new Map(owners.map((owner) => [owner.chargeID, owner.claimID])), claimIDs, books };
}
