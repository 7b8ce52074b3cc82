/**
 * Runs a money or activity report: a page of its rows in the order asked (or every row, for an
 * export), the totals of its money columns over every row matching the parameters, or only the
 * ids of the claims (or patients) behind them. Limited to the caller's data role; the request's
 * repository writes the read's audit row.
 */
import {
  MAX_REPORT_ROWS,
  moneyReport,
  type MoneyReportID,
  type MoneyReportInput,
  type MoneyReportReply,
  type ReportRow,
} from '../../../../contract/moneyReports.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { Params } from '../../../db/params.ts';
import { reportSql } from './reportSql.ts';

const ID_KEYS = ['claimID', 'providerID', 'insuranceID', 'patientID', 'batchID'];

export async function runMoneyReport(
  q: Queryable,
  scope: DataScope,
  reportID: MoneyReportID,
  input: MoneyReportInput,
): Promise<MoneyReportReply> {
  const report = moneyReport(reportID);
  const page = { pageNumber: input.pageNumber, pageSize: input.pageSize };
  if (scope.practiceIds.length === 0)
    return {
      rows: [],
      totalRows: 0,
      totals: {},
      ...page,
      truncated: false,
      ...(input.getOnlyIDS === 'true' ? { ids: [] } : {}),
    };

  const p = new Params();
  const sql = reportSql(reportID, input, scope, p);
  if (input.getOnlyIDS === 'true') {
    const ids = await q.query<{ id: number | string }>(
      `SELECT id FROM (${sql.ids}) t ORDER BY id LIMIT ${MAX_REPORT_ROWS}`,
      p.values,
    );
    return {
      rows: [],
      totalRows: ids.length,
      totals: {},
      ...page,
      ids: ids.map((row) => Number(row.id)),
      truncated: false,
    };
  }

  const totalled = report.columns.filter((column) => column.total).map((column) => column.key);
  // The sort column is one of the report's own (the schema refused any other), so it can be quoted in.
  const sortColumn = input.sortColumn ?? report.sort.column;
  const order = (input.sortOrder ?? report.sort.order) === 'asc' ? 'ASC' : 'DESC';
  const all = input.getAllData === 'true';
  const limit = all ? MAX_REPORT_ROWS : input.pageSize;
  const offset = all ? 0 : (input.pageNumber - 1) * input.pageSize;
  // The page and the totals of every matching row in one statement: the rows are aggregated once.
  const windowTotals = totalled.map((key) => `, sum("${key}") OVER () AS "__total_${key}"`).join('');
  const rows = await q.query<Record<string, unknown>>(
    `SELECT r.*, count(*) OVER () AS "__rows"${windowTotals} FROM (${sql.rows}) r
      ORDER BY "${sortColumn}" ${order} NULLS LAST, "__key" ${order} LIMIT ${limit} OFFSET ${offset}`,
    p.values,
  );
  let sums: Record<string, unknown> | undefined = rows[0];
  const prefix = sums ? '__total_' : '';
  if (!sums) {
    // A page past the last row (or no rows at all) still says how many there are and what they add up to.
    [sums] = await q.query<Record<string, unknown>>(
      `SELECT count(*)::bigint AS "__rows"${totalled.map((key) => `, sum("${key}") AS "${key}"`).join('')} FROM (${sql.rows}) r`,
      p.values,
    );
  }
  const totalRows = Number(sums?.__rows ?? 0);
  const totals = Object.fromEntries(totalled.map((key) => [key, Number(sums?.[`${prefix}${key}`] ?? 0)]));

  const numeric = new Set([
    ...report.columns
      .filter((column) => column.kind === 'cents' || column.kind === 'count')
      .map((column) => column.key),
    ...ID_KEYS,
  ]);
  return {
    rows: rows.map((row) => {
      const out: ReportRow = { rowKey: String(row.__key) };
      for (const [key, value] of Object.entries(row)) {
        if (key.startsWith('__')) continue;
        // Columns are text, dates read as text, or numbers (bigint may arrive as text).
        const cell = value as string | number | null | undefined;
        out[key] = cell === null || cell === undefined ? null : numeric.has(key) ? Number(cell) : String(cell);
      }
      return out;
    }),
    totalRows,
    totals,
    pageNumber: all ? 1 : input.pageNumber,
    pageSize: all ? rows.length : input.pageSize,
    truncated: all && totalRows > MAX_REPORT_ROWS,
  };
}
