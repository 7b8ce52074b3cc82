/**
 * The money and activity reports held to the ledger, by the test's own reading of the ledger rows
 * (written apart from the figure model): over posting dates from-to, each report's totals are the
 * ledger rows of those dates summed. Used by the money reports' own tests and by the property test
 * that posts at random.
 */
import type { MoneyReportID, MoneyReportReply } from '../../contract/moneyReports.ts';
import type { Queryable } from '../db/types.ts';

/** Which kinds of row are money received, and which are credits other than money. */
const RECEIVED = new Set(['insurance_payment', 'patient_payment', 'advance_payment', 'advance_application']);
const ADJUSTMENTS = new Set(['contractual_adjustment', 'write_off', 'adjustment', 'denial', 'patient_responsibility']);

export interface LedgerRow {
  ledgerID: number;
  claimID: number | null;
  chargeID: number | null;
  type: string;
  reversedType: string | null;
  cents: number;
  day: string;
  eraCheckID: number | null;
}

/** A group's ledger rows, a reversal beside the kind of row it reverses. */
export async function ledgerRows(db: Queryable, groupID: number): Promise<LedgerRow[]> {
  const rows = await db.query<LedgerRow>(
    `SELECT l.ledger_id AS "ledgerID", l.claim_id AS "claimID", l.charge_id AS "chargeID", l.entry_type AS type,
            o.entry_type AS "reversedType", l.amount_cents AS cents, l.posting_date::text AS day, l.era_check_id AS "eraCheckID"
       FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
      WHERE l.group_id = $1`,
    [groupID],
  );
  return rows.map((row) => ({
    ...row,
    cents: Number(row.cents),
    claimID: row.claimID === null ? null : Number(row.claimID),
  }));
}

/** The ledger's own figures over some rows: charges, paid (less refunds), adjusted, balance. */
export function ledgerFigures(rows: readonly LedgerRow[]) {
  const kind = (row: LedgerRow) => (row.type === 'reversal' ? (row.reversedType ?? 'adjustment') : row.type);
  // `+ 0` keeps a -0 of an empty sum out of the comparison.
  const sum = (pick: (row: LedgerRow) => boolean) => rows.filter(pick).reduce((total, row) => total + row.cents, 0) + 0;
  return {
    charges: sum((row) => kind(row) === 'charge'),
    paid: 0 - sum((row) => RECEIVED.has(kind(row)) || kind(row) === 'refund'),
    adjusted: 0 - sum((row) => ADJUSTMENTS.has(kind(row))),
    balance: sum(() => true),
    insurancePaid: 0 - sum((row) => kind(row) === 'insurance_payment'),
    refunds: sum((row) => kind(row) === 'refund'),
  };
}

export const postedBetween = (from: string, to: string) => (row: LedgerRow) => row.day >= from && row.day <= to;

/**
 * Where the reports' totals over posting dates from-to differ from the ledger rows of those dates
 * (`rows`: the group's, as `ledgerRows` reads them); `report` asks one report for the group.
 */
export async function moneyReportProblems(
  report: (reportID: MoneyReportID, query: Record<string, string>) => Promise<MoneyReportReply>,
  rows: readonly LedgerRow[],
  from: string,
  to: string,
): Promise<string[]> {
  const problems: string[] = [];
  const range = { postingFrom: from, postingTo: to };
  const inRange = rows.filter(postedBetween(from, to));
  const onLines = ledgerFigures(inRange.filter((row) => row.chargeID !== null));
  const onClaims = ledgerFigures(inRange.filter((row) => row.claimID !== null));
  const all = ledgerFigures(inRange);
  const pick = (totals: Record<string, number>, keys: readonly string[]) =>
    Object.fromEntries(keys.map((key) => [key, totals[key]]));
  const four = ['charges', 'paid', 'adjusted', 'balance'];
  const same = async (reportID: MoneyReportID, keys: readonly string[] | null, wanted: Record<string, number>) => {
    const totals = (await report(reportID, range)).totals;
    const shown = keys ? pick(totals, keys) : totals;
    const want = keys ? pick(wanted, keys) : wanted;
    if (JSON.stringify(shown) !== JSON.stringify(want))
      problems.push(
        `${reportID} ${from}..${to}: shows ${JSON.stringify(shown)}, the ledger says ${JSON.stringify(want)}`,
      );
  };
  await same('chargeDetail', four, onLines);
  await same('procedureHistory', four, onLines);
  await same('planProcedureHistory', [...four, 'insurancePaid'], onLines);
  await same('claimActivityByProvider', four, onClaims);
  await same('insuranceProfileByProvider', four, onClaims);
  await same('patientAccountingDetail', four, all);
  await same('chargesPaymentsSummary', null, {
    charges: all.charges,
    insurancePaid: all.insurancePaid,
    patientPaid: all.paid + all.refunds - all.insurancePaid,
    refunds: all.refunds,
    adjusted: all.adjusted,
    balance: all.balance,
  });
  await same('paymentReport', null, { paid: all.paid });
  await same('ledgerAccount', null, {
    entries: inRange.length,
    reversals: inRange.filter((row) => row.type === 'reversal').length,
    balance: all.balance,
  });
  return problems;
}
