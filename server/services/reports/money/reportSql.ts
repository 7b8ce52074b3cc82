/**
 * The SQL of each money and activity report. Every money figure is summed from ledger rows with
 * the figure model's fragments (FIGURE_SQL), so a report says what the claim screens say; a
 * reversal counts in the figure of the row it reverses, in the period it was posted.
 *
 * A report is a SELECT whose columns are named as the report's columns in the contract, plus
 * "__key" (unique per row, the tie-break of its order) and the drill-down ids. Its parameters are
 * added as conditions only when given, each with its own placeholder.
 */
import { claimNarrowingSql } from '../../access/claimScope.ts';
import { LEDGER_ACCOUNT_TEXT, type MoneyReportID, type MoneyReportInput } from '../../../../contract/moneyReports.ts';
import { LEDGER_ENTRY_TYPES } from '../../../../contract/ledger.ts';
import { entryTypeText } from '../../../../contract/ledgerText.ts';
import type { Params } from '../../../db/params.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { ADVANCE_FIGURE_SQL, FIGURE_SQL, REVERSED_ROW_JOIN, figureOf } from '../../ledger/ledgerFigures.ts';

/** The ledger account (a figure of the figure model) a row `l` counts in, joined to the row it reverses `o`. */
export const ACCOUNT_SQL = `CASE coalesce(nullif(o.entry_type, 'reversal'), l.entry_type) ${LEDGER_ENTRY_TYPES.map(
  (type) => `WHEN '${type}' THEN '${type === 'reversal' ? figureOf('reversal') : figureOf(type)}'`,
).join(' ')} END`;

const ACCOUNT_TEXT_SQL = `CASE ${ACCOUNT_SQL} ${Object.entries(LEDGER_ACCOUNT_TEXT)
  .map(([account, words]) => `WHEN '${account}' THEN '${words}'`)
  .join(' ')} END`;

const entryText = (column: string) =>
  `CASE ${column} ${LEDGER_ENTRY_TYPES.map((type) => `WHEN '${type}' THEN '${entryTypeText(type)}'`).join(' ')} END`;

/** A row's kind in words; a reversal names what it reverses. */
const TRANSACTION_SQL = `CASE WHEN l.entry_type = 'reversal' AND o.entry_type IS NOT NULL
  THEN 'Reversal of ' || lower(${entryText('o.entry_type')}) ELSE ${entryText('l.entry_type')} END`;

/** Ledger rows with the row each reverses, their claim and charge line. */
const LEDGER_BASE = `ledger_entries l ${REVERSED_ROW_JOIN}
  LEFT JOIN claims c ON c.claim_id = l.claim_id
  LEFT JOIN charges ch ON ch.charge_id = l.charge_id`;

const PROVIDER_NAME = "concat_ws(', ', pr.last_name, pr.first_name)";
const PATIENT_NAME = "concat_ws(', ', p.last_name, p.first_name)";
const F = FIGURE_SQL;
const FIGURES = `${F.charges} AS charges, ${F.paid} AS paid, ${F.adjusted} AS adjusted, ${F.balance} AS balance`;

/** Where each parameter applies in a report's rows; a parameter with no column is not the report's. */
interface Columns {
  scope: string;
  group: string;
  practice?: string;
  facility?: string;
  provider?: string;
  pos?: string;
  dos?: string;
  posting?: string;
  patient?: string;
}

const LEDGER_COLUMNS: Columns = {
  scope: 'l.practice_id',
  group: 'l.group_id',
  practice: 'l.practice_id',
  facility: 'c.facility_id',
  provider: 'c.provider_id',
  pos: 'coalesce(ch.pos_code, c.pos_code)',
  dos: 'coalesce(ch.dos_from, c.dos_from)',
  posting: 'l.posting_date',
  patient: 'l.patient_id',
};

