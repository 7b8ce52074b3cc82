import { z } from 'zod';
import { numeric } from './scalars.ts';
import { MAX_CLAIMS_PER_CALL, refusedClaimSchema } from './scrub.ts';
import { deferred } from './deferred.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const submitClaimsRequestSchema = deferred(() =>
  z
    .object({
      claimIDS: z
        .array(id)
        .min(1, 'Choose at least one claim.')
        .max(MAX_CLAIMS_PER_CALL, `At most ${MAX_CLAIMS_PER_CALL.toLocaleString('en-US')} claims at once.`),
    })
    .strict(),
);

export const submissionBatchSchema = deferred(() =>
  z.object({
    submissionBatchID: z.number().int(),
    payerName: z.string(),
    payerID: z.string(),
    transactionType: z.enum(['837P', '837I']),
    interchangeControlNumber: z.number().int(),
    fileName: z.string(),
    claimCount: z.number().int(),
    totalCents: z.number().int(),
    status: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    /** The clearinghouse the file went to, the name it was put under there and when; or why it did not go. */
    clearingHouseName: z.string().nullable(),
    sentFileName: z.string().nullable(),
    sentAt: z.string().nullable(),
    sendError: z.string().nullable(),
  }),
);
export type SubmissionBatch = z.infer<typeof submissionBatchSchema>;

export const submitClaimsReplySchema = deferred(() =>
  z.object({
    batches: z.array(submissionBatchSchema),
    submitted: z.array(z.number().int()),
    refused: z.array(refusedClaimSchema),
  }),
);
export type SubmitClaimsReply = z.infer<typeof submitClaimsReplySchema>;

export const submissionBatchesQuerySchema = deferred(() =>
  z
    .object({
      pageNumber: numeric(z.number().int().min(1)).default(1),
      pageSize: numeric(z.number().int().min(1).max(500)).default(100),
    })
    .strict(),
);
export const submissionBatchesReplySchema = deferred(() =>
  z.object({ total: z.number().int(), rows: z.array(submissionBatchSchema) }),
);
export type SubmissionBatchesReply = z.infer<typeof submissionBatchesReplySchema>;

export const submissionBatchDetailQuerySchema = deferred(() => z.object({ submissionBatchID: id }).strict());
export const submissionBatchClaimSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientName: z.string(),
    dosFrom: z.string(),
    totalCharges: z.number().int(),
    claimStatus: z.string(),
  }),
);
export const submissionBatchDetailReplySchema = deferred(() =>
  z.object({
    batch: submissionBatchSchema,
    claims: z.array(submissionBatchClaimSchema),
    /** The 837 file as it was sent. */
    content: z.string(),
  }),
);
export type SubmissionBatchDetail = z.infer<typeof submissionBatchDetailReplySchema>;
