import { z } from 'zod';
import { numeric } from './scalars.ts';
import { AGING_BUCKETS, claimSearchRowSchema } from './claims.ts';
import { deferred } from './deferred.ts';

/**
 * Replies of the claims list's side calls: the status chips (getAllClaimsSearchStatusCategories),
 * the AR aging sections (getARClaimsSectionData) and the claim ID hover (getClaimHoverInfo). The
 * first two take the list's filter (claimFilterSchema) and answer for the same claims.
 */
const count = z.number().int().min(0);
const cents = z.number().int();

/** Words for the categories of claim_statuses; an unknown category shows as it is stored. */
export const CLAIM_STATUS_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  open: 'Open',
  in_process: 'In process',
  action_needed: 'Action needed',
  closed: 'Closed',
};

export const claimStatusCategorySchema = deferred(() =>
  z.object({
    category: z.string(),
    label: z.string(),
    /** The statuses of the category: what a chip puts in the filter's claimStatusIDs. */
    claimStatusIDs: z.array(z.number().int()),
    count,
  }),
);
export type ClaimStatusCategory = z.infer<typeof claimStatusCategorySchema>;

/**
 * Counted with the filter's own status choice left out (claimStatusID, claimStatusIDs), so every
 * chip says how many claims picking it would show; the rest of the filter applies.
 */
export const claimStatusCategoriesReplySchema = deferred(() =>
  z.object({ total: count, categories: z.array(claimStatusCategorySchema) }),
);
export type ClaimStatusCategoriesReply = z.infer<typeof claimStatusCategoriesReplySchema>;

export const arBucketSchema = deferred(() => z.object({ bucket: z.enum(AGING_BUCKETS), count, balance: cents }));
export type ArBucket = z.infer<typeof arBucketSchema>;

/**
 * Accounts receivable by aging bucket under the filter (its own agingBucket left out, so all five
 * show), every bucket present even when empty; `asOf` is the server's day the ages count to.
 */
export const arSectionReplySchema = deferred(() =>
  z.object({
    asOf: z.string(),
    buckets: z.array(arBucketSchema),
    total: z.object({ count, balance: cents }),
  }),
);
export type ArSectionReply = z.infer<typeof arSectionReplySchema>;

export const claimHoverQuerySchema = deferred(() =>
  z.object({ claimID: numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) }).strict(),
);
export type ClaimHoverQuery = z.input<typeof claimHoverQuerySchema>;

/** Longest note text the hover carries; the claim's notes screen has the rest. */
export const HOVER_NOTE_CHARS = 200;

/** A claim's row of the list, and what a biller wants next about it. */
export const claimHoverInfoSchema = deferred(() =>
  claimSearchRowSchema.unwrap().extend({
    /** The newest note that is not archived, cut to HOVER_NOTE_CHARS. */
    lastNote: z.object({ text: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
    /** The newest entry of the claim's DNA log. */
    lastEvent: z
      .object({ action: z.string(), source: z.string(), at: z.string(), by: z.string().nullable() })
      .nullable(),
  }),
);
export type ClaimHoverInfo = z.infer<typeof claimHoverInfoSchema>;
