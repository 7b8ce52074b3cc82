import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

export const CLAIM_SORT_COLUMNS = ['claimID', 'patientName', 'dosFrom', 'claimStatus', 'balance'] as const;
export type ClaimSortColumn = (typeof CLAIM_SORT_COLUMNS)[number];

/** Rows per page at most: the grid asks for 100, exports and copies for 2,000 (fewer round trips). */
export const MAX_PAGE_SIZE = 2000;

const isoDate = calendarDate();
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
/**
 * A balance bound in cents; negative bounds find credit balances. Whole cents are checked by a
 * refinement, not .int(): a failed .int() reads like a missing value in the error reply.
 */
const balanceCents = numeric(z.number())
  .refine(Number.isInteger, 'Amounts are whole cents.')
  .refine((cents) => Math.abs(cents) <= 1e12, 'The amount is too large.');

/**
 * Aging buckets, in days since the claim's first date of service (not since it was sent): a
 * resubmission does not make old money look new, and a bucket is a range of `dos_from`, which
 * the list's indexes serve. Future dates of service count as 0-30.
 */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '91-120', '120+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Most statuses one `claimStatusIDs` may name (there are eleven). */
const MAX_STATUS_IDS = 20;
/** Most claims one `claimIDs` may name: a handful picked by hand, not a bulk run's list. */
export const MAX_LISTED_CLAIM_IDS = 200;

/**
 * The filters of the claims list, without paging or sort: what "all N matching" sends to a bulk
 * command or an export, so the server can run the same search again under the data role. Every
 * value is a string or a number, so the filter travels unchanged as a query string, in a bulk
 * run's stored query and in a saved search.
 */
export const claimFilterShape = {
  search: z.string().trim().max(100).optional(),
  groupID: id.optional(),
  practiceID: id.optional(),
  facilityID: id.optional(),
  providerID: id.optional(),
  /** The payer. */
  insuranceID: id.optional(),
  /** One patient's claims (the workspace's Patient | Claims | Ledger layout). */
  patientID: id.optional(),
  /** These claims only, comma-separated: "295,301" (Claim vs ERA opened on the claims the biller had open or picked). */
  claimIDs: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, 'Use claim IDs separated by commas, like 295,301.')
    .refine((value) => value.split(',').length <= MAX_LISTED_CLAIM_IDS, `At most ${MAX_LISTED_CLAIM_IDS} claim IDs.`)
    .optional(),
  claimStatusID: id.optional(),
  /** Several claim statuses, comma-separated: "5,6" (a status chip picks all of its category). */
  claimStatusIDs: z
    .string()
    .regex(/^\d{1,4}(,\d{1,4})*$/, 'Use claim status ids separated by commas, like 5,6.')
    .refine((value) => value.split(',').length <= MAX_STATUS_IDS, `At most ${MAX_STATUS_IDS} claim statuses.`)
    .optional(),
  scrubStatusID: id.optional(),
  submitStatusID: id.optional(),
  dosFrom: isoDate.optional(),
  dosTo: isoDate.optional(),
  /** Claims with a ledger row posted in this range. */
  postingFrom: isoDate.optional(),
  postingTo: isoDate.optional(),
  balanceMin: balanceCents.optional(),
  balanceMax: balanceCents.optional(),
  agingBucket: z.enum(AGING_BUCKETS, { error: `Use one of ${AGING_BUCKETS.join(', ')}.` }).optional(),
  assignedUserID: z.union([z.literal('unassigned'), id], { error: 'Use a user id or "unassigned".' }).optional(),
  /** A claim adjustment reason code (CARC) of a denial on the claim or an adjustment on its ERA. */
  denialReason: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'Use a claim adjustment reason code (CARC) such as 45, 197 or A1.')
    .optional(),
  /** Accounts receivable only: a balance above zero, neither void nor closed. */
  ar: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
};

type FilterRanges = Partial<
  Record<'dosFrom' | 'dosTo' | 'postingFrom' | 'postingTo', string> & Record<'balanceMin' | 'balanceMax', number>
>;

/** Refuses a range whose start lies after its end: such a search would quietly find nothing. */
export function checkFilterRanges(filter: FilterRanges, ctx: z.RefinementCtx): void {
  const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (filter.dosFrom && filter.dosTo && filter.dosFrom > filter.dosTo)
    refuse('dosFrom', 'The first date of service is after the last.');
  if (filter.postingFrom && filter.postingTo && filter.postingFrom > filter.postingTo)
    refuse('postingFrom', 'The first posting date is after the last.');
  if (filter.balanceMin !== undefined && filter.balanceMax !== undefined && filter.balanceMin > filter.balanceMax)
    refuse('balanceMin', 'The smallest balance is above the largest.');
}

