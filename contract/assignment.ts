import { z } from 'zod';
import { numeric } from './scalars.ts';
import { claimFilterSchema } from './claims.ts';
import { BULK_CLAIM_IDS_LIMIT } from './notes.ts';
import { refusedClaimSchema } from './scrub.ts';
import { deferred } from './deferred.ts';

/**
 * Who works a claim: Claims/reassignClaim (one assignee, or none, for up to 20,000 claims),
 * Claims/addAssignees (a bulk run spreading the claims evenly over several users),
 * Claims/getAssigneeData and Repository/getAssignClaimTo (the users a claim may be given to: active,
 * with a data role that sees the claim's practice).
 */
export const ASSIGN_NOTE_LIMIT = 500;
/** The most users one addAssignees run spreads claims over. */
export const ASSIGNEES_PER_RUN_LIMIT = 50;
/** Refusals one reassign reply lists; the count is always complete. */
export const REFUSALS_LISTED = 1000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

const note = z
  .string()
  .trim()
  .max(ASSIGN_NOTE_LIMIT, `A note to the assignee takes at most ${ASSIGN_NOTE_LIMIT} characters.`)
  .optional()
  .transform((text) => (text === '' ? undefined : text));

const claimsOrQuery = {
  claimIDs: z
    .array(id)
    .min(1, 'Select at least one claim.')
    .max(BULK_CLAIM_IDS_LIMIT, `Reassign at most ${BULK_CLAIM_IDS_LIMIT.toLocaleString('en-US')} claims at once.`)
    .optional(),
  query: claimFilterSchema.optional(),
};
const oneOf = (body: { claimIDs?: unknown; query?: unknown }) =>
  (body.claimIDs === undefined) !== (body.query === undefined);
const ONE_OF = { message: 'Send either claimIDs or query, not both.' };

export const assigneeSchema = deferred(() =>
  z.object({
    userID: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** False when the user sees only some of the practices asked about: their claims elsewhere are refused. */
    coversAll: z.boolean(),
  }),
);
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneesReplySchema = deferred(() => z.object({ assignees: z.array(assigneeSchema) }));
export type AssigneesReply = z.infer<typeof assigneesReplySchema>;

/** Claims/getAssigneeData: for one claim, or without it for every practice of the caller's data role. */
export const assigneeQuerySchema = deferred(() => z.object({ claimID: queryId.optional() }).strict());
export type AssigneeQuery = z.input<typeof assigneeQuerySchema>;

/** Repository/getAssignClaimTo: the catalogue's clientID is the group. */
export const assignClaimToQuerySchema = deferred(() => z.object({ clientID: queryId }).strict());
export type AssignClaimToQuery = z.input<typeof assignClaimToQuerySchema>;

/**
 * Claims/reassignClaim: the claims listed, or every claim the search finds (at most 20,000 either
 * way), go to `assignedUserID`; null takes them off anyone's list. The note is for the assignee.
 */
export const reassignRequestSchema = deferred(() =>
  z
    .object({ ...claimsOrQuery, assignedUserID: id.nullable(), note })
    .strict()
    .refine(oneOf, ONE_OF),
);
export type ReassignRequest = z.input<typeof reassignRequestSchema>;
export type ReassignInput = z.output<typeof reassignRequestSchema>;

export const reassignReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    /** Claims whose assignee or note changed. */
    changed: z.number().int(),
    /** Claims that already had this assignee and note. */
    unchanged: z.number().int(),
    refusedCount: z.number().int(),
    /** The first REFUSALS_LISTED refusals, by claim ID. */
    refused: z.array(refusedClaimSchema),
  }),
);
export type ReassignReply = z.infer<typeof reassignReplySchema>;

/**
 * Claims/addAssignees: the claims are dealt out over the users, each claim to the user with the
 * fewest claims of this run so far among those who see its practice, so the shares differ by one
 * at most. A bulk run; the reply is the job to follow.
 */
export const addAssigneesRequestSchema = deferred(() =>
  z
    .object({
      ...claimsOrQuery,
      assignedUserIDs: z
        .array(id)
        .min(1, 'Choose at least one user.')
        .max(ASSIGNEES_PER_RUN_LIMIT, `Spread the claims over at most ${ASSIGNEES_PER_RUN_LIMIT} users.`)
        .refine((ids) => new Set(ids).size === ids.length, 'Each user once.'),
      note,
    })
    .strict()
    .refine(oneOf, ONE_OF),
);
export type AddAssigneesRequest = z.input<typeof addAssigneesRequestSchema>;
export type AddAssigneesInput = z.output<typeof addAssigneesRequestSchema>;
