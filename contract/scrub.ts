import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

const claimID = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
/** Most claims one scrub, pass or submit call takes; "all N matching" runs go through bulk jobs. */
export const MAX_CLAIMS_PER_CALL = 20_000;
const claimIDs = deferred(() =>
  z
    .array(claimID)
    .min(1, 'Choose at least one claim.')
    .max(MAX_CLAIMS_PER_CALL, `At most ${MAX_CLAIMS_PER_CALL.toLocaleString('en-US')} claims at once.`),
);

export const claimScrubRequestSchema = deferred(() => z.object({ claimID }).strict());
export const claimsScrubRequestSchema = deferred(() => z.object({ claimIDS: claimIDs }).strict());
export const claimScrubErrorsQuerySchema = deferred(() => z.object({ claimID }).strict());
export const forcefulPassRequestSchema = deferred(() =>
  z
    .object({
      claimIDS: claimIDs,
      reason: z.string().trim().min(1, 'Enter the reason for passing the claim with its warnings.').max(500),
    })
    .strict(),
);

export const scrubFindingSchema = deferred(() =>
  z.object({
    ruleID: z.string(),
    severity: z.enum(['error', 'warning']),
    /** A path into the claim: 'practice.npi', 'charges[2].modifiers', 'diagnoses[1]'. */
    field: z.string(),
    chargeID: z.number().int().nullable(),
    lineNumber: z.number().int().nullable(),
    message: z.string(),
    fix: z.string(),
    scrubbedAt: z.string(),
  }),
);
export type ScrubFinding = z.infer<typeof scrubFindingSchema>;

export const claimScrubSummarySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    scrubStatusID: z.number().int(),
    claimStatusID: z.number().int(),
    errors: z.number().int(),
    warnings: z.number().int(),
  }),
);
export type ClaimScrubSummary = z.infer<typeof claimScrubSummarySchema>;

export const claimsScrubReplySchema = deferred(() =>
  z.object({ claims: z.array(claimScrubSummarySchema), notFound: z.array(z.number().int()) }),
);
export type ClaimsScrubReply = z.infer<typeof claimsScrubReplySchema>;

export const claimScrubReplySchema = deferred(() =>
  z.object({ summary: claimScrubSummarySchema, findings: z.array(scrubFindingSchema) }),
);
export type ClaimScrubReply = z.infer<typeof claimScrubReplySchema>;

export const claimScrubErrorsReplySchema = deferred(() => z.object({ findings: z.array(scrubFindingSchema) }));
export type ClaimScrubErrorsReply = z.infer<typeof claimScrubErrorsReplySchema>;

export const refusedClaimSchema = deferred(() => z.object({ claimID: z.number().int(), reason: z.string() }));
export type RefusedClaim = z.infer<typeof refusedClaimSchema>;

export const forcefulPassReplySchema = deferred(() =>
  z.object({ passed: z.array(z.number().int()), refused: z.array(refusedClaimSchema) }),
);
export type ForcefulPassReply = z.infer<typeof forcefulPassReplySchema>;
