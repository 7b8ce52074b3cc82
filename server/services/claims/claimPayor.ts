/**
 * AddEditClaim/getClaimPayor and getClaimTransferInsurance: who a claim's balance waits on now
 * (the payer billed, or the patient: a self-pay claim, a payer's patient share, a balance the
 * biller transferred), and where it can go next (the patient's next coverages, whose first a
 * crossover claim bills, and the patient). Every figure is the claim's ledger read through
 * claimFigures, the same as getClaimFinancial's.
 */
import {
  rankOfPriority,
  type ClaimPayer,
  type ClaimPayorReply,
  type ClaimTransferInsuranceReply,
} from '../../../contract/claimTransfer.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { FinancialFigures } from '../../../contract/claimFinancial.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { claimFigures } from '../ledger/ledgerFigures.ts';
import { crossoverClaimType, nextCoverages } from './crossover.ts';

export interface PayorClaim {
  claimID: number;
  claimStatusID: number;
  patientID: number;
  dosFrom: string;
  priority: number | null;
  payer: ClaimPayer | null;
}

/** The claim and the payer it bills, inside the data role (404 otherwise). */
export async function payorClaim(q: Queryable, scope: DataScope, claimID: number): Promise<PayorClaim> {
  const [row] = await q.query<{
    claimStatusID: number;
    patientID: number;
    dosFrom: string;
    insuranceID: number | null;
    payerName: string | null;
    patientInsuranceID: number | null;
    priority: number | null;
    memberID: string | null;
  }>(
    `SELECT c.claim_status_id AS "claimStatusID", c.patient_id AS "patientID", c.dos_from::text AS "dosFrom",
            c.insurance_id AS "insuranceID", i.name AS "payerName", c.patient_insurance_id AS "patientInsuranceID",
            pi.priority, pi.subscriber_id AS "memberID"
       FROM claims c
       LEFT JOIN insurances i ON i.insurance_id = c.insurance_id
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError();
  return {
    claimID,
    claimStatusID: row.claimStatusID,
    patientID: row.patientID,
    dosFrom: row.dosFrom,
    priority: row.priority,
    payer:
      row.insuranceID === null
        ? null
        : {
            payerName: row.payerName ?? `Payer ${row.insuranceID}`,
            insuranceID: row.insuranceID,
            patientInsuranceID: row.patientInsuranceID,
            rank: row.priority === null ? null : rankOfPriority(row.priority),
            memberID: row.memberID,
          },
  };
}

/** "Aetna (primary)": a payer as billers name it. */
export function payerText(payer: ClaimPayer): string {
  return payer.rank === null ? payer.payerName : `${payer.payerName} (${payer.rank})`;
}

/** A line whose balance the payer still owes and that a transfer to the patient would move. */
export interface OwedLine {
  chargeID: number;
  cents: number;
}

/** The lines (not void, not deleted) with an insurance balance above zero, in the order given. */
export function insuranceOwedLines(
  figures: ReadonlyMap<number, FinancialFigures>,
  lines: readonly { chargeId: number; chargeStatus: string }[],
): OwedLine[] {
  return lines
    .filter((line) => line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted')
    .map((line) => ({ chargeID: line.chargeId, cents: figures.get(line.chargeId)?.insuranceBalance ?? 0 }))
    .filter((line) => line.cents > 0);
}

/** Why the claim's balance cannot go to the patient now, or null when it can. */
export function patientTransferRefusal(claim: PayorClaim, movableCents: number): string | null {
  if (claim.claimStatusID === CLAIM_STATUS.void)
    return `Claim ${claim.claimID} is void: there is no balance to transfer.`;
  if (claim.payer === null) return `Claim ${claim.claimID} is self-pay: its whole balance is already the patient's.`;
  if (movableCents <= 0) return `Claim ${claim.claimID} has no insurance balance to transfer to the patient.`;
  return null;
}

/** The transfer to the patient still standing on the claim (the newest), by its first row. */
async function standingTransfer(q: Queryable, claimID: number): Promise<ClaimPayorReply['transfer']> {
  const [row] = await q.query<{ ledgerID: number; postingDate: string; amount: number }>(
    `SELECT l.ledger_id AS "ledgerID", to_char(l.posting_date, 'YYYY-MM-DD') AS "postingDate", bt.amount_cents AS amount
       FROM balance_transfers bt
       JOIN ledger_entries l ON l.balance_transfer_id = bt.balance_transfer_id AND l.entry_type = 'patient_responsibility'
      WHERE bt.claim_id = $1 AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY bt.balance_transfer_id DESC, l.ledger_id
      LIMIT 1`,
    [claimID],
  );
  return row ?? null;
}

export async function getClaimPayor(q: Queryable, scope: DataScope, claimID: number): Promise<ClaimPayorReply> {
  const claim = await payorClaim(q, scope, claimID);
  const [{ totals }, transfer] = await Promise.all([claimFigures(q, claimID), standingTransfer(q, claimID)]);
  const { payer } = claim;
  const onPatient = payer === null || (totals.insuranceBalance <= 0 && totals.patientResponsibility > 0);
  let description: string;
  if (payer === null) description = 'Patient (self-pay claim)';
  else if (onPatient && transfer !== null)
    description = `Patient: ${formatCents(transfer.amount)} transferred from ${payerText(payer)}`;
  else if (onPatient) description = `Patient: ${payerText(payer)} passed the balance to the patient`;
  else description = `${payerText(payer)}${payer.memberID ? `, member ${payer.memberID}` : ''}`;
  return {
    claimID,
    responsible: onPatient ? 'patient' : 'payer',
    description,
    payer,
    selfPay: payer === null,
    balance: totals.balance,
    insuranceBalance: totals.insuranceBalance,
    patientBalance: totals.patientResponsibility,
    transfer,
  };
}

export async function getClaimTransferInsurance(
  q: Queryable,
  scope: DataScope,
  claimID: number,
): Promise<ClaimTransferInsuranceReply> {
  const claim = await payorClaim(q, scope, claimID);
  const [{ totals, lines }, charges] = await Promise.all([
    claimFigures(q, claimID),
    q.query<{ chargeId: number; chargeStatus: string }>(
      'SELECT charge_id AS "chargeId", charge_status AS "chargeStatus" FROM charges WHERE claim_id = $1 ORDER BY line_number, charge_id',
      [claimID],
    ),
  ]);
  const amount = insuranceOwedLines(lines, charges).reduce((sum, line) => sum + line.cents, 0);
  const refusal = patientTransferRefusal(claim, amount);
  let coverages: ClaimTransferInsuranceReply['coverages'] = [];
  if (claim.payer !== null) {
    const next = await nextCoverages(q, claim.patientID, claim.priority ?? 1, claim.dosFrom);
    // The crossover's own rules say whether the first can be billed now; the later ones wait on it.
    const crossover = next.length > 0 ? await crossoverClaimType(q, scope, claimID) : null;
    coverages = next.map((coverage, index) => {
      const first = index === 0;
      const head = next[0];
      return {
        payerName: coverage.payerName,
        insuranceID: coverage.insuranceID,
        patientInsuranceID: coverage.patientInsuranceID,
        rank: rankOfPriority(coverage.priority),
        memberID: coverage.memberID,
        crossoverPossible: first && (crossover?.possible ?? false),
        reason: first
          ? (crossover?.reason ?? null)
          : `A crossover bills ${head ? `${head.payerName} (${rankOfPriority(head.priority)})` : 'the next coverage'} first.`,
      };
    });
  }
  return {
    claimID,
    insuranceBalance: totals.insuranceBalance,
    patientBalance: totals.patientResponsibility,
    coverages,
    patient: { amount: refusal === null ? amount : 0, possible: refusal === null, reason: refusal },
  };
}
