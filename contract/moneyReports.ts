import { z } from 'zod';
import { FIGURE_KINDS } from './claimFinancial.ts';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * The money and activity reports, described as data: each report's parameters, columns, the
 * totals it adds up and how a row leads into the claims list. The server reads the same
 * descriptions to check a sort column and to know which columns to add up, and the screens
 * draw from them, so the two cannot disagree. Money is integer cents, read off the ledger.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const yesNo = z.enum(['true', 'false'], { error: 'Use true or false.' });

/** The ledger accounts a row counts in: the figure model's figures (a reversal in the figure of the row it reverses). */
export const LEDGER_ACCOUNTS = FIGURE_KINDS;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const LEDGER_ACCOUNT_TEXT: Readonly<Record<LedgerAccount, string>> = {
  charges: 'Charges',
  insurancePaid: 'Insurance payments',
  patientPaid: 'Patient payments',
  contractualAdjustments: 'Contractual adjustments',
  writeOffs: 'Write-offs',
  otherAdjustments: 'Other adjustments',
  refunds: 'Refunds',
};

/** Every parameter a report may take (SPEC point 3), each checked once here. */
const PARAM_SHAPE = {
  groupID: id.optional(),
  practiceID: id.optional(),
  facilityID: id.optional(),
  providerID: id.optional(),
  /** A place of service code, like 11 (office). */
  posID: z
    .string()
    .trim()
    .regex(/^\d{2}$/, 'A place of service is two digits, like 11.')
    .optional(),
  dosFrom: isoDate.optional(),
  dosTo: isoDate.optional(),
  postingFrom: isoDate.optional(),
  postingTo: isoDate.optional(),
  ledgerAccountID: z.enum(LEDGER_ACCOUNTS, { error: `Use one of ${LEDGER_ACCOUNTS.join(', ')}.` }).optional(),
  patientID: id.optional(),
  patientDOB: isoDate.optional(),
  patientFirstName: z.string().trim().min(1).max(60).optional(),
  patientLastName: z.string().trim().min(1).max(60).optional(),
};
export type ReportParam = keyof typeof PARAM_SHAPE;

/** What a report screen's parameters bar says of each. */
export const REPORT_PARAM_TEXT: Readonly<Record<ReportParam, string>> = {
  groupID: 'Group',
  practiceID: 'Practice',
  facilityID: 'Facility',
  providerID: 'Provider',
  posID: 'Place of service',
  dosFrom: 'DOS from',
  dosTo: 'DOS to',
  postingFrom: 'Posted from',
  postingTo: 'Posted to',
  ledgerAccountID: 'Ledger account',
  patientID: 'Patient ID',
  patientDOB: 'Date of birth',
  patientFirstName: 'First name',
  patientLastName: 'Last name',
};

export const MAX_REPORT_PAGE_SIZE = 500;
/** getAllData answers at most this many rows: what an export writes. */
export const MAX_REPORT_ROWS = 100_000;

export type ReportColumnKind = 'text' | 'date' | 'cents' | 'count';
export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** Added up over every row matching the parameters (not only the page). */
  total?: true;
}

/** What a row carries besides its columns, so it can lead into the claims list. */
export type DrillKey = 'claimID' | 'providerID' | 'insuranceID' | 'patientID' | 'month';

export interface MoneyReport {
  id: string;
  title: string;
  /** What the figures mean, in a line. */
  description: string;
  keywords: readonly string[];
  controller: 'Reports' | 'Claims';
  call: string;
  /** The catalogue's call has no time-out (a large payment report). */
  noTimeout?: true;
  params: readonly ReportParam[];
  columns: readonly ReportColumn[];
  sort: { column: string; order: 'asc' | 'desc' };
  drill: readonly DrillKey[];
  /** What getOnlyIDS lists. */
  ids: 'claim' | 'patient';
}

const ORG: readonly ReportParam[] = ['groupID', 'practiceID', 'facilityID', 'providerID', 'posID'];
const DATES: readonly ReportParam[] = ['dosFrom', 'dosTo', 'postingFrom', 'postingTo'];
const cents = (key: string, label: string): ReportColumn => ({ key, label, kind: 'cents', total: true });
const count = (key: string, label: string): ReportColumn => ({ key, label, kind: 'count', total: true });
const text = (key: string, label: string): ReportColumn => ({ key, label, kind: 'text' });
const date = (key: string, label: string): ReportColumn => ({ key, label, kind: 'date' });
/** The figure model's four: charges, paid (less refunds), adjusted, and what they leave. */
const FIGURES: readonly ReportColumn[] = [
  cents('charges', 'Charges'),
  cents('paid', 'Paid'),
  cents('adjusted', 'Adjusted'),
  cents('balance', 'Balance'),
];

