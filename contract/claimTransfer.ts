import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Who owes a claim now and where its balance can go next (AddEditClaim/getClaimPayor,
 * getClaimTransferInsurance), and the transfer itself (AddEditClaim/transferClaimBalance): to the
 * patient, a $0.00 patient-responsibility marker on each line that still has an insurance
 * balance, one posting the biller can reverse; to the next payer, a crossover claim. Money is
 * integer cents, every figure from the claim's ledger (the same figures as getClaimFinancial).
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const cents = z.number().int();

export const CLAIM_TRANSFER_FAILED = 'Error: error in fetching claim transfer data';

export const PAYER_RANKS = ['primary', 'secondary', 'tertiary'] as const;
export type PayerRank = (typeof PAYER_RANKS)[number];

/** 1 → primary, 2 → secondary, 3 → tertiary, as billers say it. */
export function rankOfPriority(priority: number): PayerRank {
  return PAYER_RANKS[Math.min(Math.max(priority, 1), 3) - 1] ?? 'primary';
}

export const claimTransferQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimTransferQuery = z.input<typeof claimTransferQuerySchema>;

/** A payer as a claim bills it; built inside the deferred schemas that use it. */
const payerFields = () => ({
  payerName: z.string(),
  insuranceID: z.number().int(),
  patientInsuranceID: z.number().int().nullable(),
  rank: z.enum(PAYER_RANKS).nullable(),
  memberID: z.string().nullable(),
});
const payerSchema = deferred(() => z.object(payerFields()));
export type ClaimPayer = z.infer<typeof payerSchema>;

export const claimPayorReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    /** Who the claim's balance waits on now. */
    responsible: z.enum(['payer', 'patient']),
    /** The same, in the biller's words: "Aetna (primary), member W123" or "Patient: balance transferred". */
    description: z.string(),
    /** The payer the claim bills; null for a self-pay claim. */
    payer: payerSchema.nullable(),
    selfPay: z.boolean(),
    balance: cents,
    insuranceBalance: cents,
    patientBalance: cents,
    /** The transfer to the patient that still stands (reverse it by its ledger ID), or null. */
    transfer: z.object({ ledgerID: z.number().int(), postingDate: z.string(), amount: cents }).nullable(),
  }),
);
export type ClaimPayorReply = z.infer<typeof claimPayorReplySchema>;

export const transferCoverageSchema = deferred(() =>
  z.object({
    ...payerFields(),
    patientInsuranceID: z.number().int(),
    rank: z.enum(PAYER_RANKS),
    /** Whether a crossover claim to this coverage can be made now, and why not when it cannot. */
    crossoverPossible: z.boolean(),
    reason: z.string().nullable(),
  }),
);

export const claimTransferInsuranceReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    insuranceBalance: cents,
    patientBalance: cents,
    /** The patient's active coverages after the claim's payer, in order (the first is the one a crossover bills). */
    coverages: z.array(transferCoverageSchema),
    /** The patient as a target: what a transfer would move, or why it cannot. */
    patient: z.object({ amount: cents, possible: z.boolean(), reason: z.string().nullable() }),
  }),
);
export type ClaimTransferInsuranceReply = z.infer<typeof claimTransferInsuranceReplySchema>;

export const TRANSFER_TARGETS = ['patient', 'nextPayer'] as const;
export type TransferTarget = (typeof TRANSFER_TARGETS)[number];

export const transferClaimBalanceRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      target: z.enum(TRANSFER_TARGETS, { message: "The target is 'patient' or 'nextPayer'." }),
      postingDate: calendarDate().optional(),
      /** Only these lines (a transfer to the patient); every line with an insurance balance when absent. */
      chargeIDs: z
        .array(id)
        .min(1, 'Name at least one line, or leave the lines out for every line.')
        .max(200, 'At most 200 lines.')
        .optional(),
    })
    .strict(),
);
export type TransferClaimBalanceRequest = z.input<typeof transferClaimBalanceRequestSchema>;
export type TransferClaimBalanceInput = z.output<typeof transferClaimBalanceRequestSchema>;

export const transferClaimBalanceReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    target: z.enum(TRANSFER_TARGETS),
    /** The transfer's posting (reverse it by this ID) and its rows; null and empty for a crossover. */
    ledgerID: z.number().int().nullable(),
    ledgerIDs: z.array(z.number().int()),
    movedCents: cents,
    /** The crossover claim made; null for a transfer to the patient. */
    crossoverClaimID: z.number().int().nullable(),
  }),
);
export type TransferClaimBalanceReply = z.infer<typeof transferClaimBalanceReplySchema>;
