/**
 * A patient's money: Patient/getPatientFinancialsByID (balances, unapplied credit and aging) and
 * getPatientFinancialDetailsByID (claim by claim). Every figure is folded from the patient's
 * ledger rows in the practices of the data role (patientClaimFigures.ts); a patient outside the
 * role is Not Found. Both reads are audited.
 */
import {
  AGING_BUCKETS,
  type Aging,
  type AgingBucket,
  type PatientClaimFinancial,
  type PatientFinancialDetailsReply,
  type PatientFinancialsReply,
} from '../../../contract/patientFinancials.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { addFigures, NO_FIGURES } from '../ledger/ledgerFigures.ts';
import { patientClaimFigures } from './patientClaimFigures.ts';

const DAY_MS = 86_400_000;

interface ClaimRow {
  claimID: number;
  dosFrom: string;
  payerName: string | null;
  claimStatus: string;
}

/** The bucket of a balance `ageDays` after its date of service. */
export function agingBucketOf(ageDays: number): AgingBucket {
  if (ageDays <= 30) return 'days0to30';
  if (ageDays <= 60) return 'days31to60';
  if (ageDays <= 90) return 'days61to90';
  if (ageDays <= 120) return 'days91to120';
  return 'over120';
}

const noAging = (): Aging => Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Aging;

function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));
}

async function patientInRole(q: ReadAuditDb, patientID: number, scope: DataScope): Promise<void> {
  const [found] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    patientID,
    scope.practiceIds,
  ]);
  if (!found) throw new NotFoundError();
}

/** The patient's claims with their figures and age, oldest date of service first. */
async function claimFinancials(
  q: ReadAuditDb,
  patientID: number,
  scope: DataScope,
  today: string,
): Promise<{ claims: PatientClaimFinancial[]; own: PatientClaimFinancial['figures'] }> {
  const [rows, figures] = await Promise.all([
    q.query<ClaimRow>(
      `SELECT c.claim_id AS "claimID", c.dos_from AS "dosFrom", ins.name AS "payerName", cs.name AS "claimStatus"
         FROM claims c
         JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
         LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
        WHERE c.patient_id = $1 AND c.practice_id = ANY($2::bigint[])
        ORDER BY c.dos_from, c.claim_id`,
      [patientID, scope.practiceIds],
    ),
    patientClaimFigures(q, patientID, scope.practiceIds),
  ]);
  return {
    claims: rows.map((row) => ({
      claimID: Number(row.claimID),
      dosFrom: row.dosFrom,
      payerName: row.payerName,
      claimStatus: row.claimStatus,
      ageDays: daysBetween(row.dosFrom, today),
      figures: figures.claims.get(Number(row.claimID)) ?? NO_FIGURES,
    })),
    own: figures.own,
  };
}

export async function getPatientFinancials(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  patientID: number,
  today: string,
): Promise<PatientFinancialsReply> {
  await patientInRole(q, patientID, scope);
  const [{ claims, own }, [lastPayment]] = await Promise.all([
    claimFinancials(q, patientID, scope, today),
    q.query<{ postingDate: string; amount: number }>(
      `SELECT l.posting_date AS "postingDate", -l.amount_cents AS amount
         FROM ledger_entries l
        WHERE l.patient_id = $1 AND l.practice_id = ANY($2::bigint[])
          AND l.entry_type IN ('patient_payment', 'advance_payment')
          AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
        ORDER BY l.posting_date DESC, l.ledger_id DESC LIMIT 1`,
      [patientID, scope.practiceIds],
    ),
  ]);
  const insuranceAging = noAging();
  const patientAging = noAging();
  for (const claim of claims) {
    const bucket = agingBucketOf(claim.ageDays);
    insuranceAging[bucket] += claim.figures.insuranceBalance;
    patientAging[bucket] += claim.figures.patientResponsibility;
  }
  const onClaims = addFigures(claims.map((claim) => claim.figures));
  const totals = addFigures([onClaims, own]);
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'patient.financials',
    recordType: 'patient',
    recordId: patientID,
    source: actor.source,
    ip: actor.ip,
  });
  return {
    patientID,
    // The patient's own rows (deposits) are theirs: the balance splits into the payers' part and the patient's net.
    totals: {
      ...totals,
      patientResponsibility: onClaims.patientResponsibility + own.balance,
      insuranceBalance: onClaims.insuranceBalance,
    },
    insuranceBalance: onClaims.insuranceBalance,
    patientBalanceDue: onClaims.patientResponsibility,
    unappliedCredit: -own.balance,
    patientNet: onClaims.patientResponsibility + own.balance,
    insuranceAging,
    patientAging,
    lastPatientPayment: lastPayment
      ? { postingDate: lastPayment.postingDate, amount: Number(lastPayment.amount) }
      : null,
    claims: claims.length,
  };
}

export async function getPatientFinancialDetails(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  patientID: number,
  today: string,
): Promise<PatientFinancialDetailsReply> {
  await patientInRole(q, patientID, scope);
  const { claims } = await claimFinancials(q, patientID, scope, today);
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'patient.financial_details',
    recordType: 'patient',
    recordId: patientID,
    source: actor.source,
    ip: actor.ip,
    detail: { claimIDs: claims.map((claim) => claim.claimID) },
  });
  return { patientID, claims };
}
