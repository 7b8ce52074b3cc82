import { z } from 'zod';
import { numeric } from './scalars.ts';
import { NOTE_TEXT_LIMIT } from './notes.ts';
import { deferred } from './deferred.ts';

/**
 * Reading and archiving notes: Claims/getNoteByID, AddEditClaim/getNotesByLineItemID (a charge
 * line's notes, or with claimID every note of the claim and its lines: the catalogue has no
 * other list of a claim's notes), AddEditClaim/archiveNotes, and AddEditClaim/saveSystemNotes
 * (one note on one claim, written at once rather than as a bulk run).
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** Fixed id of the 'System' note type (migration 0002). */
export const SYSTEM_NOTE_TYPE_ID = 6;

export const claimNoteSchema = deferred(() =>
  z.object({
    noteID: z.number().int(),
    claimID: z.number().int().nullable(),
    chargeID: z.number().int().nullable(),
    /** The charge line's number on its claim, when the note is on a line. */
    lineNumber: z.number().int().nullable(),
    noteTypeID: z.number().int(),
    noteType: z.string(),
    text: z.string(),
    archived: z.boolean(),
    createdBy: z.string().nullable(),
    /** ISO instant in UTC, to the second. */
    createdAt: z.string(),
  }),
);
export type ClaimNote = z.infer<typeof claimNoteSchema>;

export const noteIdQuerySchema = deferred(() => z.object({ noteID: queryId }).strict());
export type NoteIdQuery = z.input<typeof noteIdQuerySchema>;

export const notesQuerySchema = deferred(() =>
  z
    .object({
      chargeID: queryId.optional(),
      claimID: queryId.optional(),
      /** Archived notes are left out unless asked for. */
      includeArchived: z
        .enum(['true', 'false'], { error: 'Use true or false.' })
        .optional()
        .transform((value) => value === 'true'),
    })
    .strict()
    .refine((query) => (query.chargeID === undefined) !== (query.claimID === undefined), {
      message: 'Send either chargeID or claimID.',
    }),
);
export type NotesQuery = z.input<typeof notesQuerySchema>;

/** Newest first. */
export const notesReplySchema = deferred(() => z.object({ notes: z.array(claimNoteSchema) }));
export type NotesReply = z.infer<typeof notesReplySchema>;

export const archiveNoteRequestSchema = deferred(() => z.object({ noteID: id }).strict());
export type ArchiveNoteRequest = z.input<typeof archiveNoteRequestSchema>;

export const noteChangedReplySchema = deferred(() =>
  z.object({ message: z.string(), noteID: z.number().int(), claimID: z.number().int().nullable() }),
);
export type NoteChangedReply = z.infer<typeof noteChangedReplySchema>;

export const systemNoteRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      /** A line of the claim the note is about. */
      chargeID: id.optional(),
      noteTypeID: id.default(SYSTEM_NOTE_TYPE_ID),
      text: z
        .string()
        .trim()
        .min(1, 'Type the note.')
        .max(NOTE_TEXT_LIMIT, `A note takes at most ${NOTE_TEXT_LIMIT} characters.`),
    })
    .strict(),
);
export type SystemNoteRequest = z.input<typeof systemNoteRequestSchema>;
export type SystemNoteInput = z.output<typeof systemNoteRequestSchema>;
