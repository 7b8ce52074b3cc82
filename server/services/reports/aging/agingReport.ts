/**
 * Reports/getAgedTrialBalanceReport, getAgingByInsuranceReport, getAgingByProviderReport,
 * getAgingByPatientReport and getAgingPatientCollapseByID: balances aged in five buckets, within
 * the data role. The rows of one report add up to its totals, and the aged trial balance's total
 * is the sum of every claim balance the ledger holds under the filters (agingProperty.test.ts).
 */
import {
  AGING_ALL_ROWS_LIMIT,
  AGING_DRILL_IDS_LIMIT,
  AGING_TYPE_LABELS,
  type AgingBuckets,
  type AgingPatientCollapseInput,
  type AgingPatientCollapseReply,
  type AgingReportInput,
  type AgingReportKind,
  type AgingReportReply,
  type AgingRow,
  type AgingSortColumn,
  type AgingType,
} from '../../../../contract/agingReports.ts';
import { AGING_BUCKETS } from '../../../../contract/claims.ts';
import type { Queryable } from '../../../db/types.ts';
import { NotFoundError } from '../../../errors.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { dayOf } from '../../claims/claimFilters.ts';
import {
  agingWhere,
  BUCKET_SUMS,
  bucketIndex,
  owedSql,
  partsSql,
  SUMMED_BUCKET_SUMS,
  summedPartsSql,
  summedSql,
  sumsAnswer,
} from './agingSql.ts';

interface SumRow {
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  b4: number;
  total: number;
  patient_cents: number;
  claim_count: number;
}

interface GroupRow extends SumRow {
  row_id: number | null;
  owed_by: 'payer' | 'patient' | 'both';
  label: string;
  detail: string | null;
}

function bucketsOf(row: SumRow): AgingBuckets {
  return { '0-30': row.b0, '31-60': row.b1, '61-90': row.b2, '91-120': row.b3, '120+': row.b4 };
}

function figuresOf(row: SumRow) {
  return {
    claimCount: row.claim_count,
    buckets: bucketsOf(row),
    total: row.total,
    insuranceCents: row.total - row.patient_cents,
    patientCents: row.patient_cents,
  };
}

/** The row's name and second line, by kind: joined after grouping, so only the names needed are read. */
const LABELS: Record<AgingReportKind, { join: string; label: string; detail: string }> = {
  trialBalance: {
    join: `JOIN claims lc ON lc.claim_id = g.row_id JOIN patients lpt ON lpt.patient_id = lc.patient_id LEFT JOIN insurances li ON li.insurance_id = lc.insurance_id`,
    label: `lpt.last_name || ', ' || lpt.first_name`,
    detail: `'Claim ' || lc.claim_id || ' · ' || coalesce(li.name, 'Self-pay') || ' · DOS ' || to_char(lc.dos_from, 'MM/DD/YYYY')`,
  },
  insurance: {
    join: `LEFT JOIN insurances li ON li.insurance_id = g.row_id`,
    label: `CASE WHEN g.owed_by = 'patient' THEN 'Patients' ELSE coalesce(li.name, 'Payer ' || g.row_id) END`,
    detail: `CASE WHEN g.owed_by = 'patient' THEN 'Self-pay claims and lines the payer passed to the patient' ELSE li.payer_id END`,
  },
  provider: {
    join: `LEFT JOIN providers lp ON lp.provider_id = g.row_id`,
    label: `coalesce(lp.last_name || coalesce(', ' || lp.first_name, ''), 'Provider ' || g.row_id)`,
    detail: `lp.npi`,
  },
  patient: {
    join: `LEFT JOIN patients lp ON lp.patient_id = g.row_id`,
    label: `coalesce(lp.last_name || ', ' || lp.first_name, 'Patient ' || g.row_id)`,
    detail: `'Account ' || lp.account_number`,
  },
};

const SORT_SQL: Record<AgingSortColumn, string> = {
  label: 'label',
  '0-30': 'b0',
  '31-60': 'b1',
  '61-90': 'b2',
  '91-120': 'b3',
  '120+': 'b4',
  total: 'total',
  claimCount: 'claim_count',
};

