/**
 * The money and activity reports as report screens: the contract's description of each report
 * (parameters, columns, totals, drill keys) turned into the report kit's definitions, and the
 * claims-list filter a figure leads to.
 */
import type { ClaimFilterField } from '../../../contract/claims.ts';
import {
  LEDGER_ACCOUNT_TEXT,
  LEDGER_ACCOUNTS,
  MONEY_REPORTS,
  REPORT_PARAM_TEXT,
  type MoneyReport,
  type MoneyReportID,
  type MoneyReportQuery,
  type ReportColumn as ContractColumn,
  type ReportParam,
  type ReportRow,
} from '../../../contract/moneyReports.ts';
import { MONEY_REPORT_PATHS } from '../../routing/paths.ts';
import type { ExportKind } from '../../export/exportColumns.ts';
import type {
  DrillTarget,
  PageRequest,
  ReportColumn,
  ReportDefinition,
  ReportPage,
  ReportParameter,
  ReportParams,
} from '../reportKit/index.ts';
import { getMoneyReport } from './moneyReportsApi.ts';

export type MoneyReportDefinition = ReportDefinition<ReportRow> & {
  reportID: MoneyReportID;
  description: string;
  keywords: readonly string[];
};

const ID_PARAMS: ReadonlySet<ReportParam> = new Set(['groupID', 'practiceID', 'facilityID', 'providerID', 'patientID']);
const DATE_PARAMS: ReadonlySet<ReportParam> = new Set(['dosFrom', 'dosTo', 'postingFrom', 'postingTo', 'patientDOB']);

function parameterOf(report: MoneyReport, key: ReportParam): ReportParameter {
  const label = REPORT_PARAM_TEXT[key];
  if (key === 'ledgerAccountID')
    return {
      key,
      label,
      kind: 'choice',
      choices: [
        { value: '', label: 'All ledger accounts' },
        ...LEDGER_ACCOUNTS.map((account) => ({ value: account, label: LEDGER_ACCOUNT_TEXT[account] })),
      ],
    };
  if (ID_PARAMS.has(key)) return { key, label, kind: 'id' };
  if (DATE_PARAMS.has(key)) {
    // The ERA report picks checks by their check date, the batch report batches by the day sent.
    const from = key === 'postingFrom';
    if (key.startsWith('posting') && report.id === 'eraData')
      return { key, label: from ? 'Check date from' : 'Check date to', kind: 'date', hint: 'The day the payer paid' };
    if (key.startsWith('posting') && report.id === 'claimBatchSubmit')
      return { key, label: from ? 'Sent from' : 'Sent to', kind: 'date', hint: 'The day the batch was sent' };
    return { key, label, kind: 'date' };
  }
  return { key, label, kind: 'text', ...(key === 'posID' ? { hint: 'Two digits, like 11 (office)' } : {}) };
}

const KIND: Readonly<Record<ContractColumn['kind'], ExportKind>> = {
  text: 'text',
  date: 'date',
  cents: 'money',
  count: 'integer',
};
const WIDTH: Readonly<Record<ContractColumn['kind'], number>> = { text: 170, date: 96, cents: 108, count: 72 };
/** Text columns whose values are short codes or long descriptions. */
const TEXT_WIDTH: Readonly<Record<string, number>> = {
  cptCode: 64,
  modifiers: 80,
  code: 72,
  month: 80,
  status: 90,
  method: 80,
  accountNumber: 90,
  traceNumber: 120,
  transaction: 210,
  ledgerAccount: 170,
  patientName: 160,
  providerName: 150,
  payerName: 170,
};

function columnOf(report: MoneyReport, column: ContractColumn): ReportColumn<ReportRow> {
  return {
    id: column.key,
    title: column.label,
    width: TEXT_WIDTH[column.key] ?? WIDTH[column.kind],
    kind: KIND[column.kind],
    value: (row) => row[column.key] ?? null,
    sortColumn: column.key,
    // A figure leads to its claims when the row says which claims they are.
    drills: report.drill.length > 0 && (column.kind === 'cents' || column.kind === 'count') ? true : undefined,
  };
}

/** The screen's parameters (text as typed) as the call's query: ids and dates as the server reads them. */
export function queryOf(report: MoneyReport, params: ReportParams): MoneyReportQuery {
  const query: Record<string, string | number> = {};
  for (const key of report.params) {
    const value = params[key]?.trim();
    if (!value) continue;
    query[key] = ID_PARAMS.has(key) && /^\d{1,15}$/.test(value) ? Number(value) : value;
  }
  // The server checks every value again and names a wrong one.
  return query;
}

const CLAIM_FILTER_PARAMS = [
  'groupID',
  'practiceID',
  'facilityID',
  'providerID',
  'patientID',
  'dosFrom',
  'dosTo',
  'postingFrom',
  'postingTo',
] as const satisfies readonly (ReportParam & ClaimFilterField)[];

