import { z } from 'zod';
import { isCalendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * ERA (835) upload and the ERA profile list. The file travels as the request body (text), the
 * group and the file's name in the query, as the catalogue has it (`uploadERA`, groupID as query).
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** The largest 835 accepted: a payer's daily file for a large group runs to a few megabytes. */
export const MAX_ERA_FILE_BYTES = 20 * 1024 * 1024;

export const uploadEraQuerySchema = deferred(() =>
  z
    .object({
      groupID: id,
      fileName: z
        .string()
        .trim()
        .min(1, 'The file needs a name.')
        .max(255, 'A file name is at most 255 characters.')
        .default('remittance.835'),
    })
    .strict(),
);
export type UploadEraQuery = z.infer<typeof uploadEraQuerySchema>;

export const uploadEraBodySchema = z
  .string({ error: 'Send the 835 file as the request body (text/plain).' })
  .min(1, 'The file is empty.');

export const eraImbalanceSchema = deferred(() =>
  z.object({
    level: z.enum(['line', 'claim', 'check']),
    claimID: z.string().nullable(),
    lineNumber: z.number().nullable(),
    expectedCents: z.number(),
    paidCents: z.number(),
    differenceCents: z.number(),
    message: z.string(),
  }),
);

export const uploadedEraCheckSchema = deferred(() =>
  z.object({
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
  }),
);
export type UploadedEraCheck = z.infer<typeof uploadedEraCheckSchema>;

export const uploadEraReplySchema = deferred(() =>
  z.object({ message: z.string(), eraID: z.number(), checks: z.array(uploadedEraCheckSchema) }),
);
export type UploadEraReply = z.infer<typeof uploadEraReplySchema>;

/** 'partial': some claims posted, the others wait in the queue to be linked and posted. */
export const ERA_CHECK_STATUSES = ['unposted', 'partial', 'posted'] as const;

export const eraProfileQuerySchema = deferred(() =>
  z
    .object({
      status: z.enum(ERA_CHECK_STATUSES).optional(),
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(500)).default(100),
    })
    .strict(),
);
export type EraProfileQuery = z.infer<typeof eraProfileQuerySchema>;

export const eraProfileRowSchema = deferred(() =>
  z.object({
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
    /** Claims not posted yet: unmatched, or held back when the others posted. */
    unpostedClaims: z.number(),
    balanced: z.boolean(),
    status: z.enum(ERA_CHECK_STATUSES),
    uploadedAt: z.string(),
  }),
);
export type EraProfileRow = z.infer<typeof eraProfileRowSchema>;

export const eraProfileReplySchema = deferred(() =>
  z.object({
    eraPaymentStats: z.object({
      checks: z.number(),
      unposted: z.number(),
      totalPaid: z.number(),
      unpostedPaid: z.number(),
    }),
    eraPaymentData: z.array(eraProfileRowSchema),
  }),
);
export type EraProfileReply = z.infer<typeof eraProfileReplySchema>;

export const eraCheckIDSchema = deferred(() => z.object({ eraCheckID: id }).strict());

export const ERA_DELETED = 'ERA Successfully Deleted';
export const ERA_UPLOADED = 'ERA uploaded successfully.';

/** getERAFullDetail: an uploaded ERA (file) with every check, claim and line, or only the claims asked for. */
export const eraFullDetailQuerySchema = deferred(() =>
  z
    .object({
      eraID: id,
      eraClaimIDS: z
        .string()
        .trim()
        .regex(/^\d+(,\d+)*$/, 'eraClaimIDS is a comma-separated list of ERA claim IDs.')
        .transform((value) => value.split(',').map(Number))
        .optional(),
    })
    .strict(),
);
export type EraFullDetailQuery = z.infer<typeof eraFullDetailQuerySchema>;