/** 2026-11-27 as 11/27/2026, as billers read dates. */
function formatDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** What each figure means, said in the report. */
export function agingMeaning(kind: AgingReportKind, agingType: AgingType, asOf: string): string {
  const basis = `Aged by ${AGING_TYPE_LABELS[agingType]} on ${formatDate(asOf)}`;
  const split =
    'a claim’s balance is owed by the payer it bills, except the lines the payer passed to the patient and self-pay claims, which the patient owes';
  const rows: Record<AgingReportKind, string> = {
    trialBalance: 'Each row is a claim with a balance; its buckets hold its whole balance',
    insurance: 'Each payer’s row holds what that payer owes now; the Patients row holds what patients owe',
    provider: 'Each row holds the balances of the claims of one provider, payers’ and patients’ parts together',
    patient: 'Each row holds the balances of one patient’s claims, payers’ and patients’ parts together',
  };
  return `${rows[kind]}. ${basis}; ${split}. Every figure is read from the ledger.`;
}

export async function agingReport(
  q: Queryable,
  scope: DataScope,
  kind: AgingReportKind,
  input: AgingReportInput,
  now: Date,
): Promise<AgingReportReply> {
  const today = dayOf(now);
  const where = agingWhere(input, scope);
  const values = [...where.values, today];
  const todayParam = `$${values.length}`;
  // Aging by insurance reads each claim twice (the payer's part, the patient's): kept once then.
  // Otherwise read in place, so a page sorted by balance is cut off the index on it.
  const keep = kind === 'insurance' ? 'MATERIALIZED ' : 'NOT MATERIALIZED ';
  const owed = `owed AS ${keep}(${owedSql(input.agingType, where.sql, todayParam)}), parts AS (${partsSql(kind)})`;
  const base = { asOf: today, agingType: input.agingType, meaning: agingMeaning(kind, input.agingType, today) };

  if (input.getOnlyIDS === 'true') {
    const idValues = [...values];
    const conditions: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      idValues.push(value);
      conditions.push(sql(`$${idValues.length}`));
    };
    if (input.bucket) add((p) => `p.bucket = ${p}`, bucketIndex(input.bucket));
    if (input.owedBy === 'patient') conditions.push(`p.owed_by = 'patient'`);
    else if (input.rowID !== undefined) add((p) => `p.row_id = ${p}::bigint`, input.rowID);
    const [counted] = await q.query<{ ids: number[] } & SumRow>(
      `WITH ${owed}
       SELECT (array_agg(p.claim_id ORDER BY p.claim_id))[1:${AGING_DRILL_IDS_LIMIT}]::bigint[] AS ids, ${BUCKET_SUMS}
         FROM parts p WHERE ${conditions.join(' AND ') || 'true'}`,
      idValues,
    );
    const totals = counted ? figuresOf(counted) : figuresOf(emptySums());
    return { ...base, total: 0, rows: [], totals, claimIDs: (counted?.ids ?? []).map(Number) };
  }

  const labels = LABELS[kind];
  const order = SORT_SQL[input.sortColumn];
  const direction = input.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const limit = input.getAllData === 'true' ? AGING_ALL_ROWS_LIMIT : input.pageSize;
  const offset = input.getAllData === 'true' ? 0 : (input.pageNumber - 1) * input.pageSize;
  const summed = sumsAnswer(input);
  const summedWith = () => {
    const sumWhere = agingWhere(input, scope, 'sums');
    // The sums' filters take the same values as the claims' (both start from the data role's practices).
    return `summed AS MATERIALIZED (${summedSql(input.agingType, sumWhere.sql, todayParam)})`;
  };
  const sumsTotals = `${SUMMED_BUCKET_SUMS.replace(/ AS (\w+)/g, ' AS t_$1')}`;
  const tbRow = (from: string) =>
    `SELECT p.row_id, p.owed_by, ${AGING_BUCKETS.map((_, index) => `CASE WHEN p.bucket = ${index} THEN p.cents ELSE 0 END::bigint AS b${index}`).join(', ')},
            p.cents::bigint AS total, p.patient_cents::bigint AS patient_cents, 1 AS claim_count FROM ${from} p`;
  let withSql: string;
  let pageSelect: string;
  // The page is cut before the names are read, unless it is sorted by them.
  const byName = order === 'label';
  const named = `SELECT g.*, ${labels.label} AS label, ${labels.detail} AS detail FROM g ${labels.join}`;
  const cutPage = (from: string) =>
    byName
      ? `SELECT * FROM (${named.replace('FROM g ', `FROM ${from} g `)}) n ORDER BY n.label ${direction}, n.row_id ${direction} LIMIT ${limit} OFFSET ${offset}`
      : `SELECT g.*, ${labels.label} AS label, ${labels.detail} AS detail FROM (SELECT g.* FROM ${from} g ORDER BY g.${order} ${direction}, g.row_id ${direction} LIMIT ${limit} OFFSET ${offset}) g ${labels.join}`;
  if (kind === 'trialBalance' && order === 'total') {
    // The first page sorted by balance is read off claim_aging_balance_idx; the totals off the sums.
    withSql = `WITH ${owed}, ${summed ? `${summedWith()}, ` : ''}
      t AS (SELECT ${summed ? `coalesce(sum(p.claims), 0)::int AS t_rows, ${sumsTotals} FROM summed p` : `count(*)::int AS t_rows, ${BUCKET_SUMS.replace(/ AS (\w+)/g, ' AS t_$1')} FROM owed p`}),
      cut AS (SELECT o.claim_id AS row_id, 'both' AS owed_by, o.bucket, o.cents, o.patient_cents FROM owed o
               ORDER BY o.cents ${direction}, o.claim_id ${direction} LIMIT ${limit} OFFSET ${offset}),
      g AS (${tbRow('cut')})`;
    pageSelect = named;
  } else if (kind === 'patient' && order === 'total') {
    // The patients' balances alone pick the page; only its patients' claims are aged in buckets.
    const paged = owedSql(input.agingType, `${where.sql} AND c.patient_id IN (SELECT row_id FROM cut)`, todayParam);
    withSql = `WITH per AS MATERIALIZED (SELECT c.patient_id AS row_id, sum(c.balance_cents) AS total FROM claim_aging c WHERE ${where.sql} GROUP BY c.patient_id),
      cut AS (SELECT per.row_id FROM per ORDER BY per.total ${direction}, per.row_id ${direction} LIMIT ${limit} OFFSET ${offset}),
      owed AS (${paged}), parts AS (${partsSql(kind)}),
      g AS (SELECT p.row_id, p.owed_by, ${BUCKET_SUMS} FROM parts p GROUP BY p.row_id, p.owed_by),
      ${
        summed
          ? `${summedWith()}, t AS (SELECT (SELECT count(*) FROM per)::int AS t_rows, ${sumsTotals} FROM summed p)`
          : `every AS (${owedSql(input.agingType, where.sql, todayParam)}),
             t AS (SELECT (SELECT count(*) FROM per)::int AS t_rows, ${BUCKET_SUMS.replace(/ AS (\w+)/g, ' AS t_$1')} FROM every p)`
      }`;
    pageSelect = named;
  } else if (summed && (kind === 'provider' || kind === 'insurance')) {
    withSql = `WITH ${summedWith()}, parts AS (${summedPartsSql(kind)}),
      g AS MATERIALIZED (SELECT p.row_id, p.owed_by, ${SUMMED_BUCKET_SUMS} FROM parts p GROUP BY p.row_id, p.owed_by HAVING sum(p.claims) <> 0),
      t AS (SELECT (SELECT count(*) FROM g)::int AS t_rows, ${kind === 'insurance' ? `${sumsTotals} FROM summed p` : `${SUM_OF_ROWS} FROM g p`})`;
    pageSelect = cutPage('g');
  } else {
    // A claim's row of the trial balance is the claim itself: nothing to group.
    const grouped =
      kind === 'trialBalance'
        ? tbRow('parts')
        : `SELECT p.row_id, p.owed_by, ${BUCKET_SUMS} FROM parts p GROUP BY p.row_id, p.owed_by`;
    // The totals add up the rows, or for aging by insurance the claims (a claim's two parts are one claim).
    const totalsSql = kind === 'insurance' ? BUCKET_SUMS.replace(/ AS (\w+)/g, ' AS t_$1') : SUM_OF_ROWS;
    withSql = `WITH ${owed},
          g AS ${kind === 'trialBalance' ? 'NOT MATERIALIZED' : 'MATERIALIZED'} (${grouped}),
          t AS (SELECT ${kind === 'trialBalance' ? 'count(*)' : '(SELECT count(*) FROM g)'}::int AS t_rows, ${totalsSql} FROM ${kind === 'insurance' ? 'owed' : 'g'} p)`;
    pageSelect = cutPage('g');
  }
  const rows = await q.query<GroupRow & { t_rows: number } & Record<`t_${keyof SumRow}`, number>>(
    `${withSql},
          pg AS (${pageSelect})
     SELECT pg.*, t.* FROM t LEFT JOIN pg ON true
     ORDER BY ${byName ? 'pg.label' : `pg.${order}`} ${direction}, pg.row_id ${direction}`,
    values,
  );
  const first = rows[0];
  const sums: SumRow = first
    ? {
        b0: first.t_b0,
        b1: first.t_b1,
        b2: first.t_b2,
        b3: first.t_b3,
        b4: first.t_b4,
        total: first.t_total,
        patient_cents: first.t_patient_cents,
        claim_count: first.t_claim_count,
      }
    : emptySums();
  return {
    ...base,
    total: first?.t_rows ?? 0,
    rows: rows.filter((row) => row.owed_by !== null).map((row) => rowOf(row)),
    totals: figuresOf(sums),
    claimIDs: null,
  };
}

