import { z } from 'zod';
import { financialFiguresSchema } from './claimFinancial.ts';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * A patient's money, every figure read from the ledger through the one figure model
 * (server/services/ledger/ledgerFigures.ts): Patient/getPatientFinancialsByID (the summary with
 * its aging), getPatientFinancialDetailsByID (claim by claim) and getPatientTransectionStatement
 * (every posting in order with the running balance). Amounts are integer cents.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const cents = z.number().int();

export const patientFinancialsQuerySchema = deferred(() => z.object({ patientID: id }).strict());
export type PatientFinancialsQuery = z.input<typeof patientFinancialsQuerySchema>;

/** Days since the date of service, in the buckets billers age receivables by. */
export const AGING_BUCKETS = ['days0to30', 'days31to60', 'days61to90', 'days91to120', 'over120'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const agingSchema = deferred(() =>
  z.object({ days0to30: cents, days31to60: cents, days61to90: cents, days91to120: cents, over120: cents }),
);
export type Aging = z.infer<typeof agingSchema>;

export const patientFinancialsReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    /** Every ledger row of the patient in the data role: their claims' and their own (deposits). */
    totals: financialFiguresSchema,
    /** What payers still owe: the claims' balances not passed to the patient. */
    insuranceBalance: cents,
    /** What the patient owes on their claims, before any unapplied credit. */
    patientBalanceDue: cents,
    /** Deposits not yet applied to a charge (a credit: positive when the patient has money with us). */
    unappliedCredit: cents,
    /** The patient's balance due less their unapplied credit. */
    patientNet: cents,
    insuranceAging: agingSchema,
    patientAging: agingSchema,
    lastPatientPayment: z.object({ postingDate: z.string(), amount: cents }).nullable(),
    claims: z.number().int(),
  }),
);
export type PatientFinancialsReply = z.infer<typeof patientFinancialsReplySchema>;

export const patientClaimFinancialSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    dosFrom: z.string(),
    payerName: z.string().nullable(),
    claimStatus: z.string(),
    /** Days from the date of service to today. */
    ageDays: z.number().int(),
    figures: financialFiguresSchema,
  }),
);
export type PatientClaimFinancial = z.infer<typeof patientClaimFinancialSchema>;

export const patientFinancialDetailsReplySchema = deferred(() =>
  z.object({ patientID: z.number().int(), claims: z.array(patientClaimFinancialSchema) }),
);
export type PatientFinancialDetailsReply = z.infer<typeof patientFinancialDetailsReplySchema>;

export const patientTransactionsQuerySchema = deferred(() =>
  z
    .object({ patientID: id, fromDate: calendarDate().optional(), toDate: calendarDate().optional() })
    .strict()
    .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
      message: 'The from date is after the to date.',
      path: ['fromDate'],
    }),
);
export type PatientTransactionsQuery = z.input<typeof patientTransactionsQuerySchema>;

export const patientTransactionSchema = deferred(() =>
  z.object({
    ledgerID: z.number().int(),
    postingDate: z.string(),
    claimID: z.number().int().nullable(),
    dosFrom: z.string().nullable(),
    cptCode: z.string().nullable(),
    entryType: z.string(),
    /** The posting in the biller's words, e.g. "Insurance payment, check 12345". */
    description: z.string(),
    /** Its effect on the balance: charges and refunds raise it, credits are negative. */
    amount: cents,
    balance: cents,
  }),
);
export type PatientTransaction = z.infer<typeof patientTransactionSchema>;

export const patientTransactionsReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    /** The balance before the first row listed (0 without a from date). */
    openingBalance: cents,
    rows: z.array(patientTransactionSchema),
    closingBalance: cents,
  }),
);
export type PatientTransactionsReply = z.infer<typeof patientTransactionsReplySchema>;
