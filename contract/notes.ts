import { z } from 'zod';
import { claimFilterSchema } from './claims.ts';
import { deferred } from './deferred.ts';

/** Most claims one bulk run may name by id; larger runs send the query ("all N matching"). */
export const BULK_CLAIM_IDS_LIMIT = 20_000;
export const NOTE_TEXT_LIMIT = 4000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Claims/saveBulkNotes: one note on each claim, either the claims listed or every claim the
 * search finds (run again on the server, within the data role, when the job runs).
 */
export const bulkNotesRequestSchema = deferred(() =>
  z
    .object({
      claimIDs: z.array(id).min(1, 'Select at least one claim.').max(BULK_CLAIM_IDS_LIMIT).optional(),
      query: claimFilterSchema.optional(),
      noteTypeID: id,
      text: z.string().trim().min(1, 'Type the note.').max(NOTE_TEXT_LIMIT),
    })
    .strict()
    .refine((body) => (body.claimIDs === undefined) !== (body.query === undefined), {
      message: 'Send either claimIDs or query, not both.',
    }),
);
export type BulkNotesRequest = z.input<typeof bulkNotesRequestSchema>;

export const noteTypeSchema = deferred(() => z.object({ noteTypeID: z.number().int(), name: z.string() }));
export type NoteType = z.infer<typeof noteTypeSchema>;
export const noteTypesReplySchema = deferred(() => z.array(noteTypeSchema));