/** `treatment`: how the adjustment posts (contract/postingRules.ts): written off, the patient's, or informational. */
const eraAdjustmentDetailSchema = deferred(() =>
  z.object({
    group: z.string(),
    reason: z.string(),
    description: z.string().nullable(),
    amount: z.number(),
    quantity: z.number().nullable(),
    treatment: z.enum(['write_off', 'patient', 'informational']),
  }),
);
const eraRemarkDetailSchema = deferred(() => z.object({ code: z.string(), description: z.string().nullable() }));

export const eraLineDetailSchema = deferred(() =>
  z.object({
    eraLineID: z.number(),
    chargeID: z.number().nullable(),
    matchedBy: z.string().nullable(),
    procedureCode: z.string(),
    modifiers: z.array(z.string()),
    billed: z.number(),
    allowed: z.number().nullable(),
    paid: z.number(),
    units: z.number().nullable(),
    serviceDate: z.string().nullable(),
    lineControlNumber: z.string().nullable(),
    adjustments: z.array(eraAdjustmentDetailSchema),
    remarks: z.array(eraRemarkDetailSchema),
  }),
);

export const eraClaimDetailSchema = deferred(() =>
  z.object({
    eraClaimID: z.number(),
    claimID: z.number().nullable(),
    matchedBy: z.string().nullable(),
    patientControlNumber: z.string(),
    statusCode: z.string(),
    status: z.string(),
    billed: z.number(),
    paid: z.number(),
    patientResponsibility: z.number(),
    payerClaimControlNumber: z.string().nullable(),
    patientName: z.string().nullable(),
    serviceDate: z.string().nullable(),
    /** Prompt-payment interest the payer put into `paid` (AMT*I): the check's income, not the claim's. */
    interest: z.number(),
    /** Posted to our claim (a check posts its matched claims; the others wait to be linked). */
    posted: z.boolean(),
    /** Why it was not posted with the others, or why it was not matched to the claim it names. */
    heldReason: z.string().nullable(),
    /** Our claim the ERA claim names but disagrees with (patient, amount and dates): link it by hand if it is that claim. */
    suggestedClaimID: z.number().nullable(),
    /** For a reversal: the ERA claim whose posting it took back. */
    reversesEraClaimID: z.number().nullable(),
    adjustments: z.array(eraAdjustmentDetailSchema),
    remarks: z.array(eraRemarkDetailSchema),
    lines: z.array(eraLineDetailSchema),
  }),
);
export type EraClaimDetail = z.infer<typeof eraClaimDetailSchema>;

export const eraFullDetailReplySchema = deferred(() =>
  z.object({
    eraID: z.number(),
    fileName: z.string(),
    checks: z.array(
      z.object({
        eraCheckID: z.number(),
        traceNumber: z.string(),
        payerName: z.string(),
        checkDate: z.string().nullable(),
        totalPaid: z.number(),
        status: z.string(),
        balanced: z.boolean(),
        imbalances: z.array(eraImbalanceSchema),
        /** claimID: the claim the adjustment posts to (an overpayment recovery naming it); null for the check's own (interest). */
        providerAdjustments: z.array(
          z.object({
            reason: z.string(),
            reference: z.string().nullable(),
            amount: z.number(),
            claimID: z.number().nullable(),
            posted: z.boolean(),
          }),
        ),
        claims: z.array(eraClaimDetailSchema),
      }),
    ),
  }),
);
export type EraFullDetailReply = z.infer<typeof eraFullDetailReplySchema>;

/** CLP02 in words. */
export const ERA_CLAIM_STATUSES: Record<string, string> = {
  '1': 'Processed as primary',
  '2': 'Processed as secondary',
  '3': 'Processed as tertiary',
  '4': 'Denied',
  '19': 'Processed as primary, forwarded to another payer',
  '20': 'Processed as secondary, forwarded to another payer',
  '21': 'Processed as tertiary, forwarded to another payer',
  '22': 'Reversal of previous payment',
  '23': 'Not our claim, forwarded to another payer',
  '25': 'Predetermination pricing only, no payment',
};

