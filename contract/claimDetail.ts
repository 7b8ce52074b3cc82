import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * The claim as the detail screen and the workspace panes read it: header, diagnoses and charge
 * lines with what the ledger says was paid and adjusted on each. Money is integer cents.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const claimIDQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimIDQuery = z.input<typeof claimIDQuerySchema>;

export const claimHeaderSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientID: z.number().int(),
    patientName: z.string(),
    dateOfBirth: z.string(),
    accountNumber: z.string(),
    payerName: z.string().nullable(),
    subscriberID: z.string().nullable(),
    providerName: z.string(),
    practiceName: z.string(),
    facilityName: z.string().nullable(),
    posCode: z.string().nullable(),
    posName: z.string().nullable(),
    dosFrom: z.string(),
    dosTo: z.string(),
    claimStatus: z.string(),
    scrubStatus: z.string(),
    submitStatus: z.string(),
    totalCharges: z.number().int(),
    /** Money received (insurance and patient payments, less refunds), net of reversals, as a positive amount. */
    paid: z.number().int(),
    /** Contractual adjustments, write-offs and other credits, net of reversals, as a positive amount. */
    adjusted: z.number().int(),
    /** Total charges minus paid minus adjusted: the sum of the claim's ledger rows. */
    balance: z.number().int(),
    /** The charge batch the claim was entered in, if any. */
    chargeBatchID: z.number().int().nullable(),
    chargeBatchNumber: z.string().nullable(),
    /** The payer's latest eligibility answer for the claim's insurance on its first day of service; null when never answered. */
    eligibility: z
      .object({
        outcome: z.enum(['active', 'inactive', 'rejected']),
        dateOfService: z.string(),
        askedAt: z.string(),
        message: z.string(),
      })
      .nullable(),
  }),
);
export type ClaimHeader = z.infer<typeof claimHeaderSchema>;

export const claimDiagnosisSchema = deferred(() =>
  z.object({
    sequence: z.number().int(),
    code: z.string(),
    /** From the ICD-10-CM list of the fiscal year of the date of service; null when not in it. */
    description: z.string().nullable(),
  }),
);
export type ClaimDiagnosis = z.infer<typeof claimDiagnosisSchema>;

export const chargeLineSchema = deferred(() =>
  z.object({
    chargeID: z.number().int(),
    lineNumber: z.number().int(),
    cptCode: z.string(),
    modifiers: z.array(z.string()),
    units: z.number().int(),
    charge: z.number().int(),
    diagnosisPointers: z.array(z.number().int()),
    dosFrom: z.string(),
    dosTo: z.string(),
    status: z.string(),
    /** From the line's ledger rows, as the claim header's (server/services/ledger/ledgerFigures.ts): paid and adjusted net of reversals. */
    paid: z.number().int(),
    adjusted: z.number().int(),
    balance: z.number().int(),
    /** The part of `paid` that came from payers, and the patient's part (their payments and applied deposits). */
    insurancePaid: z.number().int(),
    patientPaid: z.number().int(),
  }),
);
export type ChargeLine = z.infer<typeof chargeLineSchema>;

export const chargesReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    charges: z.array(chargeLineSchema),
    /** The claim's balance from its ledger, as its header shows it. */
    balance: z.number().int(),
  }),
);
export type ChargesReply = z.infer<typeof chargesReplySchema>;

export const claimDetailReplySchema = deferred(() =>
  z.object({
    header: claimHeaderSchema,
    diagnoses: z.array(claimDiagnosisSchema),
    charges: z.array(chargeLineSchema),
  }),
);
export type ClaimDetailReply = z.infer<typeof claimDetailReplySchema>;
