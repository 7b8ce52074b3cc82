import { z } from 'zod';
import { numeric } from './scalars.ts';
import { FIGURE_KINDS, financialFiguresSchema } from './claimFinancial.ts';
import { deferred } from './deferred.ts';

/**
 * Payment ledger rows of one claim or one patient (Claims/getPaymentLedgers). Each row is an
 * immutable financial event; `amount` is its effect on the balance: a charge is positive, money
 * in and adjustments are negative. Newest posting first.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const paymentLedgersQuerySchema = deferred(() =>
  z
    .object({ claimID: id.optional(), patientID: id.optional() })
    .strict()
    .refine((query) => (query.claimID === undefined) !== (query.patientID === undefined), {
      message: 'Give either claimID or patientID.',
    }),
);
export type PaymentLedgersQuery = z.input<typeof paymentLedgersQuerySchema>;

export const LEDGER_ENTRY_TYPES = [
  'charge',
  'insurance_payment',
  'patient_payment',
  'contractual_adjustment',
  'adjustment',
  'write_off',
  'patient_responsibility',
  'denial',
  'refund',
  'reversal',
  'advance_payment',
  'advance_application',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const ledgerRowSchema = deferred(() =>
  z.object({
    ledgerID: z.number().int(),
    postingDate: z.string(),
    entryType: z.enum(LEDGER_ENTRY_TYPES),
    claimID: z.number().int().nullable(),
    chargeID: z.number().int().nullable(),
    /** Line number of the charge on its claim; null for rows not tied to a line. */
    chargeLine: z.number().int().nullable(),
    cptCode: z.string().nullable(),
    amount: z.number().int(),
    groupCode: z.string().nullable(),
    reasonCode: z.string().nullable(),
    /** CARC text from the adjustment reason code list. */
    reasonDescription: z.string().nullable(),
    payerName: z.string().nullable(),
    note: z.string().nullable(),
    /** The figure the row counts in (a reversal in the figure of the row it reverses), from the server's one figure model. */
    figure: z.enum(FIGURE_KINDS),
    /** The row this one reverses, and the row that reversed this one; null for none. */
    reversesLedgerID: z.number().int().nullable(),
    reversedByLedgerID: z.number().int().nullable(),
    /** The transfer of the balance to the patient this row belongs to; reversing the row reverses the transfer. */
    balanceTransferID: z.number().int().nullable().optional(),
  }),
);
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const paymentLedgersReplySchema = deferred(() =>
  z.object({
    rows: z.array(ledgerRowSchema),
    /** The claim's or patient's figures from these rows (the claim header's and financial summary's for a claim). */
    figures: financialFiguresSchema,
  }),
);
export type PaymentLedgersReply = z.infer<typeof paymentLedgersReplySchema>;