/** The totals of grouped rows (alias p) added up, as t_ SELECT items. */
const SUM_OF_ROWS = `${AGING_BUCKETS.map((_, index) => `coalesce(sum(p.b${index}), 0)::bigint AS t_b${index}`).join(', ')},
         coalesce(sum(p.total), 0)::bigint AS t_total, coalesce(sum(p.patient_cents), 0)::bigint AS t_patient_cents,
         coalesce(sum(p.claim_count), 0)::int AS t_claim_count`;

function emptySums(): SumRow {
  return { b0: 0, b1: 0, b2: 0, b3: 0, b4: 0, total: 0, patient_cents: 0, claim_count: 0 };
}

function rowOf(row: GroupRow): AgingRow {
  return {
    rowID: row.row_id === null ? null : Number(row.row_id),
    owedBy: row.owed_by,
    label: row.label,
    detail: row.detail,
    ...figuresOf(row),
  };
}

/** A patient's claims with a balance, each aged, under the patient's row. */
export async function agingPatientCollapse(
  q: Queryable,
  scope: DataScope,
  input: AgingPatientCollapseInput,
  now: Date,
): Promise<AgingPatientCollapseReply> {
  const [patient] = await q.query<{ patientID: number }>(
    `SELECT p.patient_id AS "patientID" FROM patients p
      WHERE p.patient_id = $1 AND EXISTS (SELECT 1 FROM claims c WHERE c.patient_id = p.patient_id AND c.practice_id = ANY($2::bigint[]))`,
    [input.patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  const filter = {
    patientID: input.patientID,
    groupIDs: input.groupID === undefined ? undefined : String(input.groupID),
    agingType: input.agingType,
  };
  const reply = await agingReport(
    q,
    scope,
    'trialBalance',
    {
      ...filter,
      pageNumber: 1,
      pageSize: 500,
      sortColumn: 'label',
      sortOrder: 'asc',
      getAllData: input.getAllData,
      getOnlyIDS: 'false',
    },
    now,
  );
  return { patientID: input.patientID, currentIndex: input.currentIndex, rows: reply.rows };
}

/** The buckets in order, for a caller that walks them. */
export const BUCKET_ORDER = AGING_BUCKETS;
