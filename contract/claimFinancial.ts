import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * AddEditClaim/getClaimFinancial: where a claim's money stands, every figure summed from its
 * ledger rows (server/services/ledger/ledgerFigures.ts, the one place every screen's figures come
 * from), for the claim and for each charge line. Credits (payments, adjustments, write-offs) are
 * what they took off the balance, so
 *
 *   balance = charges + refunds − insurancePaid − patientPaid − contractualAdjustments − writeOffs
 *             − otherAdjustments
 *
 * A reversal counts in the figure of the row it reverses (a reversed payment is no payment), so
 * every figure is net of reversals; `reversals` is how much the reversals took back, already out
 * of the figures above. `patientResponsibility` is the part of the balance the patient owes (lines
 * the payer passed to the patient, or every line of a self-pay claim); `insuranceBalance` the rest.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const claimFinancialQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimFinancialQuery = z.input<typeof claimFinancialQuerySchema>;

const cents = z.number().int();

export const financialFiguresSchema = deferred(() =>
  z.object({
    charges: cents,
    insurancePaid: cents,
    patientPaid: cents,
    contractualAdjustments: cents,
    writeOffs: cents,
    otherAdjustments: cents,
    /** What reversals took back, as a positive amount: already out of the figures above. */
    reversals: cents,
    refunds: cents,
    /** The figures above, summed by the formula: the sum of the ledger rows. */
    balance: cents,
    patientResponsibility: cents,
    insuranceBalance: cents,
  }),
);
export type FinancialFigures = z.infer<typeof financialFiguresSchema>;

/** The figures a ledger row can count in (the others are derived from these). */
export const FIGURE_KINDS = [
  'charges',
  'insurancePaid',
  'patientPaid',
  'contractualAdjustments',
  'writeOffs',
  'otherAdjustments',
  'refunds',
] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export const lineFinancialSchema = deferred(() =>
  z.object({
    chargeID: z.number().int(),
    lineNumber: z.number().int(),
    cptCode: z.string(),
    status: z.string(),
    figures: financialFiguresSchema,
    /** The balance stored on the charge line. */
    storedBalance: cents,
    balanced: z.boolean(),
  }),
);
export type LineFinancial = z.infer<typeof lineFinancialSchema>;

export const claimFinancialReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    claimStatus: z.string(),
    totals: financialFiguresSchema,
    /** The balance stored on the claim. */
    storedBalance: cents,
    /** True when the figures, the stored claim balance, the lines' balances and every line agree. */
    balanced: z.boolean(),
    /** What does not agree, in the biller's words; empty when balanced. */
    problems: z.array(z.string()),
    lines: z.array(lineFinancialSchema),
  }),
);
export type ClaimFinancialReply = z.infer<typeof claimFinancialReplySchema>;
