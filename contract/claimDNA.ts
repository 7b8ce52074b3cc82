import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/** Claims/getClaimDNAData: the claim's change log, who did what, when and from where. */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const claimDNAQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimDNAQuery = z.input<typeof claimDNAQuerySchema>;

export const claimEventSchema = deferred(() =>
  z.object({
    claimEventID: z.number().int(),
    /** What happened: 'scrubbed', 'submitted', 'charge edited', 'note.added', ... */
    action: z.string(),
    /** Where it came from: palette, hotkey, menu, button, bulk, api, system. */
    source: z.string(),
    /** "First Last" of the user; null for the system's own events. */
    userName: z.string().nullable(),
    /** ISO instant in UTC, to the second: 2026-03-15T12:00:00Z. */
    at: z.string(),
    /** What the action recorded; a charge edit's is { chargeID, lineNumber, changes: { field: { from, to } } }. */
    detail: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type ClaimEvent = z.infer<typeof claimEventSchema>;

/** Oldest first. */
export const claimDNAReplySchema = deferred(() => z.object({ events: z.array(claimEventSchema) }));
export type ClaimDNAReply = z.infer<typeof claimDNAReplySchema>;
