/**
 * The aging reports as report-kit definitions: aged trial balance (a row a claim), aging by
 * insurance (a row a payer, one for the patients), by provider and by patient (a patient's
 * claims under their row). Every bucket and total opens the claims behind it.
 */
import {
  AGING_DRILL_IDS_LIMIT,
  AGING_MAX_PAGE_SIZE,
  AGING_SORT_COLUMNS,
  type AgingReportKind,
  type AgingReportQuery,
  type AgingRow,
  type AgingSortColumn,
} from '../../../contract/agingReports.ts';
import { AGING_BUCKETS, type AgingBucket, type ClaimFilter } from '../../../contract/claims.ts';
import { AGING_REPORT_PATH } from '../../routing/paths.ts';
import {
  paramsQuery,
  type DrillTarget,
  type ReportColumn,
  type ReportDefinition,
  type ReportParameter,
  type ReportParams,
} from '../reportKit/index.ts';
import { getAgingPatientClaims, getAgingReport } from './agingApi.ts';

/** A row of an aging report; `isClaim` marks a claim's row (trial balance, a patient's claims). */
export type AgingReportRow = AgingRow & { isClaim: boolean };

export const AGING_KIND_TITLES: Record<AgingReportKind, string> = {
  trialBalance: 'Aged trial balance',
  insurance: 'Aging by insurance',
  provider: 'Aging by provider',
  patient: 'Aging by patient',
};

const ROW_TITLES: Record<AgingReportKind, string> = {
  trialBalance: 'Patient',
  insurance: 'Owed by',
  provider: 'Provider',
  patient: 'Patient',
};

export const AGING_PARAMETERS: readonly ReportParameter[] = [
  {
    key: 'agingType',
    label: 'Aged by',
    kind: 'choice',
    choices: [
      { value: 'dos', label: 'Date of service' },
      { value: 'posting', label: 'Posting date' },
    ],
  },
  { key: 'groupIDs', label: 'Group IDs', kind: 'ids', hint: 'comma-joined, like 1,2' },
  { key: 'practiceIDs', label: 'Practice IDs', kind: 'ids', hint: 'comma-joined, like 1,2' },
  { key: 'facilityID', label: 'Facility ID', kind: 'id' },
  { key: 'providerID', label: 'Provider ID', kind: 'id' },
  { key: 'insuranceID', label: 'Payer ID', kind: 'id' },
  { key: 'patientID', label: 'Patient ID', kind: 'id' },
  { key: 'patientLastName', label: 'Last name', kind: 'text', hint: 'starts with' },
  { key: 'patientFirstName', label: 'First name', kind: 'text', hint: 'starts with' },
  { key: 'fromDate', label: 'DOS from', kind: 'date' },
  { key: 'toDate', label: 'DOS to', kind: 'date' },
  { key: 'postingFrom', label: 'Posted from', kind: 'date' },
  { key: 'postingTo', label: 'Posted to', kind: 'date' },
  { key: 'fromBalance', label: 'Balance from $', kind: 'dollars' },
  { key: 'toBalance', label: 'Balance to $', kind: 'dollars' },
];

const money = (id: string, title: string, value: (row: AgingReportRow) => number, width = 110) =>
  ({ id, title, width, kind: 'money', value, drills: true }) satisfies ReportColumn<AgingReportRow>;

function columnsOf(kind: AgingReportKind): ReportColumn<AgingReportRow>[] {
  return [
    { id: 'label', title: ROW_TITLES[kind], width: 230, kind: 'text', value: (row) => row.label, sortColumn: 'label' },
    {
      id: 'detail',
      title: kind === 'trialBalance' ? 'Claim' : 'Detail',
      width: 260,
      kind: 'text',
      value: (row) => row.detail,
    },
    {
      id: 'claimCount',
      title: 'Claims',
      width: 70,
      kind: 'integer',
      value: (row) => row.claimCount,
      sortColumn: 'claimCount',
    },
    ...AGING_BUCKETS.map((bucket) => ({ ...money(bucket, bucket, (row) => row.buckets[bucket]), sortColumn: bucket })),
    { ...money('total', 'Total', (row) => row.total, 120), sortColumn: 'total' },
    money('insuranceCents', 'Payers owe', (row) => row.insuranceCents),
    money('patientCents', 'Patients owe', (row) => row.patientCents),
  ];
}

function queryOf(params: ReportParams): AgingReportQuery {
  return paramsQuery(AGING_PARAMETERS, params);
}

const isBucket = (column: string): column is AgingBucket => (AGING_BUCKETS as readonly string[]).includes(column);
const isSort = (column: string): column is AgingSortColumn =>
  (AGING_SORT_COLUMNS as readonly string[]).includes(column);

/** The claims list's filters that come nearest to a figure too large to list by id. */
function nearestFilter(
  kind: AgingReportKind,
  row: AgingReportRow | null,
  bucket: AgingBucket | undefined,
  params: ReportParams,
): Partial<ClaimFilter> {
  const query = queryOf(params);
  const filter: Partial<ClaimFilter> = { ar: 'true' };
  const single = (list: string | undefined) => (list && /^\d+$/.test(list) ? Number(list) : undefined);
  const groupID = single(query.groupIDs);
  const practiceID = single(query.practiceIDs);
  if (groupID !== undefined) filter.groupID = groupID;
  if (practiceID !== undefined) filter.practiceID = practiceID;
  if (query.agingType !== 'posting' && bucket) filter.agingBucket = bucket;
  if (row?.rowID != null && row.owedBy !== 'patient') {
    if (kind === 'insurance') filter.insuranceID = row.rowID;
    if (kind === 'provider') filter.providerID = row.rowID;
    if (kind === 'patient') filter.patientID = row.rowID;
  }
  return filter;
}

