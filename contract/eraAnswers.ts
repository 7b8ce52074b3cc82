import { z } from 'zod';
import { numeric } from './scalars.ts';
import { eraClaimDetailSchema } from './era.ts';
import { deferred } from './deferred.ts';

/**
 * Claims/getERAProfileDataByID: every ERA answer to one of our claims (posted or not), newest
 * first, each with its check and its lines as the payer sent them. Claim vs ERA lines these up
 * with the claim's own charge lines.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const claimEraAnswersQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimEraAnswersQuery = z.infer<typeof claimEraAnswersQuerySchema>;

export const claimEraAnswerSchema = deferred(() =>
  z.object({
    eraID: z.number(),
    eraCheckID: z.number(),
    traceNumber: z.string(),
    payerName: z.string(),
    checkDate: z.string().nullable(),
    /** 'unposted' or 'posted'. */
    checkStatus: z.string(),
    balanced: z.boolean(),
    claim: eraClaimDetailSchema,
  }),
);
export type ClaimEraAnswer = z.infer<typeof claimEraAnswerSchema>;

export const claimEraAnswersReplySchema = deferred(() =>
  z.object({ claimID: z.number(), answers: z.array(claimEraAnswerSchema) }),
);
export type ClaimEraAnswersReply = z.infer<typeof claimEraAnswersReplySchema>;
