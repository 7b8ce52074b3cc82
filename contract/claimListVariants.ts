/**
 * The charge-level and IDs-only variants of getAllClaimsSearchData and getARClaimsSearchData (the
 * catalogue's "(variants)" row; the table-search variant is in claims.ts). Both take the claims
 * list's own filters, so a charge list or an id list always covers the claims the list shows.
 */
import { z } from 'zod';
import { numeric } from './scalars.ts';
import { CLAIM_SORT_COLUMNS, MAX_PAGE_SIZE, checkFilterRanges, claimFilterShape } from './claims.ts';
import { BULK_CLAIM_IDS_LIMIT } from './notes.ts';
import { deferred } from './deferred.ts';

const sortShape = {
  sortColumn: z.enum(CLAIM_SORT_COLUMNS).default('claimID'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};

/**
 * Query of getAllClaimsSearchChargeData / getARClaimsSearchChargeData: a page of charge lines of
 * the claims the filters find, in the claims' sort order and then by line number.
 */
export const claimChargeQuerySchema = deferred(() =>
  z
    .object({
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(100),
      ...sortShape,
      ...claimFilterShape,
    })
    .strict()
    .superRefine(checkFilterRanges),
);
export type ClaimChargeQuery = z.input<typeof claimChargeQuerySchema>;
export type ClaimChargeParams = z.output<typeof claimChargeQuerySchema>;

/** One charge line with the claim facts a biller reads beside it; money in cents. */
export const claimChargeRowSchema = deferred(() =>
  z.object({
    chargeID: z.number().int(),
    claimID: z.number().int(),
    lineNumber: z.number().int(),
    patientID: z.number().int(),
    patientName: z.string(),
    dosFrom: z.string(),
    dosTo: z.string(),
    cptCode: z.string(),
    /** Up to four, in order, without the empty ones. */
    modifiers: z.array(z.string()),
    units: z.number().int(),
    chargeAmount: z.number().int(),
    balance: z.number().int(),
    chargeStatus: z.enum(['active', 'hold', 'void']),
    claimStatus: z.string(),
    payerName: z.string().nullable(),
  }),
);
export type ClaimChargeRow = z.infer<typeof claimChargeRowSchema>;

export const claimChargeReplySchema = deferred(() =>
  z.object({ total: z.number().int(), rows: z.array(claimChargeRowSchema) }),
);
export type ClaimChargeReply = z.infer<typeof claimChargeReplySchema>;

/** Most ids getAllClaimsSearchClaimIDS lists: what one bulk run may name by id. */
export const MAX_LISTED_CLAIM_IDS = BULK_CLAIM_IDS_LIMIT;

/**
 * Query of getAllClaimsSearchClaimIDS / getARClaimsSearchClaimIDS: the claims the filters find, as
 * ids only, in the list's order. Refused (400) when more than MAX_LISTED_CLAIM_IDS match.
 */
export const claimIDsQuerySchema = deferred(() =>
  z
    .object({ ...sortShape, ...claimFilterShape })
    .strict()
    .superRefine(checkFilterRanges),
);
export type ClaimIDsQuery = z.input<typeof claimIDsQuerySchema>;
export type ClaimIDsParams = z.output<typeof claimIDsQuerySchema>;

export const claimIDsReplySchema = deferred(() =>
  z.object({ total: z.number().int(), claimIDS: z.array(z.number().int()) }),
);
export type ClaimIDsReply = z.infer<typeof claimIDsReplySchema>;
