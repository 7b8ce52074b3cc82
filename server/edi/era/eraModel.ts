/**
 * An 835 remittance (005010X221A1) as the product uses it: one check (or EFT) per transaction set,
 * its claims and service lines with their adjustments and remarks, and the provider-level
 * adjustments. Money is integer cents; dates are YYYY-MM-DD. Every part keeps the segment it was
 * starts at, so a problem can be shown at its place in the file.
 */

/** Claim adjustment group codes (CAS01). */
export const ADJUSTMENT_GROUPS = ['CO', 'PR', 'OA', 'PI', 'CR'] as const;
export type AdjustmentGroup = (typeof ADJUSTMENT_GROUPS)[number];

export interface EraAdjustment {
  group: AdjustmentGroup;
  /** CARC. */
  reason: string;
  cents: number;
  quantity: number | null;
}

export interface EraLine {
  /** SVC01-1, e.g. 'HC' (HCPCS/CPT), 'NU' (revenue code). */
  qualifier: string;
  procedure: string;
  modifiers: string[];
  /** SVC06, when the payer paid a different code than the one billed. */
  billedProcedure: string | null;
  chargeCents: number;
  paidCents: number;
  revenueCode: string | null;
  /** SVC05, 1 when absent. */
  units: number;
  serviceFrom: string | null;
  serviceTo: string | null;
  /** REF*6R: our charge's line control number, as we sent it in the 837. */
  lineControlNumber: string | null;
  /** AMT*B6. */
  allowedCents: number | null;
  adjustments: EraAdjustment[];
  /** RARC from LQ*HE. */
  remarks: string[];
  /** 1-based ordinal of the segment it starts at in the file (lines are worked out for problems only). */
  position: number;
}

export interface EraClaim {
  /** CLP01: the patient control number we sent (our claim ID). */
  claimID: string;
  /** CLP02: 1-3 processed, 4 denied, 19-23 processed as primary and forwarded / not forwarded, 22 reversal. */
  status: string;
  chargeCents: number;
  paidCents: number;
  patientResponsibilityCents: number;
  /** CLP06. */
  filingIndicator: string;
  /** CLP07. */
  payerClaimControlNumber: string;
  /** CLP09. */
  frequency: string;
  /** REF*F8 on a correction: the payer's claim control number of the claim it corrects. */
  originalReference: string | null;
  /** AMT*I: prompt-payment interest on the claim; payers include it in CLP04 (see `interestInPayment`). */
  interestCents: number;
  /** NM1*QC. */
  patient: { lastName: string; firstName: string; memberID: string } | null;
  /** NM1*IL NM109: the subscriber's member ID when the patient is not the subscriber. */
  insuredMemberID: string | null;
  statementFrom: string | null;
  statementTo: string | null;
  /** Claim-level adjustments (CAS before the first SVC). */
  adjustments: EraAdjustment[];
  /** RARC from MOA and MIA. */
  remarks: string[];
  lines: EraLine[];
  /** 1-based ordinal of the segment it starts at in the file (lines are worked out for problems only). */
  position: number;
}

export interface EraProviderAdjustment {
  /** PLB03-1 etc., e.g. 'WO' overpayment recovery, 'L6' interest, 'FB' forward balance. */
  reason: string;
  /** PLB03-2: the reference the payer gives (a claim, a check). */
  reference: string | null;
  /** Positive takes money off the check, negative adds to it (interest). */
  cents: number;
  /** 1-based ordinal of the segment it starts at in the file (lines are worked out for problems only). */
  position: number;
}

export interface EraCheck {
  /** ST02. */
  controlNumber: string;
  /** BPR01: I remittance with payment, H notification only, ... */
  handling: string;
  /** BPR02. */
  totalCents: number;
  /** BPR03: C credit, D debit. */
  creditDebit: string;
  /** BPR04: ACH, CHK, BOP, FWT, NON. */
  paymentMethod: string;
  /** BPR16. */
  paymentDate: string | null;
  /** TRN02: the check or EFT trace number. */
  traceNumber: string;
  /** TRN03: the payer's identifier (1 + EIN usually). */
  originatorID: string;
  payer: { name: string; identifier: string };
  payee: { name: string; idQualifier: string; id: string };
  claims: EraClaim[];
  providerAdjustments: EraProviderAdjustment[];
  /** 1-based ordinal of the segment it starts at in the file (lines are worked out for problems only). */
  position: number;
}

export interface EraProblem {
  message: string;
  segmentID: string;
  position: number;
  line: number;
}

export interface EraDocument {
  checks: EraCheck[];
  /** Envelope, syntax and 835 content problems, the first 100 in file order; empty for a clean file. */
  problems: EraProblem[];
  /** How many problems there are in all, named in `problems` or only counted. */
  problemCount: number;
}
