import { z } from 'zod';

export const CLAIM_SORT_COLUMNS = ['claimID', 'patientName', 'dosFrom', 'claimStatus', 'balance'] as const;
export type ClaimSortColumn = (typeof CLAIM_SORT_COLUMNS)[number];

/** Rows per page at most: the grid asks for 100, exports and copies for 2,000 (fewer round trips). */
export const MAX_PAGE_SIZE = 2000;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.');
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The filters of the claims list, without paging or sort: what "all N matching" sends to a bulk
 * command or an export, so the server can run the same search again under the data role.
 */
export const claimFilterShape = {
  search: z.string().trim().max(100).optional(),
  claimStatusID: id.optional(),
  practiceID: id.optional(),
  /** One patient's claims (the workspace's Patient | Claims | Ledger layout). */
  patientID: id.optional(),
  dosFrom: isoDate.optional(),
  dosTo: isoDate.optional(),
};
export const claimFilterSchema = z.object(claimFilterShape).strict();
export type ClaimFilter = z.output<typeof claimFilterSchema>;

/** Query of getAllClaimsSearchData: a page of claims, sorted and filtered on the server. */
export const claimSearchQuerySchema = z
  .object({
    pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
    sortColumn: z.enum(CLAIM_SORT_COLUMNS).default('claimID'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
    ...claimFilterShape,
  })
  .strict();
export type ClaimSearchQuery = z.input<typeof claimSearchQuerySchema>;
export type ClaimSearchParams = z.output<typeof claimSearchQuerySchema>;

export const claimSearchRowSchema = z.object({
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
});
export type ClaimSearchRow = z.infer<typeof claimSearchRowSchema>;

export const claimSearchReplySchema = z.object({ total: z.number().int(), rows: z.array(claimSearchRowSchema) });
export type ClaimSearchReply = z.infer<typeof claimSearchReplySchema>;
