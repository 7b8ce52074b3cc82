import { z } from 'zod';
import { numeric } from './scalars.ts';
import { isCalendarDate } from './claimStatusChange.ts';
import { PATIENT_PAYMENT_METHODS } from './era.ts';
import { deferred } from './deferred.ts';

/**
 * Advance payments: money a patient pays before their claims are billed (a deposit at check-in),
 * kept as credit on the patient until the biller applies it to charges, refunds it or reverses it.
 * Every figure is whole cents and is read back from the ledger, never kept beside it.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const day = (what: string) =>
  z.string().trim().refine(isCalendarDate, `Enter the ${what} as YYYY-MM-DD, e.g. 2026-03-15.`);
const cents = numeric(
  z
    .number()
    .int('Amounts are whole cents.')
    .min(1, 'The amount must be more than $0.00.')
    .max(100_000_000_00, 'The amount is too large.'),
);

export const ADVANCE_PAYMENT_METHODS = PATIENT_PAYMENT_METHODS;
export const ADVANCE_PAYMENT_STATUSES = ['active', 'reversed', 'refunded'] as const;
export type AdvancePaymentStatus = (typeof ADVANCE_PAYMENT_STATUSES)[number];

export const ADVANCE_PAYMENT_ADDED = 'Advance Payment added successfully';
/** The spec shows this same message after a DOS change and after an advance-payment refund. */
export const ADVANCE_DOS_UPDATED = 'Dos Update Successfully';
export const ADVANCE_PAYMENT_APPLIED = 'Advance payment applied.';
export const ADVANCE_PAYMENT_REVERSED = 'Advance payment reversed.';
export const ADVANCE_PAYMENTS_COLLECTED = 'Advance payments saved.';

export const newAdvancePaymentSchema = deferred(() =>
  z
    .object({
      patientID: id,
      amount: cents,
      method: z.enum(ADVANCE_PAYMENT_METHODS, { error: 'The method is cash, check, card or ach.' }),
      reference: z.string().trim().max(50, 'A reference is at most 50 characters.').optional(),
      /** The day the money came in; today when left out. */
      receivedOn: day('received date').optional(),
      /** The visit the deposit is for, when known. */
      dateOfService: day('date of service').optional(),
    })
    .strict(),
);
export type NewAdvancePayment = z.infer<typeof newAdvancePaymentSchema>;

export const advancePaymentAddedReplySchema = deferred(() =>
  z.object({ message: z.string(), advancePaymentID: z.number() }),
);
export type AdvancePaymentAddedReply = z.infer<typeof advancePaymentAddedReplySchema>;

export const collectedAdvancePaymentsSchema = deferred(() =>
  z
    .object({
      advancePayments: z
        .array(newAdvancePaymentSchema)
        .min(1, 'Collect at least one advance payment.')
        .max(100, 'At most 100 advance payments at once.'),
    })
    .strict(),
);
export type CollectedAdvancePayments = z.infer<typeof collectedAdvancePaymentsSchema>;

export const collectedAdvancePaymentsReplySchema = deferred(() =>
  z.object({ message: z.string(), advancePaymentIDs: z.array(z.number()) }),
);
export type CollectedAdvancePaymentsReply = z.infer<typeof collectedAdvancePaymentsReplySchema>;

export const patientIDQuerySchema = deferred(() => z.object({ patientID: id }).strict());
export const claimIDQuerySchema = deferred(() => z.object({ claimID: id }).strict());

export const advancePaymentRowSchema = deferred(() =>
  z.object({
    advancePaymentID: z.number(),
    patientID: z.number(),
    amount: z.number(),
    /** Applied to charges, net of applications taken back by a reversal. */
    applied: z.number(),
    refunded: z.number(),
    /** What is left to apply or refund. */
    unapplied: z.number(),
    status: z.enum(ADVANCE_PAYMENT_STATUSES),
    method: z.string(),
    reference: z.string().nullable(),
    receivedOn: z.string(),
    dateOfService: z.string().nullable(),
  }),
);
export type AdvancePaymentRow = z.infer<typeof advancePaymentRowSchema>;

