import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * Payment ledger rows of one claim or one patient (Claims/getPaymentLedgers). Each row is an
 * immutable financial event; `amount` is its effect on the balance: a charge is positive, money
 * in and adjustments are negative. Newest posting first.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const paymentLedgersQuerySchema = deferred(() =>
  z
    .object({ claimID: id.optional(), patientID: id.optional() })
    .strict()
    .refine((query) => (query.claimID === undefined) !== (query.patientID === undefined), { message: 'Give either claimID or patientID.' }),
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

/** Money received: counted as "paid" on a charge line; every other credit is "adjusted". */
export const PAYMENT_ENTRY_TYPES: readonly LedgerEntryType[] = ['insurance_payment', 'patient_payment', 'advance_application', 'refund'];

export const ledgerRowSchema = deferred(() => z.object({
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
}));
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const paymentLedgersReplySchema = deferred(() => z.object({ rows: z.array(ledgerRowSchema) }));
export type PaymentLedgersReply = z.infer<typeof paymentLedgersReplySchema>;