export const MONEY_REPORTS = [
  {
    id: 'chargeDetail',
    title: 'Charge detail',
    description: 'Each charge line with what was paid and adjusted on it.',
    keywords: ['charges', 'lines', 'cpt', 'detail'],
    controller: 'Reports',
    call: 'getChargeDetailReport',
    params: [...ORG, ...DATES],
    columns: [
      { key: 'claimID', label: 'Claim', kind: 'count' },
      text('patientName', 'Patient'),
      date('dos', 'DOS'),
      text('cptCode', 'CPT'),
      text('modifiers', 'Modifiers'),
      count('units', 'Units'),
      text('providerName', 'Provider'),
      text('payerName', 'Payer'),
      ...FIGURES,
    ],
    sort: { column: 'dos', order: 'desc' },
    drill: ['claimID'],
    ids: 'claim',
  },
  {
    id: 'procedureHistory',
    title: 'Procedure transaction history',
    description: 'Every ledger row posted on a charge line, in posting order.',
    keywords: ['procedure', 'transactions', 'history', 'cpt', 'postings'],
    controller: 'Reports',
    call: 'getProcedureTransactionHistory',
    params: [...ORG, ...DATES],
    columns: [
      date('postingDate', 'Posted'),
      { key: 'claimID', label: 'Claim', kind: 'count' },
      text('patientName', 'Patient'),
      date('dos', 'DOS'),
      text('cptCode', 'CPT'),
      text('transaction', 'Transaction'),
      text('code', 'Code'),
      ...FIGURES,
    ],
    sort: { column: 'postingDate', order: 'desc' },
    drill: ['claimID'],
    ids: 'claim',
  },
  {
    id: 'planProcedureHistory',
    title: 'Plan procedure history',
    description: 'Each payer and procedure: the lines billed and what the plan paid.',
    keywords: ['plan', 'payer', 'procedure', 'cpt', 'insurance'],
    controller: 'Claims',
    call: 'getPlanProcedureChargesData',
    params: [...ORG, ...DATES],
    columns: [
      text('payerName', 'Payer'),
      text('cptCode', 'CPT'),
      count('lines', 'Lines'),
      cents('charges', 'Charges'),
      cents('insurancePaid', 'Plan paid'),
      cents('paid', 'Paid'),
      cents('adjusted', 'Adjusted'),
      cents('balance', 'Balance'),
    ],
    sort: { column: 'charges', order: 'desc' },
    drill: ['insuranceID'],
    ids: 'claim',
  },
  {
    id: 'claimActivityByProvider',
    title: 'Claim activity by provider',
    description: 'Each rendering provider: claims, lines and their money.',
    keywords: ['provider', 'activity', 'claims', 'productivity'],
    controller: 'Reports',
    call: 'getClaimActivityByProvider',
    params: [...ORG, ...DATES],
    columns: [text('providerName', 'Provider'), count('claims', 'Claims'), count('lines', 'Lines'), ...FIGURES],
    sort: { column: 'providerName', order: 'asc' },
    drill: ['providerID'],
    ids: 'claim',
  },
  {
    id: 'chargesPaymentsSummary',
    title: 'Charges and payments summary',
    description: 'Each month posted: charges, payments by source, adjustments, refunds and the change in balance.',
    keywords: ['summary', 'month', 'charges', 'payments', 'collections'],
    controller: 'Reports',
    call: 'getChargesPaymentsSummary',
    params: [...ORG, ...DATES],
    columns: [
      text('month', 'Month'),
      cents('charges', 'Charges'),
      cents('insurancePaid', 'Insurance paid'),
      cents('patientPaid', 'Patient paid'),
      cents('refunds', 'Refunds'),
      cents('adjusted', 'Adjusted'),
      cents('balance', 'Balance change'),
    ],
    sort: { column: 'month', order: 'desc' },
    drill: ['month'],
    ids: 'claim',
  },
  {
    id: 'paymentReport',
    title: 'Payment report',
    description: 'Every payment, deposit and refund posted, with where it came from.',
    keywords: ['payments', 'deposits', 'receipts', 'refunds', 'collections'],
    controller: 'Reports',
    call: 'getPaymentReportdata',
    noTimeout: true,
    params: [...ORG, ...DATES],
    columns: [
      date('postingDate', 'Posted'),
      text('transaction', 'Transaction'),
      text('source', 'From'),
      text('reference', 'Reference'),
      { key: 'claimID', label: 'Claim', kind: 'count' },
      text('patientName', 'Patient'),
      cents('paid', 'Paid'),
    ],
    sort: { column: 'postingDate', order: 'desc' },
    drill: ['claimID', 'patientID'],
    ids: 'claim',
  },
  {
    id: 'eraData',
    title: 'ERA data',
    description: 'Each remittance check: what the payer sent and what was posted from it.',
    keywords: ['era', '835', 'remittance', 'checks', 'eft'],
    controller: 'Reports',
    call: 'get_era_data',
    params: ['groupID', 'postingFrom', 'postingTo'],
    columns: [
      date('checkDate', 'Check date'),
      text('payerName', 'Payer'),
      text('traceNumber', 'Check / EFT'),
      text('status', 'Status'),
      count('claims', 'Claims'),
      cents('checkAmount', 'Check amount'),
      cents('posted', 'Posted'),
      cents('unposted', 'Not posted'),
    ],
    sort: { column: 'checkDate', order: 'desc' },
    drill: ['insuranceID'],
    ids: 'claim',
  },
  {
    id: 'advancePayments',
    title: 'Patient advance payments',
    description: 'Each deposit a patient paid ahead: applied, refunded and the credit left.',
    keywords: ['advance', 'deposit', 'prepayment', 'credit', 'patient'],
    controller: 'Reports',
    call: 'getPatientAdvancePaymentsReport',
    params: ['groupID', 'practiceID', ...DATES, 'patientID'],
    columns: [
      date('receivedOn', 'Received'),
      text('patientName', 'Patient'),
      text('accountNumber', 'Account'),
      date('dos', 'DOS'),
      text('method', 'Method'),
      text('status', 'Status'),
      cents('amount', 'Amount'),
      cents('applied', 'Applied'),
      cents('refunded', 'Refunded'),
      cents('unapplied', 'Credit left'),
    ],
    sort: { column: 'receivedOn', order: 'desc' },
    drill: ['patientID'],
    ids: 'patient',
  },
  {
    id: 'insuranceProfileByProvider',
    title: 'Insurance profile by provider',
    description: 'Each provider and payer: claims and their money.',
    keywords: ['insurance', 'payer', 'provider', 'mix', 'profile'],
    controller: 'Reports',
    call: 'getInsuranceProfileByProvider',
    params: [...ORG, ...DATES],
    columns: [
      text('providerName', 'Provider'),
      text('payerName', 'Payer'),
      count('claims', 'Claims'),
      cents('charges', 'Charges'),
      cents('insurancePaid', 'Insurance paid'),
      cents('paid', 'Paid'),
      cents('adjusted', 'Adjusted'),
      cents('balance', 'Balance'),
    ],
    sort: { column: 'providerName', order: 'asc' },
    drill: ['providerID', 'insuranceID'],
    ids: 'claim',
  },
  {
    id: 'claimBatchSubmit',
    title: 'Claim batch submit',
    description: 'Each submission batch sent: its claims and what has come of their money since.',
    keywords: ['submission', 'batch', '837', 'submitted', 'sent'],
    controller: 'Reports',
    call: 'getClaimBatchSubmitReport',
    params: [...ORG, ...DATES],
    columns: [
      date('submittedOn', 'Submitted'),
      { key: 'batchID', label: 'Batch', kind: 'count' },
      text('fileName', 'File'),
      text('payerName', 'Payer'),
      count('claims', 'Claims'),
      ...FIGURES,
    ],
    sort: { column: 'submittedOn', order: 'desc' },
    drill: ['insuranceID'],
    ids: 'claim',
  },
  {
    id: 'patientAccountingDetail',
    title: 'Patient accounting detail',
    description: 'Every ledger row of each patient, by ledger account.',
    keywords: ['patient', 'accounting', 'ledger', 'statement', 'detail'],
    controller: 'Reports',
    call: 'getPatientAccountingDetailReport',
    params: [
      'groupID',
      'practiceID',
      ...DATES,
      'ledgerAccountID',
      'patientID',
      'patientDOB',
      'patientFirstName',
      'patientLastName',
    ],
    columns: [
      text('patientName', 'Patient'),
      date('patientDOB', 'Date of birth'),
      text('accountNumber', 'Account'),
      date('postingDate', 'Posted'),
      { key: 'claimID', label: 'Claim', kind: 'count' },
      date('dos', 'DOS'),
      text('cptCode', 'CPT'),
      text('transaction', 'Transaction'),
      text('ledgerAccount', 'Ledger account'),
      ...FIGURES,
    ],
    sort: { column: 'patientName', order: 'asc' },
    drill: ['patientID', 'claimID'],
    ids: 'patient',
  },
  {
    id: 'ledgerAccount',
    title: 'Ledger account',
    description: 'Each ledger account: its rows, the amount, and its effect on the balance.',
    keywords: ['ledger', 'account', 'general ledger', 'trial', 'accounts'],
    controller: 'Reports',
    call: 'getLedgerAccount',
    params: [...ORG, ...DATES, 'ledgerAccountID'],
    columns: [
      text('ledgerAccount', 'Ledger account'),
      count('entries', 'Rows'),
      count('reversals', 'Reversals'),
      { key: 'amount', label: 'Amount', kind: 'cents' },
      cents('balance', 'Balance effect'),
    ],
    sort: { column: 'ledgerAccount', order: 'asc' },
    drill: [],
    ids: 'claim',
  },
] as const satisfies readonly MoneyReport[];