/** Escapes LIKE's wildcards, so a name is matched as typed (by its beginning). */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function conditions(input: MoneyReportInput, scope: DataScope, p: Params, columns: Columns): string[] {
  const where = [`${columns.scope} = ANY(${p.add(scope.practiceIds)}::bigint[])`];
  // Rows of claims follow the selection's facilities and providers; a row of no claim (a patient's
  // payment) is kept with its practice picked whole. Rows with no claim columns stay per practice.
  if (columns.facility !== undefined && columns.provider !== undefined) {
    const narrowing = claimNarrowingSql(
      { practice: columns.scope, facility: columns.facility, provider: columns.provider },
      scope,
      p.add,
    );
    if (narrowing) where.push(narrowing);
  }
  const equal = (column: string | undefined, value: unknown, cast: string) => {
    if (column !== undefined && value !== undefined) where.push(`${column} = ${p.add(value)}::${cast}`);
  };
  equal(columns.group, input.groupID, 'bigint');
  equal(columns.practice, input.practiceID, 'bigint');
  equal(columns.facility, input.facilityID, 'bigint');
  equal(columns.provider, input.providerID, 'bigint');
  equal(columns.pos, input.posID, 'text');
  equal(columns.patient, input.patientID, 'bigint');
  if (columns.dos !== undefined) {
    if (input.dosFrom !== undefined) where.push(`${columns.dos} >= ${p.add(input.dosFrom)}::date`);
    if (input.dosTo !== undefined) where.push(`${columns.dos} <= ${p.add(input.dosTo)}::date`);
  }
  if (columns.posting !== undefined) {
    if (input.postingFrom !== undefined) where.push(`${columns.posting} >= ${p.add(input.postingFrom)}::date`);
    if (input.postingTo !== undefined) where.push(`${columns.posting} <= ${p.add(input.postingTo)}::date`);
  }
  return where;
}

export interface ReportSql {
  /** The rows, before order and paging. */
  rows: string;
  /** The distinct claim (or patient) ids of those rows, as "id". */
  ids: string;
}

type Builder = (input: MoneyReportInput, scope: DataScope, p: Params) => ReportSql;

/** A report over ledger rows: `select` and `groupBy` over LEDGER_BASE (and `joins`), `extra` conditions. */
function ledgerReport(
  input: MoneyReportInput,
  scope: DataScope,
  p: Params,
  spec: { select: string; groupBy: string; joins?: string; extra?: string[]; ids?: 'claim' | 'patient' },
): ReportSql {
  const where = [...conditions(input, scope, p, LEDGER_COLUMNS), ...(spec.extra ?? [])];
  const from = `${LEDGER_BASE} ${spec.joins ?? ''} WHERE ${where.join(' AND ')}`;
  return {
    rows: `SELECT ${spec.select} FROM ${from} GROUP BY ${spec.groupBy}`,
    ids:
      spec.ids === 'patient'
        ? `SELECT DISTINCT l.patient_id AS id FROM ${from}`
        : `SELECT DISTINCT l.claim_id AS id FROM ${from} AND l.claim_id IS NOT NULL`,
  };
}

const PROVIDER_JOIN = 'LEFT JOIN providers pr ON pr.provider_id = c.provider_id';
const PAYER_JOIN = 'LEFT JOIN insurances i ON i.insurance_id = c.insurance_id';
/** A claim without a payer is billed to the patient. */
const PAYER_NAME = "coalesce(i.name, 'Self-pay')";