/** The last day of a month 'YYYY-MM'. */
function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
const earlier = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

/**
 * The claims behind a row's figures: the report's parameters that the claims list also has, and
 * what the row stands for (its claim, provider, payer, patient or month). What the list cannot
 * filter by is said in a caveat, never dropped silently.
 */
export function drillTarget(report: MoneyReport, row: ReportRow | null, params: ReportParams): DrillTarget | null {
  const filter: Record<string, string | number> = {};
  const labels: Partial<Record<ClaimFilterField, string>> = {};
  for (const key of CLAIM_FILTER_PARAMS) {
    const value = params[key]?.trim();
    if (!value) continue;
    filter[key] = ID_PARAMS.has(key) ? Number(value) : value;
  }
  const unfiltered: string[] = [];
  if (params.posID) unfiltered.push('place of service');
  if (params.ledgerAccountID) unfiltered.push('ledger account');
  if (params.patientFirstName || params.patientLastName || params.patientDOB)
    unfiltered.push('patient name or birth date');
  if (report.id === 'eraData') {
    // The ERA's dates are check dates, not posting dates of the claims.
    delete filter.postingFrom;
    delete filter.postingTo;
  }
  if (row) {
    const number = (key: string) => (typeof row[key] === 'number' ? row[key] : null);
    const claimID = number('claimID');
    if (report.drill.includes('claimID') && claimID !== null) {
      return { filter: { claimIDs: String(claimID) }, labels: { claimIDs: `Claim ${claimID}` } };
    }
    const providerID = number('providerID');
    if (report.drill.includes('providerID') && providerID !== null) {
      filter.providerID = providerID;
      if (typeof row.providerName === 'string') labels.providerID = row.providerName;
    }
    const insuranceID = number('insuranceID');
    if (report.drill.includes('insuranceID') && insuranceID !== null) {
      filter.insuranceID = insuranceID;
      if (typeof row.payerName === 'string') labels.insuranceID = row.payerName;
    }
    const patientID = number('patientID');
    if (report.drill.includes('patientID') && patientID !== null) {
      filter.patientID = patientID;
      if (typeof row.patientName === 'string') labels.patientID = row.patientName;
    }
    if (report.drill.includes('month') && typeof row.month === 'string') {
      filter.postingFrom = later(params.postingFrom, `${row.month}-01`);
      filter.postingTo = earlier(params.postingTo, monthEnd(row.month));
    }
    if (report.id === 'planProcedureHistory') unfiltered.push('procedure code');
    if (report.id === 'eraData') unfiltered.push('the check (every claim of its payer is listed)');
    if (report.id === 'claimBatchSubmit') unfiltered.push('the batch (every claim of its payer is listed)');
  }
  if (Object.keys(filter).length === 0 && row === null) return null;
  return {
    filter: filter,
    labels,
    ...(unfiltered.length > 0
      ? {
          caveat: `The claims list cannot filter by ${unfiltered.join(', ')}: it shows more claims than the figure counts.`,
        }
      : {}),
  };
}

function definitionOf(report: MoneyReport): MoneyReportDefinition {
  const reportID = report.id as MoneyReportID;
  const columns = report.columns.map((column) => columnOf(report, column));
  return {
    id: `money.${report.id}`,
    reportID,
    title: report.title,
    description: report.description,
    keywords: report.keywords,
    path: MONEY_REPORT_PATHS[reportID],
    parameters: report.params.map((key) => parameterOf(report, key)),
    defaults: {},
    defaultSort: report.sort,
    columns,
    exportPageSize: 500,
    rowKey: (row) => String(row.rowKey ?? JSON.stringify(row)),
    fetchPage: async (params: ReportParams, page: PageRequest, signal: AbortSignal): Promise<ReportPage<ReportRow>> => {
      const reply = await getMoneyReport(
        reportID,
        {
          ...queryOf(report, params),
          pageNumber: page.pageNumber,
          pageSize: page.pageSize,
          sortColumn: page.sortColumn,
          sortOrder: page.sortOrder,
        },
        { signal, silent: true, background: true },
      );
      const totals: ReportRow | null =
        Object.keys(reply.totals).length === 0 ? null : { ...reply.totals, rowKey: 'totals' };
      return { total: reply.totalRows, rows: reply.rows, totals, note: report.description };
    },
    drill: (row, _columnId, params) =>
      Promise.resolve(drillTarget(report, row.rowKey === 'totals' ? null : row, params)),
  };
}

export const MONEY_REPORT_DEFINITIONS: readonly MoneyReportDefinition[] = MONEY_REPORTS.map(definitionOf);

export function moneyReportDefinition(reportID: MoneyReportID): MoneyReportDefinition {
  const definition = MONEY_REPORT_DEFINITIONS.find((candidate) => candidate.reportID === reportID);
  if (!definition) throw new Error(`No report ${reportID}`);
  return definition;
}