/** postInsurancePayment: post a whole ERA check; bypassWarningsID=1 accepts the warnings getPostingValidationErrors listed. */
export const postInsurancePaymentQuerySchema = deferred(() =>
  z
    .object({
      eraCheckID: id,
      postingID: id.optional(),
      bypassWarningsID: numeric(z.number().int().min(0).max(1)).default(0),
      postingDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'The posting date is YYYY-MM-DD.')
        .refine(isCalendarDate, 'The posting date is not a real day.')
        .optional(),
    })
    .strict(),
);
export type PostInsurancePaymentQuery = z.infer<typeof postInsurancePaymentQuerySchema>;

export const postingValidationReplySchema = deferred(() =>
  z.object({ errors: z.array(z.string()), warnings: z.array(z.string()) }),
);
export type PostingValidationReply = z.infer<typeof postingValidationReplySchema>;

export const postInsurancePaymentReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    pkid: z.number(),
    claims: z.number(),
    paid: z.number(),
    warningsAccepted: z.array(z.string()),
  }),
);
export type PostInsurancePaymentReply = z.infer<typeof postInsurancePaymentReplySchema>;

export const ERA_POSTED = 'ERA check posted.';

/**
 * linkPaymentPosting: a biller links an ERA line to one of our charges (and with it the ERA claim
 * to the charge's claim), or an ERA claim to one of our claims, while its check is not posted.
 */
export const linkPaymentPostingQuerySchema = deferred(() =>
  z
    .object({ eraLineID: id.optional(), chargeID: id.optional(), eraClaimID: id.optional(), claimID: id.optional() })
    .strict()
    .refine(
      (query) =>
        (query.eraLineID !== undefined &&
          query.chargeID !== undefined &&
          query.eraClaimID === undefined &&
          query.claimID === undefined) ||
        (query.eraClaimID !== undefined &&
          query.claimID !== undefined &&
          query.eraLineID === undefined &&
          query.chargeID === undefined),
      {
        message: 'Give eraLineID with chargeID, or eraClaimID with claimID.',
      },
    ),
);
export type LinkPaymentPostingQuery = z.infer<typeof linkPaymentPostingQuerySchema>;

export const deattachEraPostingQuerySchema = deferred(() => z.object({ eraLineID: id }).strict());

/** Linking, unlinking or deleting: the message and pkid (1 done, 0 nothing to do). */
export const eraChangeReplySchema = deferred(() => z.object({ message: z.string(), pkid: z.number() }));
export type EraChangeReply = z.infer<typeof eraChangeReplySchema>;

export const CHARGE_UNLINKED = 'Charge Successfully Unlinked';
export const POSTING_LINKED = 'ERA posting linked.';

/** saveInsurancePayments: a payment keyed from a paper EOB onto one claim's lines. */
/** The most one line of a paper EOB can carry: a payment beyond it is a keying slip, not a payment. */
export const MAX_EOB_LINE_CENTS = 100_000_000;
/** An amount must be given (0 when nothing was paid): a missing or null amount is never read as $0.00. */
const cents = (what: string) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    numeric(
      z
        .number({ error: `${what} is required: a whole number of cents (0 when there is none).` })
        .int('Amounts are whole cents.')
        .min(0, 'Amounts are not negative.')
        .max(MAX_EOB_LINE_CENTS, 'An amount on one line is at most $1,000,000.00.'),
    ),
  );