const BUILDERS: Readonly<Record<MoneyReportID, Builder>> = {
  chargeDetail: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `ch.charge_id AS "__key", c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_name AS "patientName",
        ch.dos_from::text AS dos, ch.cpt_code AS "cptCode",
        concat_ws(' ', ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4) AS modifiers, ch.units::bigint AS units,
        ${PROVIDER_NAME} AS "providerName", ${PAYER_NAME} AS "payerName", ${FIGURES}`,
      joins: `${PROVIDER_JOIN} ${PAYER_JOIN}`,
      extra: ['l.charge_id IS NOT NULL'],
      groupBy: 'ch.charge_id, c.claim_id, pr.provider_id, i.insurance_id',
    }),

  procedureHistory: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `l.ledger_id AS "__key", l.posting_date::text AS "postingDate", c.claim_id AS "claimID", c.patient_id AS "patientID",
        c.patient_name AS "patientName", ch.dos_from::text AS dos, ch.cpt_code AS "cptCode", ${TRANSACTION_SQL} AS transaction,
        nullif(concat_ws('-', l.adjustment_group_code, l.reason_code), '') AS code, ${FIGURES}`,
      extra: ['l.charge_id IS NOT NULL'],
      groupBy: 'l.ledger_id, o.ledger_id, c.claim_id, ch.charge_id',
    }),

  planProcedureHistory: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `coalesce(c.insurance_id, 0)::text || '-' || ch.cpt_code AS "__key", c.insurance_id AS "insuranceID",
        ${PAYER_NAME} AS "payerName", ch.cpt_code AS "cptCode", count(DISTINCT ch.charge_id)::bigint AS lines,
        ${F.charges} AS charges, ${F.insurancePaid} AS "insurancePaid", ${F.paid} AS paid, ${F.adjusted} AS adjusted, ${F.balance} AS balance`,
      joins: PAYER_JOIN,
      extra: ['l.charge_id IS NOT NULL'],
      groupBy: 'c.insurance_id, i.name, ch.cpt_code',
    }),

  claimActivityByProvider: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `c.provider_id AS "__key", c.provider_id AS "providerID", ${PROVIDER_NAME} AS "providerName",
        count(DISTINCT c.claim_id)::bigint AS claims, count(DISTINCT l.charge_id)::bigint AS lines, ${FIGURES}`,
      joins: PROVIDER_JOIN,
      extra: ['l.claim_id IS NOT NULL'],
      groupBy: 'c.provider_id, pr.provider_id',
    }),

  chargesPaymentsSummary: (input, scope, p) => {
    const inner = ledgerReport(input, scope, p, {
      select: `to_char(l.posting_date, 'YYYY-MM') AS month, ${F.charges} AS charges, ${F.insurancePaid} AS "insurancePaid",
        ${F.received} AS received, ${F.paid} AS paid, ${F.adjusted} AS adjusted, ${F.balance} AS balance`,
      groupBy: "to_char(l.posting_date, 'YYYY-MM')",
    });
    return {
      // Received less insurance is what patients paid; received less paid is what was refunded.
      rows: `SELECT month AS "__key", month, charges, "insurancePaid", received - "insurancePaid" AS "patientPaid",
        received - paid AS refunds, adjusted, balance FROM (${inner.rows}) s`,
      ids: inner.ids,
    };
  },

  paymentReport: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `l.ledger_id AS "__key", l.posting_date::text AS "postingDate", ${TRANSACTION_SQL} AS transaction,
        CASE WHEN ${ACCOUNT_SQL} = 'insurancePaid' THEN coalesce(e.payer_name, ei.name, ${PAYER_NAME}) ELSE 'Patient' END AS source,
        coalesce('Check ' || e.trace_number, 'EOB ' || pe.reference, 'Batch ' || pb.batch_number, ap.reference, l.note) AS reference,
        c.claim_id AS "claimID", l.patient_id AS "patientID", coalesce(c.patient_name, ${PATIENT_NAME}) AS "patientName", ${F.paid} AS paid`,
      joins: `${PAYER_JOIN} JOIN patients p ON p.patient_id = l.patient_id
        LEFT JOIN era_checks e ON e.era_check_id = coalesce(l.era_check_id, o.era_check_id)
        LEFT JOIN paper_eobs pe ON pe.paper_eob_id = coalesce(l.paper_eob_id, o.paper_eob_id)
        LEFT JOIN insurances ei ON ei.insurance_id = pe.insurance_id
        LEFT JOIN payment_batches pb ON pb.payment_batch_id = coalesce(l.payment_batch_id, o.payment_batch_id)
        LEFT JOIN advance_payments ap ON ap.advance_payment_id = l.advance_payment_id`,
      extra: [`${ACCOUNT_SQL} IN ('insurancePaid', 'patientPaid', 'refunds')`],
      groupBy:
        'l.ledger_id, o.ledger_id, c.claim_id, i.insurance_id, p.patient_id, e.era_check_id, pe.paper_eob_id, ei.insurance_id, pb.payment_batch_id, ap.advance_payment_id',
    }),

  eraData: (input, scope, p) => {
    const practices = p.add(scope.practiceIds);
    const where = [`e.group_id = ANY(${p.add(scope.groupIds)}::bigint[])`, "e.status <> 'deleted'"];
    if (input.groupID !== undefined) where.push(`e.group_id = ${p.add(input.groupID)}::bigint`);
    // A check's day is the day the payer paid: the posting dates pick checks by it.
    if (input.postingFrom !== undefined) where.push(`e.check_date >= ${p.add(input.postingFrom)}::date`);
    if (input.postingTo !== undefined) where.push(`e.check_date <= ${p.add(input.postingTo)}::date`);
    const checks = `era_checks e WHERE ${where.join(' AND ')}`;
    return {
      rows: `SELECT e.era_check_id AS "__key", e.insurance_id AS "insuranceID", e.check_date::text AS "checkDate",
          e.payer_name AS "payerName", e.trace_number AS "traceNumber", e.status,
          (SELECT count(*) FROM era_claims ec WHERE ec.era_check_id = e.era_check_id)::bigint AS claims,
          e.total_paid_cents AS "checkAmount", x.posted, e.total_paid_cents - x.posted AS unposted
        FROM era_checks e
        CROSS JOIN LATERAL (SELECT ${F.received} AS posted FROM ledger_entries l ${REVERSED_ROW_JOIN}
                             WHERE l.era_check_id = e.era_check_id AND l.practice_id = ANY(${practices}::bigint[])) x
        WHERE ${where.join(' AND ')}`,
      ids: `SELECT DISTINCT ec.claim_id AS id FROM era_claims ec JOIN claims c ON c.claim_id = ec.claim_id
        WHERE c.practice_id = ANY(${practices}::bigint[]) AND ec.era_check_id IN (SELECT e.era_check_id FROM ${checks})`,
    };
  },

  advancePayments: (input, scope, p) => {
    const where = conditions(input, scope, p, {
      scope: 'pt.practice_id',
      group: 'a.group_id',
      practice: 'pt.practice_id',
      dos: 'a.date_of_service',
      posting: 'a.received_on',
      patient: 'a.patient_id',
    });
    const from = `advance_payments a JOIN patients pt ON pt.patient_id = a.patient_id WHERE ${where.join(' AND ')}`;
    return {
      rows: `SELECT a.advance_payment_id AS "__key", a.patient_id AS "patientID", a.received_on::text AS "receivedOn",
          concat_ws(', ', pt.last_name, pt.first_name) AS "patientName", pt.account_number AS "accountNumber",
          a.date_of_service::text AS dos, a.payment_method AS method, a.status,
          coalesce(-sum(l.amount_cents) FILTER (WHERE l.entry_type = 'advance_payment'), 0)::bigint AS amount,
          ${ADVANCE_FIGURE_SQL.applied} AS applied, ${ADVANCE_FIGURE_SQL.refunded} AS refunded, ${ADVANCE_FIGURE_SQL.unapplied} AS unapplied
        FROM advance_payments a JOIN patients pt ON pt.patient_id = a.patient_id
        LEFT JOIN ledger_entries l ON l.advance_payment_id = a.advance_payment_id
        WHERE ${where.join(' AND ')}
        GROUP BY a.advance_payment_id, pt.patient_id`,
      ids: `SELECT DISTINCT a.patient_id AS id FROM ${from}`,
    };
  },

  insuranceProfileByProvider: (input, scope, p) =>
    ledgerReport(input, scope, p, {
      select: `c.provider_id::text || '-' || coalesce(c.insurance_id, 0)::text AS "__key", c.provider_id AS "providerID",
        c.insurance_id AS "insuranceID", ${PROVIDER_NAME} AS "providerName", ${PAYER_NAME} AS "payerName",
        count(DISTINCT c.claim_id)::bigint AS claims, ${F.charges} AS charges, ${F.insurancePaid} AS "insurancePaid",
        ${F.paid} AS paid, ${F.adjusted} AS adjusted, ${F.balance} AS balance`,
      joins: `${PROVIDER_JOIN} ${PAYER_JOIN}`,
      extra: ['l.claim_id IS NOT NULL'],
      groupBy: 'c.provider_id, pr.provider_id, c.insurance_id, i.insurance_id',
    }),

  claimBatchSubmit: (input, scope, p) => {
    const where = conditions(input, scope, p, {
      scope: 'c.practice_id',
      group: 'c.group_id',
      practice: 'c.practice_id',
      facility: 'c.facility_id',
      provider: 'c.provider_id',
      pos: 'c.pos_code',
      dos: 'c.dos_from',
      // A batch's day is the day it was sent.
      posting: 'sb.created_at::date',
    });
    const from = `submission_batches sb JOIN submission_batch_claims sbc ON sbc.submission_batch_id = sb.submission_batch_id
      JOIN claims c ON c.claim_id = sbc.claim_id`;
    return {
      rows: `SELECT sb.submission_batch_id AS "__key", sb.submission_batch_id AS "batchID", sb.created_at::date::text AS "submittedOn",
          sb.file_name AS "fileName", sb.insurance_id AS "insuranceID", i.name AS "payerName", count(DISTINCT c.claim_id)::bigint AS claims,
          ${FIGURES}
        FROM ${from} JOIN insurances i ON i.insurance_id = sb.insurance_id
        LEFT JOIN ledger_entries l ON l.claim_id = c.claim_id ${REVERSED_ROW_JOIN}
        WHERE ${where.join(' AND ')}
        GROUP BY sb.submission_batch_id, i.insurance_id`,
      ids: `SELECT DISTINCT c.claim_id AS id FROM ${from} WHERE ${where.join(' AND ')}`,
    };
  },

  patientAccountingDetail: (input, scope, p) => {
    const extra: string[] = [];
    if (input.ledgerAccountID !== undefined) extra.push(`${ACCOUNT_SQL} = ${p.add(input.ledgerAccountID)}::text`);
    if (input.patientDOB !== undefined) extra.push(`p.date_of_birth = ${p.add(input.patientDOB)}::date`);
    if (input.patientFirstName !== undefined)
      extra.push(`p.first_name ILIKE ${p.add(likePrefix(input.patientFirstName))}::text`);
    if (input.patientLastName !== undefined)
      extra.push(`p.last_name ILIKE ${p.add(likePrefix(input.patientLastName))}::text`);
    return ledgerReport(input, scope, p, {
      select: `l.ledger_id AS "__key", l.patient_id AS "patientID", ${PATIENT_NAME} AS "patientName",
        p.date_of_birth::text AS "patientDOB", p.account_number AS "accountNumber", l.posting_date::text AS "postingDate",
        c.claim_id AS "claimID", coalesce(ch.dos_from, c.dos_from)::text AS dos, ch.cpt_code AS "cptCode",
        ${TRANSACTION_SQL} AS transaction, ${ACCOUNT_TEXT_SQL} AS "ledgerAccount", ${FIGURES}`,
      joins: 'JOIN patients p ON p.patient_id = l.patient_id',
      extra,
      groupBy: 'l.ledger_id, o.ledger_id, c.claim_id, ch.charge_id, p.patient_id',
      ids: 'patient',
    });
  },

  ledgerAccount: (input, scope, p) => {
    const extra: string[] = [];
    if (input.ledgerAccountID !== undefined) extra.push(`${ACCOUNT_SQL} = ${p.add(input.ledgerAccountID)}::text`);
    const inner = ledgerReport(input, scope, p, {
      select: `l.ledger_id, ${ACCOUNT_SQL} AS account, l.entry_type, l.amount_cents`,
      extra,
      groupBy: 'l.ledger_id, o.ledger_id',
    });
    return {
      // Charges and refunds raise the balance and show as they are; the credits show as what they took off.
      rows: `SELECT account AS "__key", account AS "ledgerAccountID",
          CASE account ${Object.entries(LEDGER_ACCOUNT_TEXT)
            .map(([account, words]) => `WHEN '${account}' THEN '${words}'`)
            .join(' ')} END AS "ledgerAccount",
          count(*)::bigint AS entries, count(*) FILTER (WHERE entry_type = 'reversal')::bigint AS reversals,
          sum(CASE WHEN account IN ('charges', 'refunds') THEN amount_cents ELSE -amount_cents END)::bigint AS amount,
          sum(amount_cents)::bigint AS balance
        FROM (${inner.rows}) x GROUP BY account`,
      ids: inner.ids,
    };
  },
};

export function reportSql(reportID: MoneyReportID, input: MoneyReportInput, scope: DataScope, p: Params): ReportSql {
  return BUILDERS[reportID](input, scope, p);
}
