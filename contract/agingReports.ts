import { z } from 'zod';
import { AGING_BUCKETS } from './claims.ts';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * The aging reports: aged trial balance (one row a claim), aging by insurance, by provider and by
 * patient, a patient's claims under their row. Each figure is a balance the ledger holds, aged in
 * five buckets (0-30, 31-60, 61-90, 91-120, 120+ days) from the claim's first date of service or
 * from the day its charges were posted (`agingType`). A claim's balance is split by who owes it
 * now: the lines the payer passed to the patient (and a self-pay claim's whole balance) are owed by
 * the patient, the rest by the payer the claim bills.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const cents = numeric(z.number())
  .refine(Number.isInteger, 'Amounts are whole cents.')
  .refine((value) => Math.abs(value) <= 1e12, 'The amount is too large.');
const flag = z.enum(['true', 'false'], { error: 'Use true or false.' });
/** Most ids one comma-joined list may name. */
const MAX_LISTED_IDS = 200;
const idList = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, `Use ${what} ids separated by commas, like 1,2.`)
    .refine((value) => value.split(',').length <= MAX_LISTED_IDS, `At most ${MAX_LISTED_IDS} ${what} ids.`);
const name = z.string().trim().max(60, 'At most 60 characters.');

export const AGING_TYPES = ['dos', 'posting'] as const;
export type AgingType = (typeof AGING_TYPES)[number];
export const AGING_TYPE_LABELS: Record<AgingType, string> = { dos: 'date of service', posting: 'posting date' };

export const AGING_REPORT_KINDS = ['trialBalance', 'insurance', 'provider', 'patient'] as const;
export type AgingReportKind = (typeof AGING_REPORT_KINDS)[number];

/** Columns a report's rows sort by: the row's name, a bucket, the total, the claims counted. */
export const AGING_SORT_COLUMNS = ['label', ...AGING_BUCKETS, 'total', 'claimCount'] as const;
export type AgingSortColumn = (typeof AGING_SORT_COLUMNS)[number];

/** Most rows a page holds: an export reads 100,000 rows in ten pages. */
export const AGING_MAX_PAGE_SIZE = 10_000;
/** Most rows one reply holds when `getAllData` asks for every row (an export reads them in one go). */
export const AGING_ALL_ROWS_LIMIT = 100_000;
/** Most claim ids `getOnlyIDS` answers: the claims list takes up to this many by id. */
export const AGING_DRILL_IDS_LIMIT = 200;

/** The report parameters the aging reports take (SPEC point 3), without paging. */
export const agingFilterShape = {
  /** Groups and practices as comma-joined lists: aged-balance reports take several of each. */
  groupIDs: idList('group').optional(),
  practiceIDs: idList('practice').optional(),
  facilityID: id.optional(),
  providerID: id.optional(),
  /** The payer billed. */
  insuranceID: id.optional(),
  patientID: id.optional(),
  patientFirstName: name.optional(),
  patientLastName: name.optional(),
  /** First date of service, from and to. */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  /** Claims with a ledger row posted in this range. */
  postingFrom: isoDate.optional(),
  postingTo: isoDate.optional(),
  /** The claim's balance, in cents. */
  fromBalance: cents.optional(),
  toBalance: cents.optional(),
  agingType: z.enum(AGING_TYPES, { error: 'Use dos or posting.' }).default('dos'),
};

type Ranges = Partial<Record<'fromDate' | 'toDate' | 'postingFrom' | 'postingTo', string>> &
  Partial<Record<'fromBalance' | 'toBalance', number>>;

function checkRanges(query: Ranges, ctx: z.RefinementCtx): void {
  const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (query.fromDate && query.toDate && query.fromDate > query.toDate)
    refuse('fromDate', 'The first date of service is after the last.');
  if (query.postingFrom && query.postingTo && query.postingFrom > query.postingTo)
    refuse('postingFrom', 'The first posting date is after the last.');
  if (query.fromBalance !== undefined && query.toBalance !== undefined && query.fromBalance > query.toBalance)
    refuse('fromBalance', 'The smallest balance is above the largest.');
}

