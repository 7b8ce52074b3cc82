import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Denial management. A denial is a ledger 'denial' row (posted from the ERA at 0: it says the
 * payer refused, it moves no money), so the amount denied is the charge of each denied line, or
 * the claim's total when the payer denied the whole claim.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();

export const denialReportQuerySchema = deferred(() =>
  z
    .object({
      practiceID: id.optional(),
      insuranceID: id.optional(),
      reasonCode: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{1,5}$/, 'A reason code is 1 to 5 letters or digits, like 16 or CO-16 without the group.')
        .optional(),
      dosFrom: isoDate.optional(),
      dosTo: isoDate.optional(),
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(500)).default(100),
    })
    .strict(),
);
export type DenialReportQuery = z.input<typeof denialReportQuerySchema>;
export type DenialReportInput = z.output<typeof denialReportQuerySchema>;

export const denialReasonSchema = deferred(() =>
  z.object({
    reasonCode: z.string(),
    description: z.string().nullable(),
    claimCount: z.number().int(),
    /** A line denied for two reasons counts under both. */
    deniedCents: z.number().int(),
  }),
);

/** The payers of the denials under the filters, so a screen can offer them as a filter. */
export const denialPayerSchema = deferred(() =>
  z.object({ insuranceID: z.number().int(), payerName: z.string(), claimCount: z.number().int() }),
);

export const deniedClaimSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientName: z.string(),
    insuranceID: z.number().int().nullable(),
    payerName: z.string().nullable(),
    dosFrom: z.string(),
    reasonCodes: z.array(z.string()),
    deniedCents: z.number().int(),
    balanceCents: z.number().int(),
  }),
);

export const denialReportReplySchema = deferred(() =>
  z.object({
    reasons: z.array(denialReasonSchema),
    payers: z.array(denialPayerSchema),
    totalClaims: z.number().int(),
    totalDeniedCents: z.number().int(),
    claims: z.array(deniedClaimSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type DenialReportReply = z.infer<typeof denialReportReplySchema>;

export const denialChargesQuerySchema = deferred(() => z.object({ claimID: id }).strict());

const codeSchema = deferred(() => z.object({ code: z.string(), description: z.string().nullable() }));

export const deniedLineSchema = deferred(() =>
  z.object({
    /** Null for a denial of the whole claim. */
    chargeID: z.number().int().nullable(),
    lineNumber: z.number().int().nullable(),
    cptCode: z.string().nullable(),
    modifiers: z.array(z.string()),
    deniedCents: z.number().int(),
    denials: z.array(
      z.object({
        groupCode: z.string().nullable(),
        reasonCode: z.string().nullable(),
        description: z.string().nullable(),
        postingDate: z.string(),
      }),
    ),
    remarks: z.array(codeSchema),
  }),
);

export const denialChargesReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), lines: z.array(deniedLineSchema), totalDeniedCents: z.number().int() }),
);
export type DenialChargesReply = z.infer<typeof denialChargesReplySchema>;