export const claimFilterSchema = deferred(() => z.object(claimFilterShape).strict().superRefine(checkFilterRanges));
export type ClaimFilter = z.output<typeof claimFilterSchema>;
export type ClaimFilterField = keyof ClaimFilter;
export const CLAIM_FILTER_FIELDS = Object.keys(claimFilterShape) as ClaimFilterField[];

/** Query of getAllClaimsSearchData: a page of claims, sorted and filtered on the server. */
export const claimSearchQuerySchema = deferred(() =>
  z
    .object({
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(100),
      sortColumn: z.enum(CLAIM_SORT_COLUMNS).default('claimID'),
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
      ...claimFilterShape,
    })
    .strict()
    .superRefine(checkFilterRanges),
);
export type ClaimSearchQuery = z.input<typeof claimSearchQuerySchema>;
export type ClaimSearchParams = z.output<typeof claimSearchQuerySchema>;

export const claimSearchRowSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientID: z.number().int(),
    patientName: z.string(),
    accountNumber: z.string(),
    dosFrom: z.string(),
    dosTo: z.string(),
    practiceName: z.string(),
    providerName: z.string(),
    payerName: z.string().nullable(),
    claimStatus: z.string(),
    scrubStatus: z.string(),
    submitStatus: z.string(),
    totalCharges: z.number().int(),
    balance: z.number().int(),
    assignee: z.string().nullable(),
  }),
);
export type ClaimSearchRow = z.infer<typeof claimSearchRowSchema>;

export const claimSearchReplySchema = deferred(() =>
  z.object({ total: z.number().int(), rows: z.array(claimSearchRowSchema) }),
);
export type ClaimSearchReply = z.infer<typeof claimSearchReplySchema>;

/** Rows per request of the table variant: an export of 100,000 claims takes ten. */
export const MAX_TABLE_PAGE_SIZE = 10_000;

/**
 * Query of getAllClaimsSearchTableData, the table-search variant that exports read: the list's
 * filters and sort, and a cursor (`after`, the last claim of the previous page) instead of a page
 * number, so every page is a short index seek however deep.
 */
export const claimTableQuerySchema = deferred(() =>
  z
    .object({
      pageSize: numeric(z.number().int().min(1).max(MAX_TABLE_PAGE_SIZE)).default(MAX_TABLE_PAGE_SIZE),
      sortColumn: z.enum(CLAIM_SORT_COLUMNS).default('claimID'),
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
      after: id.optional(),
      ...claimFilterShape,
    })
    .strict()
    .superRefine(checkFilterRanges),
);
export type ClaimTableQuery = z.output<typeof claimTableQuerySchema>;

/**
 * One claim as an array, in this order; the names behind the ids travel once per page in `names`.
 * A third of the bytes of the list's objects, and the server sends what the database wrote.
 */
export type ClaimTableRow = [
  claimID: number,
  patientID: number,
  patientName: string,
  accountNumber: string,
  dosFrom: string,
  dosTo: string,
  practiceID: number,
  providerID: number,
  insuranceID: number | null,
  claimStatusID: number,
  scrubStatusID: number,
  submitStatusID: number,
  totalCharges: number,
  balance: number,
  assignedUserID: number | null,
];

/** Which positions hold what: 'i' whole number, 'n' whole number or null, 's' text. */
const TABLE_ROW_KINDS = 'iissssiininiiin';

/**
 * Checked by hand rather than by a zod tuple: the same checks, at 100,000 rows a tenth of the
 * time (a zod tuple took 300 ms of a 2-second export).
 */
function isClaimTableRow(value: unknown): value is ClaimTableRow {
  if (!Array.isArray(value) || value.length !== TABLE_ROW_KINDS.length) return false;
  for (let index = 0; index < TABLE_ROW_KINDS.length; index += 1) {
    const cell: unknown = value[index];
    const kind = TABLE_ROW_KINDS[index];
    if (kind === 's' ? typeof cell !== 'string' : !(Number.isSafeInteger(cell) || (kind === 'n' && cell === null)))
      return false;
  }
  return true;
}

export const claimTableRowSchema = z.custom<ClaimTableRow>(
  isClaimTableRow,
  'A claim row of the table variant is malformed.',
);

const namesById = deferred(() => z.record(z.string(), z.string()));

export const claimTableReplySchema = deferred(() =>
  z.object({
    total: z.number().int(),
    rows: z.array(claimTableRowSchema),
    names: z.object({ practices: namesById, providers: namesById, payers: namesById, users: namesById }),
  }),
);
export type ClaimTableReply = z.infer<typeof claimTableReplySchema>;