export const insurancePaymentRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      reference: z
        .string()
        .trim()
        .min(1, 'Give the check or EOB number.')
        .max(50, 'A check or EOB number is at most 50 characters.'),
      postingDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'The posting date is YYYY-MM-DD.')
        .refine(isCalendarDate, 'The posting date is not a real day.')
        .optional(),
      denied: z.boolean().default(false),
      /** The payer's claim number on the EOB (its ICN), kept with the posting. */
      payerClaimNumber: z.string().trim().max(50, 'A payer claim number is at most 50 characters.').optional(),
      /** 1 confirms what the first try asked about (a payment over a line's open balance, a credit). */
      bypassWarningsID: numeric(z.number().int().min(0).max(1)).default(0),
      /** The payment batch the check was deposited with; it must be open and of the claim's group. */
      paymentBatchID: id.optional(),
      lines: z
        .array(
          z
            .object({
              chargeID: id,
              paid: cents('The amount paid'),
              adjustments: z
                .array(
                  z
                    .object({
                      group: z.enum(['CO', 'PR', 'OA', 'PI', 'CR'], {
                        error: 'The adjustment group is CO, PR, OA, PI or CR.',
                      }),
                      reason: z
                        .string()
                        .trim()
                        .toUpperCase()
                        .regex(/^[A-Z0-9]{1,5}$/, 'The reason is a CARC code, like 45.'),
                      amount: cents('The adjustment amount'),
                    })
                    .strict(),
                )
                .max(12, 'At most 12 adjustments a line.')
                .default([]),
            })
            .strict(),
        )
        .min(1, 'Give at least one line.')
        .max(99, 'At most 99 lines.'),
    })
    .strict(),
);
export type InsurancePaymentRequest = z.infer<typeof insurancePaymentRequestSchema>;
/** What a caller sends: the defaults (denied, bypassWarningsID) may be left out. */
export type InsurancePaymentInput = z.input<typeof insurancePaymentRequestSchema>;

export const insurancePaymentReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    pkid: z.number(),
    paid: z.number(),
    balanceAfter: z.number(),
    claimStatusID: z.number(),
  }),
);
export type InsurancePaymentReply = z.infer<typeof insurancePaymentReplySchema>;

export const INSURANCE_PAYMENT_SAVED = 'Insurance payment saved.';

/**
 * savePatientPayments: what a patient paid (desk, mail, portal), applied to lines of their claims
 * (`applications`), or to one claim (`claimID` and `amount`): the server then spreads the amount
 * over the claim's open lines in line order, each up to its balance.
 */
export const PATIENT_PAYMENT_METHODS = ['cash', 'check', 'card', 'ach'] as const;
export const patientPaymentRequestSchema = deferred(() =>
  z
    .object({
      patientID: id,
      method: z.enum(PATIENT_PAYMENT_METHODS, { error: 'The method is cash, check, card or ach.' }),
      reference: z.string().trim().max(50, 'A reference is at most 50 characters.').optional(),
      paymentBatchID: id.optional(),
      postingDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'The posting date is YYYY-MM-DD.')
        .refine(isCalendarDate, 'The posting date is not a real day.')
        .optional(),
      applications: z
        .array(
          z
            .object({
              chargeID: id,
              amount: numeric(
                z
                  .number()
                  .int('Amounts are whole cents.')
                  .min(1, 'An applied amount is at least one cent.')
                  .max(MAX_EOB_LINE_CENTS, 'An amount on one line is at most $1,000,000.00.'),
              ),
            })
            .strict(),
        )
        .min(1, 'Apply the payment to at least one line.')
        .max(200, 'At most 200 lines a payment.')
        .optional(),
      claimID: id.optional(),
      amount: numeric(
        z
          .number()
          .int('Amounts are whole cents.')
          .min(1, 'The amount must be more than $0.00.')
          .max(MAX_EOB_LINE_CENTS, 'The amount is at most $1,000,000.00.'),
      ).optional(),
    })
    .strict()
    .refine(
      (request) => (request.applications === undefined) !== (request.claimID === undefined),
      'Apply the payment to lines, or to a claim.',
    )
    .refine(
      (request) => (request.claimID === undefined) === (request.amount === undefined),
      'A payment to a claim gives its amount; lines carry their own.',
    ),
);
export type PatientPaymentRequest = z.infer<typeof patientPaymentRequestSchema>;

export const patientPaymentReplySchema = deferred(() =>
  z.object({ message: z.string(), pkid: z.number(), applied: z.number(), claims: z.number() }),
);
export type PatientPaymentReply = z.infer<typeof patientPaymentReplySchema>;

export const PATIENT_PAYMENT_SAVED = 'Patient payment saved.';
