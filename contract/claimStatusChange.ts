import { z } from 'zod';
import { isCalendarDate, numeric } from './scalars.ts';
import { CLAIM_STATUS, CLAIM_STATUS_NAMES, SCRUB_STATUS, SCRUB_STATUS_NAMES } from './claimStatus.ts';
import { MAX_CLAIMS_PER_CALL, refusedClaimSchema } from './scrub.ts';
import { deferred } from './deferred.ts';

/**
 * Claims/changeClaimStatus, updateClaimsStatus, changeClaimScrubStatus and
 * AddEditClaim/voidEncounterClaim: the status changes a biller makes by hand.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

const S = CLAIM_STATUS;

/**
 * The statuses a biller may set by hand, by the status the claim is in. Draft and Ready to Submit
 * follow from scrubbing and edits, Submitted from a submission, Paid and Partially Paid from
 * posted payments, and Void from "Void encounter" (which reverses the charges), so none of them
 * is a target here; Closed and Void are final.
 */
export const MANUAL_CLAIM_STATUS_CHANGES: Readonly<Record<number, readonly number[]>> = {
  [S.draft]: [S.patientBalance, S.closed],
  [S.readyToSubmit]: [S.patientBalance, S.closed],
  [S.submitted]: [S.acceptedByPayer, S.rejected, S.denied, S.patientBalance, S.closed],
  [S.acceptedByPayer]: [S.rejected, S.denied, S.patientBalance, S.closed],
  [S.rejected]: [S.denied, S.patientBalance, S.closed],
  [S.denied]: [S.patientBalance, S.closed],
  [S.partiallyPaid]: [S.denied, S.patientBalance, S.closed],
  [S.paid]: [S.patientBalance, S.closed],
  [S.patientBalance]: [S.closed],
  [S.closed]: [],
  [S.void]: [],
};

const claimStatusID = numeric(z.number().int()).refine(
  (value) => value in CLAIM_STATUS_NAMES,
  'Choose a claim status from the list.',
);

const note = z.string().trim().max(500, 'A note takes at most 500 characters.');

export const changeClaimStatusRequestSchema = deferred(() =>
  z.object({ claimID: id, claimStatusID, note: note.optional() }).strict(),
);
export type ChangeClaimStatusRequest = z.input<typeof changeClaimStatusRequestSchema>;

export const changeClaimStatusReplySchema = deferred(() =>
  z.object({ message: z.string(), claimID: z.number().int(), claimStatusID: z.number().int() }),
);
export type ChangeClaimStatusReply = z.infer<typeof changeClaimStatusReplySchema>;

export const updateClaimsStatusRequestSchema = deferred(() =>
  z
    .object({
      claimIDS: z
        .array(id)
        .min(1, 'Choose at least one claim.')
        .max(MAX_CLAIMS_PER_CALL, `At most ${MAX_CLAIMS_PER_CALL.toLocaleString('en-US')} claims at once.`),
      claimStatusID,
    })
    .strict(),
);
export type UpdateClaimsStatusRequest = z.input<typeof updateClaimsStatusRequestSchema>;

export const updateClaimsStatusReplySchema = deferred(() =>
  z.object({ updated: z.array(z.number().int()), refused: z.array(refusedClaimSchema) }),
);
export type UpdateClaimsStatusReply = z.infer<typeof updateClaimsStatusReplySchema>;

export const changeClaimScrubStatusRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      scrubStatusID: numeric(z.number().int()).refine(
        (value) => value in SCRUB_STATUS_NAMES,
        'Choose a scrub status from the list.',
      ),
    })
    .strict(),
);
export type ChangeClaimScrubStatusRequest = z.input<typeof changeClaimScrubStatusRequestSchema>;

export const changeClaimScrubStatusReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    claimID: z.number().int(),
    scrubStatusID: z.number().int(),
    claimStatusID: z.number().int(),
  }),
);
export type ChangeClaimScrubStatusReply = z.infer<typeof changeClaimScrubStatusReplySchema>;

/** The only scrub status set by hand: passing takes the scrubber, or a forceful pass of warnings. */
export const MANUAL_SCRUB_STATUS = SCRUB_STATUS.notScrubbed;

export { isCalendarDate };

const postingDate = z.string().trim().refine(isCalendarDate, 'Enter the posting date as YYYY-MM-DD, e.g. 2026-03-15.');

export const voidEncounterQuerySchema = deferred(() => z.object({ claimID: id, postingDate }).strict());
export type VoidEncounterQuery = z.input<typeof voidEncounterQuerySchema>;

export const voidEncounterReplySchema = deferred(() =>
  z.object({ message: z.string(), claimID: z.number().int(), voidedLines: z.number().int() }),
);
export type VoidEncounterReply = z.infer<typeof voidEncounterReplySchema>;

/** The detail of a 'status changed' or 'scrub status changed' DNA event. */
export interface StatusChangedDetail {
  fromID: number;
  toID: number;
  from: string;
  to: string;
  note?: string | null;
}
