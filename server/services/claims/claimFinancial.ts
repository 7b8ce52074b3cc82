/**
 * AddEditClaim/getClaimFinancial: the claim's money by kind, for the claim and each line, summed
 * from its ledger rows (contract/claimFinancial.ts gives the formula), and checked against the
 * balances stored on the claim and its lines: a figure that does not agree is named, not hidden.
 * Deleted lines are not listed, as in every read of lines; their charge row and its reversal still
 * count in the claim's totals, where they cancel out.
 */
import type { ClaimFinancialReply, FinancialFigures, LineFinancial } from '../../../contract/claimFinancial.ts';
import type { LedgerEntryType } from '../../../contract/ledger.ts';
import { formatCents } from '../../../contract/money.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

type Sum = Exclude<keyof FinancialFigures, 'balance' | 'patientResponsibility' | 'insuranceBalance'>;

/**
 * Where each kind of ledger row is counted. A Record, so a new entry type does not compile until
 * it has a place. Denials and patient-responsibility markers are posted at $0.00 (the seed's and
 * the ERA's way); should one carry an amount it still shows, as an adjustment.
 */
const FIGURE_OF: Record<LedgerEntryType, Sum> = {
  charge: 'charges',
  insurance_payment: 'insurancePaid',
  patient_payment: 'patientPaid',
  advance_application: 'patientPaid',
  contractual_adjustment: 'contractualAdjustments',
  write_off: 'writeOffs',
  adjustment: 'otherAdjustments',
  denial: 'otherAdjustments',
  patient_responsibility: 'otherAdjustments',
  advance_payment: 'otherAdjustments',
  reversal: 'reversals',
  refund: 'refunds',
};

/** Figures that raise the balance; the others are credits, shown as what they took off. */
const RAISES: ReadonlySet<Sum> = new Set(['charges', 'refunds']);

function emptySums(): Record<Sum, number> {
  return { charges: 0, insurancePaid: 0, patientPaid: 0, contractualAdjustments: 0, writeOffs: 0, otherAdjustments: 0, reversals: 0, refunds: 0 };
}

function figuresOf(sums: Record<Sum, number>, patientResponsibility: number): FinancialFigures {
  const balance =
    sums.charges + sums.refunds - sums.insurancePaid - sums.patientPaid - sums.contractualAdjustments - sums.writeOffs - sums.otherAdjustments - sums.reversals;
  return { ...sums, balance, patientResponsibility, insuranceBalance: balance - patientResponsibility };
}

interface ClaimRow {
  claimStatus: string;
  balanceCents: number;
  selfPay: boolean;
}

interface LineRow {
  chargeId: number;
  lineNumber: number;
  cptCode: string;
  status: string;
  balanceCents: number;
  /** The payer passed the line to the patient (a patient_responsibility row not reversed). */
  patientOwes: boolean;
}

interface LedgerSum {
  chargeId: number | null;
  entryType: LedgerEntryType;
  cents: number;
}

export async function getClaimFinancial(q: ReadAuditDb, actor: Actor, scope: DataScope, claimID: number): Promise<ClaimFinancialReply> {
  const [claim] = await q.query<ClaimRow>(
    `SELECT cs.name AS "claimStatus", c.balance_cents AS "balanceCents", c.insurance_id IS NULL AS "selfPay"
       FROM claims c JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const lines = await q.query<LineRow>(
    `SELECT ch.charge_id AS "chargeId", ch.line_number::int AS "lineNumber", ch.cpt_code AS "cptCode", ch.charge_status AS status,
            ch.balance_cents AS "balanceCents",
            EXISTS (SELECT 1 FROM ledger_entries l
                     WHERE l.charge_id = ch.charge_id AND l.entry_type = 'patient_responsibility'
                       AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)) AS "patientOwes"
       FROM charges ch WHERE ch.claim_id = $1 AND ch.charge_status <> 'deleted' ORDER BY ch.line_number, ch.charge_id`,
    [claimID],
  );
  const sums = await q.query<LedgerSum>(
    `SELECT charge_id AS "chargeId", entry_type AS "entryType", sum(amount_cents)::bigint AS cents
       FROM ledger_entries WHERE claim_id = $1 GROUP BY charge_id, entry_type`,
    [claimID],
  );

  const claimSums = emptySums();
  const lineSums = new Map(lines.map((line) => [line.chargeId, emptySums()]));
  for (const row of sums) {
    const figure = FIGURE_OF[row.entryType];
    const shown = RAISES.has(figure) ? row.cents : -row.cents;
    claimSums[figure] += shown;
    const line = row.chargeId === null ? undefined : lineSums.get(row.chargeId);
    if (line) line[figure] += shown;
  }

  const problems: string[] = [];
  const lineReplies = lines.map((line): LineFinancial => {
    const lineSum = lineSums.get(line.chargeId) ?? emptySums();
    const owed = figuresOf(lineSum, 0).balance;
    const figures = figuresOf(lineSum, claim.selfPay || line.patientOwes ? owed : 0);
    const balanced = figures.balance === line.balanceCents;
    if (!balanced) problems.push(`Line ${line.lineNumber}: its balance is ${formatCents(line.balanceCents)} but its ledger adds up to ${formatCents(figures.balance)}.`);
    return { chargeID: line.chargeId, lineNumber: line.lineNumber, cptCode: line.cptCode, status: line.status, figures, storedBalance: line.balanceCents, balanced };
  });
  const totals = figuresOf(
    claimSums,
    lineReplies.reduce((sum, line) => sum + line.figures.patientResponsibility, 0),
  );
  if (totals.balance !== claim.balanceCents) problems.push(`The claim's balance is ${formatCents(claim.balanceCents)} but its ledger adds up to ${formatCents(totals.balance)}.`);
  const linesCents = lines.reduce((sum, line) => sum + line.balanceCents, 0);
  if (linesCents !== claim.balanceCents) problems.push(`The claim's balance is ${formatCents(claim.balanceCents)} but its lines add up to ${formatCents(linesCents)}.`);

  await writeReadAudit(q, { userId: actor.userId, action: 'claims.financial', recordType: 'claim', recordId: claimID, source: actor.source, ip: actor.ip });
  return { claimID, claimStatus: claim.claimStatus, totals, storedBalance: claim.balanceCents, balanced: problems.length === 0, problems, lines: lineReplies };
}
