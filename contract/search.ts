import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * The palette's record jump (Repository/getSystemGlobalSearch) and its recents
 * (Repository/getGlobalSearchRecents, Users/addRecents). Every answer is limited by the server to
 * the practices of the user's data role.
 */
export const RECORD_TYPES = ['claim', 'patient'] as const;
export const recordTypeSchema = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof recordTypeSchema>;

export const GLOBAL_SEARCH_LIMIT = 20;

export const globalSearchQuerySchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().min(1, 'Type something to search for.').max(100, 'The search is too long.'),
    })
    .strict(),
);
export type GlobalSearchQuery = z.infer<typeof globalSearchQuerySchema>;

export const recordHitSchema = deferred(() =>
  z.object({
    type: recordTypeSchema,
    id: z.number().int(),
    /** What the biller recognises first: "Claim 1234", "SMITH, JANE". */
    label: z.string(),
    /** The line under it: patient and date of service, or account number and date of birth. */
    detail: z.string(),
  }),
);
export type RecordHit = z.infer<typeof recordHitSchema>;

export const globalSearchReplySchema = deferred(() =>
  z.object({ results: z.array(recordHitSchema).max(GLOBAL_SEARCH_LIMIT) }),
);
export type GlobalSearchReply = z.infer<typeof globalSearchReplySchema>;

const optionalId = numeric(z.number().int().positive()).optional();

/** The catalogue names `groupID` and `category`; both narrow the list, neither widens it. */
export const globalSearchRecentsQuerySchema = deferred(() =>
  z.object({ groupID: optionalId, category: recordTypeSchema.optional() }).strict(),
);
export type GlobalSearchRecentsQuery = z.infer<typeof globalSearchRecentsQuerySchema>;

export const addRecentsRequestSchema = deferred(() =>
  z.object({ type: recordTypeSchema, id: z.number().int().positive() }).strict(),
);
export type AddRecentsRequest = z.infer<typeof addRecentsRequestSchema>;

/**
 * AddEditClaim/saveGlobalSearchViewItems: the records the biller opened from the global search
 * (the header's dropdown or the palette), kept as their recents. Several at once (a list opened
 * record by record), each within the data role.
 */
export const saveGlobalSearchViewItemsRequestSchema = deferred(() =>
  z
    .object({
      items: z
        .array(z.object({ type: recordTypeSchema, id: z.number().int().positive() }).strict())
        .min(1, 'Name at least one record.')
        .max(20, 'At most 20 records at once.'),
    })
    .strict(),
);
export type SaveGlobalSearchViewItemsRequest = z.infer<typeof saveGlobalSearchViewItemsRequestSchema>;

export const saveGlobalSearchViewItemsReplySchema = deferred(() => z.object({ message: z.string() }));
export type SaveGlobalSearchViewItemsReply = z.infer<typeof saveGlobalSearchViewItemsReplySchema>;