const pagingShape = {
  pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
  pageSize: numeric(z.number().int().min(1).max(AGING_MAX_PAGE_SIZE)).default(100),
  sortColumn: z.enum(AGING_SORT_COLUMNS).default('total'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /** Every row at once (up to AGING_ALL_ROWS_LIMIT), for an export: paging is ignored. */
  getAllData: flag.default('false'),
  /** Only the ids of the claims behind a figure (a row, a bucket, or both), for a drill into the claims list. */
  getOnlyIDS: flag.default('false'),
  /** With getOnlyIDS: the row (its `rowID`; for aging by insurance, the payer, or none for the patients' row). */
  rowID: id.optional(),
  /** With getOnlyIDS, aging by insurance: the patients' row rather than a payer's. */
  owedBy: z.enum(['payer', 'patient']).optional(),
  /** With getOnlyIDS: the bucket. */
  bucket: z.enum(AGING_BUCKETS, { error: `Use one of ${AGING_BUCKETS.join(', ')}.` }).optional(),
};

export const agingReportQuerySchema = deferred(() =>
  z
    .object({ ...agingFilterShape, ...pagingShape })
    .strict()
    .superRefine(checkRanges),
);
export type AgingReportQuery = z.input<typeof agingReportQuerySchema>;
export type AgingReportInput = z.output<typeof agingReportQuerySchema>;

/** A patient's claims under their row of aging by patient. */
export const agingPatientCollapseQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      patientID: id,
      agingType: z.enum(AGING_TYPES, { error: 'Use dos or posting.' }).default('dos'),
      /** The patient's row on the screen, given back so the screen puts the claims under it. */
      currentIndex: numeric(z.number().int().min(0).max(1_000_000)).default(0),
      getAllData: flag.default('false'),
    })
    .strict(),
);
export type AgingPatientCollapseQuery = z.input<typeof agingPatientCollapseQuerySchema>;
export type AgingPatientCollapseInput = z.output<typeof agingPatientCollapseQuerySchema>;

/** Cents in each bucket; they add up to `total`. */
export const agingBucketsSchema = deferred(() =>
  z.object({
    '0-30': z.number().int(),
    '31-60': z.number().int(),
    '61-90': z.number().int(),
    '91-120': z.number().int(),
    '120+': z.number().int(),
  }),
);
export type AgingBuckets = z.infer<typeof agingBucketsSchema>;

export const agingRowSchema = deferred(() =>
  z.object({
    /** The claim (trial balance, a patient's claims), the payer, the provider or the patient; null for the patients' row of aging by insurance. */
    rowID: z.number().int().nullable(),
    /** Who owes this row's money: a payer, the patients, or both (a claim or a provider's whole balance). */
    owedBy: z.enum(['payer', 'patient', 'both']),
    label: z.string(),
    /** A second line: the payer and DOS of a claim, a patient's account number. */
    detail: z.string().nullable(),
    claimCount: z.number().int(),
    buckets: agingBucketsSchema,
    total: z.number().int(),
    /** Of the total, what the payers owe and what the patients owe. */
    insuranceCents: z.number().int(),
    patientCents: z.number().int(),
  }),
);
export type AgingRow = z.infer<typeof agingRowSchema>;

export const agingTotalsSchema = deferred(() =>
  z.object({
    claimCount: z.number().int(),
    buckets: agingBucketsSchema,
    total: z.number().int(),
    insuranceCents: z.number().int(),
    patientCents: z.number().int(),
  }),
);
export type AgingTotals = z.infer<typeof agingTotalsSchema>;

export const agingReportReplySchema = deferred(() =>
  z.object({
    /** Rows matching (all pages). */
    total: z.number().int(),
    rows: z.array(agingRowSchema),
    /** Every matching row added up, not only this page's. */
    totals: agingTotalsSchema,
    /** With getOnlyIDS: the claims behind the figure, at most AGING_DRILL_IDS_LIMIT; `claimCount` says how many there are. */
    claimIDs: z.array(z.number().int()).nullable(),
    /** The day the buckets are counted from. */
    asOf: z.string(),
    agingType: z.enum(AGING_TYPES),
    /** What each figure means, said in the report. */
    meaning: z.string(),
  }),
);
export type AgingReportReply = z.infer<typeof agingReportReplySchema>;

export const agingPatientCollapseReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    currentIndex: z.number().int(),
    rows: z.array(agingRowSchema),
  }),
);
export type AgingPatientCollapseReply = z.infer<typeof agingPatientCollapseReplySchema>;
