import { z } from 'zod';
import { claimFilterSchema } from './claims.ts';
import { BULK_CLAIM_IDS_LIMIT } from './notes.ts';
import { deferred } from './deferred.ts';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Claims/addClaimsToChargeBatch (a call this product adds): the picked claims, or every claim the
 * search finds, go into one open charge batch. A bulk run; the reply is the job to follow.
 */
export const addClaimsToChargeBatchRequestSchema = deferred(() =>
  z
    .object({
      claimIDs: z
        .array(id)
        .min(1, 'Select at least one claim.')
        .max(BULK_CLAIM_IDS_LIMIT, `Add at most ${BULK_CLAIM_IDS_LIMIT.toLocaleString('en-US')} claims at once.`)
        .optional(),
      query: claimFilterSchema.optional(),
      chargeBatchID: id,
    })
    .strict()
    .refine((body) => (body.claimIDs === undefined) !== (body.query === undefined), {
      message: 'Send either claimIDs or query, not both.',
    }),
);
export type AddClaimsToChargeBatchRequest = z.input<typeof addClaimsToChargeBatchRequestSchema>;
export type AddClaimsToChargeBatchInput = z.output<typeof addClaimsToChargeBatchRequestSchema>;
