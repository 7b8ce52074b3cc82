import { z } from 'zod';

/**
 * ERA (835) upload and the ERA profile list. The file travels as the request body (text), the
 * group and the file's name in the query, as the catalogue has it (`uploadERA`, groupID as query).
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The largest 835 accepted: a payer's daily file for a large group runs to a few megabytes. */
export const MAX_ERA_FILE_BYTES = 20 * 1024 * 1024;

export const uploadEraQuerySchema = z
  .object({
    groupID: id,
    fileName: z.string().trim().min(1, 'The file needs a name.').max(255, 'A file name is at most 255 characters.').default('remittance.835'),
  })
  .strict();
export type UploadEraQuery = z.infer<typeof uploadEraQuerySchema>;

export const uploadEraBodySchema = z.string({ error: 'Send the 835 file as the request body (text/plain).' }).min(1, 'The file is empty.');

export const eraImbalanceSchema = z.object({
  level: z.enum(['line', 'claim', 'check']),
  claimID: z.string().nullable(),
  lineNumber: z.number().nullable(),
  expectedCents: z.number(),
  paidCents: z.number(),
  differenceCents: z.number(),
  message: z.string(),
});

export const uploadedEraCheckSchema = z.object({
  eraCheckID: z.number(),
  traceNumber: z.string(),
  payerName: z.string(),
  totalPaid: z.number(),
  claims: z.number(),
  matchedClaims: z.number(),
  lines: z.number(),
  matchedLines: z.number(),
  balanced: z.boolean(),
  imbalances: z.array(eraImbalanceSchema),
});
export type UploadedEraCheck = z.infer<typeof uploadedEraCheckSchema>;

export const uploadEraReplySchema = z.object({ message: z.string(), eraID: z.number(), checks: z.array(uploadedEraCheckSchema) });
export type UploadEraReply = z.infer<typeof uploadEraReplySchema>;

export const ERA_CHECK_STATUSES = ['unposted', 'posted'] as const;

export const eraProfileQuerySchema = z
  .object({
    status: z.enum(ERA_CHECK_STATUSES).optional(),
    pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export type EraProfileQuery = z.infer<typeof eraProfileQuerySchema>;

export const eraProfileRowSchema = z.object({
  eraCheckID: z.number(),
  eraID: z.number(),
  fileName: z.string(),
  payerName: z.string(),
  payerIdentifier: z.string(),
  traceNumber: z.string(),
  paymentMethod: z.string(),
  checkDate: z.string().nullable(),
  totalPaid: z.number(),
  providerAdjustments: z.number(),
  claims: z.number(),
  unmatchedClaims: z.number(),
  balanced: z.boolean(),
  status: z.enum(ERA_CHECK_STATUSES),
  uploadedAt: z.string(),
});
export type EraProfileRow = z.infer<typeof eraProfileRowSchema>;

export const eraProfileReplySchema = z.object({
  eraPaymentStats: z.object({ checks: z.number(), unposted: z.number(), totalPaid: z.number(), unpostedPaid: z.number() }),
  eraPaymentData: z.array(eraProfileRowSchema),
});
export type EraProfileReply = z.infer<typeof eraProfileReplySchema>;

export const eraCheckIDSchema = z.object({ eraCheckID: id }).strict();

export const ERA_DELETED = 'ERA Successfully Deleted';
export const ERA_UPLOADED = 'ERA uploaded successfully.';