export const patientAdvancePaymentsReplySchema = deferred(() =>
  z.object({ patientID: z.number(), rows: z.array(advancePaymentRowSchema) }),
);
export type PatientAdvancePaymentsReply = z.infer<typeof patientAdvancePaymentsReplySchema>;

export const unappliedAdvanceReplySchema = deferred(() => z.object({ patientID: z.number(), unapplied: z.number() }));
export type UnappliedAdvanceReply = z.infer<typeof unappliedAdvanceReplySchema>;

export const claimAdvancePaymentsReplySchema = deferred(() =>
  z.object({ claimID: z.number(), patientID: z.number(), rows: z.array(advancePaymentRowSchema) }),
);
export type ClaimAdvancePaymentsReply = z.infer<typeof claimAdvancePaymentsReplySchema>;

/**
 * Line by line (`applications`), or to a claim (`claimID`): the server then spreads `amount` (left
 * out: as much as the claim owes, up to what is left of the advance) over the claim's open lines in
 * line order, each up to its balance.
 */
export const applyAdvancePaymentSchema = deferred(() =>
  z
    .object({
      advancePaymentID: id,
      postingDate: day('posting date').optional(),
      applications: z
        .array(z.object({ chargeID: id, amount: cents }).strict())
        .min(1, 'Apply the advance payment to at least one line.')
        .max(200, 'At most 200 lines at once.')
        .optional(),
      claimID: id.optional(),
      amount: cents.optional(),
    })
    .strict()
    .refine(
      (request) => (request.applications === undefined) !== (request.claimID === undefined),
      'Apply the advance payment to lines, or to a claim.',
    )
    .refine(
      (request) => request.amount === undefined || request.claimID !== undefined,
      'An amount goes with a claim; lines carry their own.',
    ),
);
export type ApplyAdvancePayment = z.infer<typeof applyAdvancePaymentSchema>;

export const advanceAppliedReplySchema = deferred(() =>
  z.object({ message: z.string(), applied: z.number(), unapplied: z.number(), claims: z.number() }),
);
export type AdvanceAppliedReply = z.infer<typeof advanceAppliedReplySchema>;

export const reverseAdvancePaymentSchema = deferred(() =>
  z.object({ advancePaymentID: id, postingDate: day('posting date') }).strict(),
);
export type ReverseAdvancePayment = z.infer<typeof reverseAdvancePaymentSchema>;

export const advanceReversedReplySchema = deferred(() =>
  z.object({ message: z.string(), reversed: z.number(), applicationsTakenBack: z.number() }),
);
export type AdvanceReversedReply = z.infer<typeof advanceReversedReplySchema>;

/** Sent in the query string, as the catalogue has it. Without an amount the whole remainder is refunded. */
export const refundAdvancePaymentSchema = deferred(() =>
  z
    .object({
      advancePaymentID: id,
      amount: cents.optional(),
      postingDate: day('posting date').optional(),
      reference: z.string().trim().max(50, 'A reference is at most 50 characters.').optional(),
    })
    .strict(),
);
export type RefundAdvancePayment = z.infer<typeof refundAdvancePaymentSchema>;

export const advanceRefundedReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    refunded: z.number(),
    unapplied: z.number(),
    status: z.enum(ADVANCE_PAYMENT_STATUSES),
  }),
);
export type AdvanceRefundedReply = z.infer<typeof advanceRefundedReplySchema>;

export const advancePaymentDosSchema = deferred(() =>
  z.object({ advancePaymentID: id, dateOfService: day('date of service') }).strict(),
);
export type AdvancePaymentDos = z.infer<typeof advancePaymentDosSchema>;

export const advanceDosReplySchema = deferred(() => z.object({ message: z.string() }));
export type AdvanceDosReply = z.infer<typeof advanceDosReplySchema>;
