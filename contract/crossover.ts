import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/** A crossover claim: the same visit billed to the patient's next coverage once the primary payer has answered. */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const crossoverClaimRequestSchema = deferred(() => z.object({ claimID: id }).strict());
export type CrossoverClaimRequest = z.input<typeof crossoverClaimRequestSchema>;

export const createCrossoverReplySchema = deferred(() =>
  z.object({ message: z.string(), crossoverClaimID: z.number().int() }),
);
export type CreateCrossoverReply = z.infer<typeof createCrossoverReplySchema>;

/** What a crossover of the claim would bill, or (reason) why there can be none now. */
export const crossoverTypeReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    possible: z.boolean(),
    reason: z.string().nullable(),
    payerName: z.string().nullable(),
    insuranceID: z.number().int().nullable(),
    priority: z.number().int().nullable(),
    /** 'secondary' or 'tertiary', as billers say it. */
    rank: z.enum(['secondary', 'tertiary']).nullable(),
    existingCrossoverClaimID: z.number().int().nullable(),
  }),
);
export type CrossoverTypeReply = z.infer<typeof crossoverTypeReplySchema>;