export type MoneyReportID = (typeof MONEY_REPORTS)[number]['id'];

export function moneyReport(reportID: MoneyReportID): MoneyReport {
  const report = MONEY_REPORTS.find((candidate) => candidate.id === reportID);
  if (!report) throw new Error(`No report ${reportID}`);
  return report;
}

/** The full query any of the reports may take; each report's own schema keeps only its parameters. */
export interface MoneyReportInput {
  groupID?: number;
  practiceID?: number;
  facilityID?: number;
  providerID?: number;
  posID?: string;
  dosFrom?: string;
  dosTo?: string;
  postingFrom?: string;
  postingTo?: string;
  ledgerAccountID?: LedgerAccount;
  patientID?: number;
  patientDOB?: string;
  patientFirstName?: string;
  patientLastName?: string;
  pageNumber: number;
  pageSize: number;
  sortColumn?: string;
  sortOrder?: 'asc' | 'desc';
  getAllData?: 'true' | 'false';
  getOnlyIDS?: 'true' | 'false';
}
export type MoneyReportQuery = Partial<Omit<MoneyReportInput, 'pageNumber' | 'pageSize'>> & {
  pageNumber?: number;
  pageSize?: number;
};

function checkRanges(query: Partial<Record<string, unknown>>, ctx: z.RefinementCtx): void {
  const before = (from: string, to: string, message: string) => {
    const first = query[from];
    const last = query[to];
    if (typeof first === 'string' && typeof last === 'string' && first > last)
      ctx.addIssue({ code: 'custom', path: [from], message });
  };
  before('dosFrom', 'dosTo', 'The first date of service is after the last.');
  before('postingFrom', 'postingTo', 'The first posting date is after the last.');
}