async function drillOf(
  kind: AgingReportKind,
  row: AgingReportRow,
  columnId: string,
  params: ReportParams,
): Promise<DrillTarget | null> {
  const bucket = isBucket(columnId) ? columnId : undefined;
  const figure = bucket
    ? row.buckets[bucket]
    : columnId === 'insuranceCents'
      ? row.insuranceCents
      : columnId === 'patientCents'
        ? row.patientCents
        : row.total;
  if (figure === 0) return null;
  const where = [row.label, bucket ? `${bucket} days` : null].filter(Boolean).join(', ');
  if (row.isClaim && row.rowID !== null)
    return { filter: { claimIDs: String(row.rowID) }, labels: { claimIDs: `Claim ${row.rowID}` } };
  const totals = row.label === 'Totals' && row.rowID === null && row.owedBy === 'both';
  const reply = await getAgingReport(kind, {
    ...queryOf(params),
    getOnlyIDS: 'true',
    ...(bucket ? { bucket } : {}),
    ...(totals
      ? {}
      : row.owedBy === 'patient'
        ? { owedBy: 'patient' as const }
        : row.rowID !== null
          ? { rowID: row.rowID }
          : {}),
  });
  const ids = reply.claimIDs ?? [];
  const count = reply.totals.claimCount;
  if (count === 0 || ids.length === 0) return null;
  if (count <= AGING_DRILL_IDS_LIMIT)
    return { filter: { claimIDs: ids.join(',') }, labels: { claimIDs: `Aging: ${where}` } };
  return {
    filter: nearestFilter(kind, totals ? null : row, bucket, params),
    caveat: `${count.toLocaleString('en-US')} claims are behind this figure, more than the ${AGING_DRILL_IDS_LIMIT} the claims list takes by ID: it shows the claims with a balance by the nearest filters.`,
  };
}

/** The row parameters that the collapse call takes: any other filter asks the trial balance for the patient's claims instead. */
const COLLAPSE_KEYS = new Set(['agingType', 'groupIDs']);

async function patientClaims(
  row: AgingReportRow,
  params: ReportParams,
  signal: AbortSignal,
): Promise<AgingReportRow[]> {
  const patientID = row.rowID ?? 0;
  const query = queryOf(params);
  const onlyCollapse = Object.keys(query).every((key) => COLLAPSE_KEYS.has(key));
  const groupID = query.groupIDs && /^\d+$/.test(query.groupIDs) ? Number(query.groupIDs) : undefined;
  if (onlyCollapse && (query.groupIDs === undefined || groupID !== undefined)) {
    const reply = await getAgingPatientClaims(
      {
        patientID,
        ...(groupID === undefined ? {} : { groupID }),
        agingType: query.agingType ?? 'dos',
        getAllData: 'true',
      },
      { signal },
    );
    return reply.rows.map((claim) => ({ ...claim, isClaim: true }));
  }
  const reply = await getAgingReport(
    'trialBalance',
    { ...query, patientID, getAllData: 'true', sortColumn: 'label', sortOrder: 'asc' },
    { signal },
  );
  return reply.rows.map((claim) => ({ ...claim, isClaim: true }));
}

const TOTALS_LABEL = 'Totals';

function definitionOf(kind: AgingReportKind): ReportDefinition<AgingReportRow> {
  return {
    id: `aging-${kind}`,
    title: AGING_KIND_TITLES[kind],
    path: AGING_REPORT_PATH,
    parameters: AGING_PARAMETERS,
    defaults: { agingType: 'dos' },
    defaultSort: { column: 'total', order: 'desc' },
    columns: columnsOf(kind),
    exportPageSize: AGING_MAX_PAGE_SIZE,
    rowKey: (row) => `${row.owedBy}-${row.rowID ?? 'none'}`,
    fetchPage: async (params, page, signal) => {
      const reply = await getAgingReport(
        kind,
        {
          ...queryOf(params),
          pageNumber: page.pageNumber,
          pageSize: page.pageSize,
          sortColumn: isSort(page.sortColumn) ? page.sortColumn : 'total',
          sortOrder: page.sortOrder,
        },
        { signal, silent: signal.aborted },
      );
      return {
        total: reply.total,
        rows: reply.rows.map((row) => ({ ...row, isClaim: kind === 'trialBalance' })),
        totals: { ...reply.totals, rowID: null, owedBy: 'both', label: TOTALS_LABEL, detail: null, isClaim: false },
        note: reply.meaning,
      };
    },
    drill: (row, columnId, params) => drillOf(kind, row, columnId, params),
    ...(kind === 'patient'
      ? {
          expand: {
            canExpand: (row: AgingReportRow) => !row.isClaim && row.rowID !== null,
            children: patientClaims,
            noun: 'claims',
          },
        }
      : {}),
  };
}

/** One definition a kind, made once: the screen and the commands must hold the same object. */
export const AGING_DEFINITIONS: Record<AgingReportKind, ReportDefinition<AgingReportRow>> = {
  trialBalance: definitionOf('trialBalance'),
  insurance: definitionOf('insurance'),
  provider: definitionOf('provider'),
  patient: definitionOf('patient'),
};
