/**
 * AddEditClaim/getClaimFinancial: the claim's money by kind, for the claim and each line, from
 * its ledger rows through the one figure model (server/services/ledger/ledgerFigures.ts), checked
 * against the balances stored on the claim and its lines: a figure that does not agree is named,
 * not hidden. Deleted lines are not listed, as in every read of lines; their charge row and its
 * reversal still count in the claim's totals, where they cancel out.
 */
import type { ClaimFinancialReply, LineFinancial } from '../../../contract/claimFinancial.ts';
import { formatCents } from '../../../contract/money.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFigures, NO_FIGURES } from '../ledger/ledgerFigures.ts';

interface ClaimRow {
  claimStatus: string;
  balanceCents: number;
}

interface LineRow {
  chargeId: number;
  lineNumber: number;
  cptCode: string;
  status: string;
  balanceCents: number;
}

export async function getClaimFinancial(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ClaimFinancialReply> {
  const [claim] = await q.query<ClaimRow>(
    `SELECT cs.name AS "claimStatus", c.balance_cents AS "balanceCents"
       FROM claims c JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const lines = await q.query<LineRow>(
    `SELECT ch.charge_id AS "chargeId", ch.line_number::int AS "lineNumber", ch.cpt_code AS "cptCode", ch.charge_status AS status, ch.balance_cents AS "balanceCents"
       FROM charges ch WHERE ch.claim_id = $1 AND ch.charge_status <> 'deleted' ORDER BY ch.line_number, ch.charge_id`,
    [claimID],
  );
  const { totals, lines: lineFigures } = await claimFigures(q, claimID);

  const problems: string[] = [];
  const lineReplies = lines.map((line): LineFinancial => {
    const figures = lineFigures.get(line.chargeId) ?? NO_FIGURES;
    const balanced = figures.balance === line.balanceCents;
    if (!balanced)
      problems.push(
        `Line ${line.lineNumber}: its balance is ${formatCents(line.balanceCents)} but its ledger adds up to ${formatCents(figures.balance)}.`,
      );
    return {
      chargeID: line.chargeId,
      lineNumber: line.lineNumber,
      cptCode: line.cptCode,
      status: line.status,
      figures,
      storedBalance: line.balanceCents,
      balanced,
    };
  });
  if (totals.balance !== claim.balanceCents)
    problems.push(
      `The claim's balance is ${formatCents(claim.balanceCents)} but its ledger adds up to ${formatCents(totals.balance)}.`,
    );
  const linesCents = lines.reduce((sum, line) => sum + line.balanceCents, 0);
  if (linesCents !== claim.balanceCents)
    problems.push(
      `The claim's balance is ${formatCents(claim.balanceCents)} but its lines add up to ${formatCents(linesCents)}.`,
    );

  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.financial',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return {
    claimID,
    claimStatus: claim.claimStatus,
    totals,
    storedBalance: claim.balanceCents,
    balanced: problems.length === 0,
    problems,
    lines: lineReplies,
  };
}