/** A report's query: only its parameters (anything else is refused), a sort column of its own. */
export function moneyReportQuerySchema(reportID: MoneyReportID) {
  return deferred(() => {
    const report = moneyReport(reportID);
    const shape: Record<string, z.ZodType> = {};
    for (const param of report.params) shape[param] = PARAM_SHAPE[param];
    const keys = report.columns.map((column) => column.key);
    return z
      .object({
        ...shape,
        pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
        pageSize: numeric(z.number().int().min(1).max(MAX_REPORT_PAGE_SIZE)).default(100),
        sortColumn: z.enum(keys as [string, ...string[]], { error: `Sort by one of ${keys.join(', ')}.` }).optional(),
        sortOrder: z.enum(['asc', 'desc'], { error: 'Use asc or desc.' }).optional(),
        getAllData: yesNo.optional(),
        getOnlyIDS: yesNo.optional(),
      })
      .strict()
      .superRefine(checkRanges) as unknown as z.ZodType<MoneyReportInput, MoneyReportQuery>;
  });
}

export const reportCellSchema = deferred(() => z.union([z.string(), z.number(), z.null()]));
export const moneyReportReplySchema = deferred(() =>
  z.object({
    /** The page asked for, or every row (up to MAX_REPORT_ROWS) with getAllData; each row's `rowKey` is unique in the report. */
    rows: z.array(z.record(z.string(), reportCellSchema)),
    totalRows: z.number().int(),
    /** Each totalled column over every row matching the parameters. */
    totals: z.record(z.string(), z.number().int()),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    /** With getOnlyIDS: the claims (or patients) of the rows, and no rows. */
    ids: z.array(z.number().int()).optional(),
    /** getAllData stopped at MAX_REPORT_ROWS. */
    truncated: z.boolean(),
  }),
);
export type MoneyReportReply = z.infer<typeof moneyReportReplySchema>;
export type ReportRow = MoneyReportReply['rows'][number];
