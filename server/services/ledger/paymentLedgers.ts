import type { LedgerEntryType, LedgerRow, PaymentLedgersReply } from '../../../contract/ledger.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { claimInScope } from '../claims/claimDetail.ts';
import type { Actor } from '../context.ts';
import { patientInScope } from '../patients/patientInfo.ts';
import { claimFigures, figureOf, patientFigures, REVERSED_ROW_JOIN } from './ledgerFigures.ts';

/**
 * Ledger rows of one claim or one patient, newest posting first, with the charge line they
 * belong to, the CARC text of their reason code and the payer of the ERA check or payment batch
 * they came with (rows posted by hand carry the payer in their note). The caller has
 * already checked the claim or patient is inside the user's data role; the practice filter here
 * keeps a patient's rows of other practices out as well.
 */
export async function ledgerRows(
  q: Queryable,
  by: { claimID: number } | { patientID: number },
  practiceIds: readonly number[],
): Promise<LedgerRow[]> {
  const [column, value] = 'claimID' in by ? ['l.claim_id', by.claimID] : ['l.patient_id', by.patientID];
  const rows = await q.query<Omit<LedgerRow, 'figure'> & { reversedType: LedgerEntryType | null }>(
    `SELECT l.ledger_id AS "ledgerID", l.posting_date AS "postingDate", l.entry_type AS "entryType",
            l.claim_id AS "claimID", l.charge_id AS "chargeID", ch.line_number::int AS "chargeLine", ch.cpt_code AS "cptCode",
            l.amount_cents AS "amount", l.adjustment_group_code AS "groupCode", l.reason_code AS "reasonCode",
            arc.description AS "reasonDescription",
            coalesce(ec.payer_name, pi.name) AS "payerName",
            l.note AS "note", l.reverses_ledger_id AS "reversesLedgerID", o.entry_type AS "reversedType",
            (SELECT r.ledger_id FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id) AS "reversedByLedgerID",
            l.balance_transfer_id AS "balanceTransferID"
       FROM ledger_entries l
       ${REVERSED_ROW_JOIN}
       LEFT JOIN charges ch ON ch.charge_id = l.charge_id
       LEFT JOIN adjustment_reason_codes arc ON arc.code = l.reason_code
       LEFT JOIN era_checks ec ON ec.era_check_id = l.era_check_id
       LEFT JOIN payment_batches pb ON pb.payment_batch_id = l.payment_batch_id
       LEFT JOIN insurances pi ON pi.insurance_id = pb.insurance_id
      WHERE ${column} = $1 AND l.practice_id = ANY($2::bigint[]) AND ch.charge_status IS DISTINCT FROM 'deleted'
      ORDER BY l.posting_date DESC, l.ledger_id DESC`,
    [value, practiceIds],
  );
  return rows.map(({ reversedType, ...row }) => ({ ...row, figure: figureOf(row.entryType, reversedType) }));
}

/**
 * Claims/getPaymentLedgers: the ledger of one claim or one patient inside the user's data role
 * (NotFoundError otherwise); the read is audited.
 */
export async function getPaymentLedgers(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  query: { claimID?: number; patientID?: number },
): Promise<PaymentLedgersReply> {
  let by: { claimID: number } | { patientID: number };
  if (query.claimID !== undefined) {
    await claimInScope(q, query.claimID, scope);
    by = { claimID: query.claimID };
  } else if (query.patientID !== undefined) {
    await patientInScope(q, query.patientID, scope);
    by = { patientID: query.patientID };
  } else {
    throw new BadRequestError('Give either claimID or patientID.');
  }
  const rows = await ledgerRows(q, by, scope.practiceIds);
  const figures =
    'claimID' in by
      ? (await claimFigures(q, by.claimID)).totals
      : await patientFigures(q, by.patientID, scope.practiceIds);
  const [recordType, recordId] = 'claimID' in by ? ['claim', by.claimID] : ['patient', by.patientID];
  await writeAudit(q, {
    userId: actor.userId,
    action: 'ledger.read',
    recordType,
    recordId,
    source: actor.source,
    ip: actor.ip,
    detail: { returned: rows.length },
  });
  return { rows, figures };
}
