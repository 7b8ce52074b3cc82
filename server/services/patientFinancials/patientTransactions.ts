/**
 * Patient/getPatientTransectionStatement: every ledger row of the patient in the data role, in
 * posting order, each in the biller's words (with the check of an ERA or a paper EOB) and the
 * running balance. With a from date, what
 * came before is one opening balance; the closing balance is always the opening plus the rows.
 */
import type { PatientTransaction, PatientTransactionsReply } from '../../../contract/patientFinancials.ts';
import type { LedgerEntryType } from '../../../contract/ledger.ts';
import { adjustmentCode, entryTypeText } from '../../../contract/ledgerText.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

interface LedgerRow {
  ledgerID: number;
  postingDate: string;
  claimID: number | null;
  dosFrom: string | null;
  cptCode: string | null;
  entryType: LedgerEntryType;
  reversedType: LedgerEntryType | null;
  groupCode: string | null;
  reasonCode: string | null;
  checkNumber: string | null;
  payerName: string | null;
  amount: number;
}

/** "Insurance payment, Acme Health, check 12345", "Contractual adjustment CO-45", "Charge 99213". */
export function describePosting(
  row: Omit<LedgerRow, 'ledgerID' | 'postingDate' | 'claimID' | 'dosFrom' | 'amount'>,
): string {
  const own = (type: LedgerEntryType): string => {
    const code = adjustmentCode(row.groupCode, row.reasonCode);
    const parts = [[entryTypeText(type), type === 'charge' ? row.cptCode : null, code].filter(Boolean).join(' ')];
    if (type === 'insurance_payment' && row.payerName) parts.push(row.payerName);
    if (row.checkNumber) parts.push(`check ${row.checkNumber}`);
    return parts.join(', ');
  };
  if (row.entryType !== 'reversal') return own(row.entryType);
  return row.reversedType && row.reversedType !== 'reversal' ? `Reversal of: ${own(row.reversedType)}` : 'Reversal';
}

export async function getPatientTransactions(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  query: { patientID: number; fromDate?: string; toDate?: string },
): Promise<PatientTransactionsReply> {
  const { patientID } = query;
  const [found] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    patientID,
    scope.practiceIds,
  ]);
  if (!found) throw new NotFoundError();
  const values: unknown[] = [patientID, scope.practiceIds];
  const range: string[] = [];
  if (query.fromDate) {
    values.push(query.fromDate);
    range.push(`l.posting_date >= $${values.length}::date`);
  }
  if (query.toDate) {
    values.push(query.toDate);
    range.push(`l.posting_date <= $${values.length}::date`);
  }
  const [rows, [opening]] = await Promise.all([
    q.query<LedgerRow>(
      `SELECT l.ledger_id AS "ledgerID", l.posting_date AS "postingDate", l.claim_id AS "claimID", c.dos_from AS "dosFrom",
              coalesce(ch.cpt_code, och.cpt_code) AS "cptCode", l.entry_type AS "entryType", o.entry_type AS "reversedType",
              coalesce(l.adjustment_group_code, o.adjustment_group_code) AS "groupCode",
              coalesce(l.reason_code, o.reason_code) AS "reasonCode",
              coalesce(ec.trace_number, pe.reference) AS "checkNumber", coalesce(ec.payer_name, pins.name) AS "payerName",
              l.amount_cents AS amount
         FROM ledger_entries l
         LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
         LEFT JOIN claims c ON c.claim_id = l.claim_id
         LEFT JOIN charges ch ON ch.charge_id = l.charge_id
         LEFT JOIN charges och ON och.charge_id = o.charge_id
         LEFT JOIN era_checks ec ON ec.era_check_id = coalesce(l.era_check_id, o.era_check_id)
         LEFT JOIN paper_eobs pe ON pe.paper_eob_id = coalesce(l.paper_eob_id, o.paper_eob_id)
         LEFT JOIN insurances pins ON pins.insurance_id = pe.insurance_id
        WHERE l.patient_id = $1 AND l.practice_id = ANY($2::bigint[])${range.map((part) => ` AND ${part}`).join('')}
        ORDER BY l.posting_date, l.ledger_id`,
      values,
    ),
    query.fromDate
      ? q.query<{ balance: number }>(
          `SELECT coalesce(sum(l.amount_cents), 0)::bigint AS balance FROM ledger_entries l
            WHERE l.patient_id = $1 AND l.practice_id = ANY($2::bigint[]) AND l.posting_date < $3::date`,
          [patientID, scope.practiceIds, query.fromDate],
        )
      : Promise.resolve([{ balance: 0 }]),
  ]);
  const openingBalance = Number(opening?.balance ?? 0);
  let balance = openingBalance;
  const listed = rows.map((row): PatientTransaction => {
    const amount = Number(row.amount);
    balance += amount;
    return {
      ledgerID: Number(row.ledgerID),
      postingDate: row.postingDate,
      claimID: row.claimID === null ? null : Number(row.claimID),
      dosFrom: row.dosFrom,
      cptCode: row.cptCode,
      entryType: row.entryType,
      description: describePosting(row),
      amount,
      balance,
    };
  });
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'patient.transactions',
    recordType: 'patient',
    recordId: patientID,
    source: actor.source,
    ip: actor.ip,
    detail: { fromDate: query.fromDate ?? null, toDate: query.toDate ?? null, returned: listed.length },
  });
  return { patientID, openingBalance, rows: listed, closingBalance: balance };
}
