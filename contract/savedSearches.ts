import { z } from 'zod';
import { numeric } from './scalars.ts';
import { CLAIM_SORT_COLUMNS, claimFilterSchema } from './claims.ts';
import { deferred } from './deferred.ts';

/**
 * Saved searches (SavedReports/*): a user's named filter and sort for a screen, kept on the
 * server per user. The claims list is the one screen with saved searches so far; its parameters
 * are checked by the list's own filter schema when saved and again when read back, so a search
 * saved under older rules never reaches the list unchecked.
 */
export const CLAIMS_LIST_MODULE_URL = '/app/all-claims';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const MAX_LABELS = 30;

export const savedClaimSearchSchema = deferred(() =>
  z
    .object({
      filter: claimFilterSchema,
      sort: z.object({ column: z.enum(CLAIM_SORT_COLUMNS), order: z.enum(['asc', 'desc']) }).strict(),
      /** Names shown on the filter chips for the ids in the filter ("Payer: Aetna"); display only. */
      labels: z
        .record(z.string().max(40), z.string().max(200))
        .refine((labels) => Object.keys(labels).length <= MAX_LABELS, `At most ${MAX_LABELS} labels.`)
        .optional(),
    })
    .strict(),
);
export type SavedClaimSearch = z.output<typeof savedClaimSearchSchema>;

export const savedReportNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the saved search.')
  .max(100, 'At most 100 characters.');
const moduleUrl = z.literal(CLAIMS_LIST_MODULE_URL, {
  error: `Saved searches are kept for ${CLAIMS_LIST_MODULE_URL} only.`,
});

export const getSavedReportsQuerySchema = deferred(() => z.object({ moduleUrl }).strict());
export type GetSavedReportsQuery = z.input<typeof getSavedReportsQuerySchema>;

export const addSavedReportRequestSchema = deferred(() =>
  z.object({ moduleUrl, name: savedReportNameSchema, params: savedClaimSearchSchema }).strict(),
);
export type AddSavedReportRequest = z.input<typeof addSavedReportRequestSchema>;

export const editSavedReportRequestSchema = deferred(() =>
  z
    .object({ id, name: savedReportNameSchema.optional(), params: savedClaimSearchSchema.optional() })
    .strict()
    .refine(
      (body) => body.name !== undefined || body.params !== undefined,
      'Send a new name, new parameters, or both.',
    ),
);
export type EditSavedReportRequest = z.input<typeof editSavedReportRequestSchema>;

export const deleteSavedReportQuerySchema = deferred(() => z.object({ id }).strict());
export type DeleteSavedReportQuery = z.input<typeof deleteSavedReportQuerySchema>;

export const SAVED_SEARCH_NAME_TAKEN = 'A saved search with this name exists.';

export const savedReportSchema = deferred(() =>
  z.object({
    id: z.number().int(),
    moduleUrl: z.string(),
    name: z.string(),
    /** Null when the stored parameters no longer pass the list's rules: `problem` says why. */
    params: savedClaimSearchSchema.nullable(),
    problem: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type SavedReport = z.infer<typeof savedReportSchema>;

/** Newest first. */
export const savedReportsReplySchema = deferred(() => z.object({ reports: z.array(savedReportSchema) }));
export type SavedReportsReply = z.infer<typeof savedReportsReplySchema>;
