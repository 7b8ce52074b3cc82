/**
 * What the 837 writer reads of a billed claim. server/edi may not import server/services (the
 * walls of ARCHITECTURE.md), so the part of BillingClaim (server/services/claims/billingClaim.ts)
 * the writer needs is restated here, read-only. A BillingClaim fits it as it is, and
 * bench/edi837.ts, which passes BillingClaims, makes the compiler check that it still does.
 */
import type { Cents } from '../../../contract/money.ts';

export type InsuranceType837 =
  'medicare' | 'medicaid' | 'commercial' | 'bcbs' | 'tricare' | 'workers_comp' | 'auto' | 'self_pay';

export interface Address837 {
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

export interface Practice837 extends Address837 {
  readonly practiceID: number;
  readonly name: string;
  readonly npi: string;
  readonly taxID: string;
  readonly taxonomyCode: string | null;
}

export interface Provider837 {
  readonly providerType: 'individual' | 'organization';
  readonly firstName: string | null;
  readonly lastName: string;
  readonly npi: string;
  readonly taxonomyCode: string | null;
}

export interface Facility837 extends Address837 {
  readonly name: string;
  readonly npi: string | null;
  readonly posCode: string | null;
  readonly billType: string | null;
}

export interface Payer837 {
  readonly insuranceID: number;
  readonly name: string;
  readonly payerID: string;
  readonly insuranceType: InsuranceType837;
  readonly address1: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
}

export interface Coverage837 {
  readonly priority: 1 | 2 | 3;
  readonly payer: Payer837;
  readonly subscriberID: string;
  readonly groupNumber: string | null;
  readonly subscriberRelation: string;
  readonly subscriberFirstName: string | null;
  readonly subscriberLastName: string | null;
  readonly subscriberDateOfBirth: string | null;
}

export interface Patient837 extends Address837 {
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly sex: 'M' | 'F' | 'U';
}

export interface Charge837 {
  readonly chargeID: number;
  readonly cptCode: string;
  readonly modifiers: readonly string[];
  readonly units: number;
  readonly chargeCents: Cents;
  readonly diagnosisPointers: readonly number[];
  readonly dosFrom: string;
  readonly dosTo: string;
  readonly posCode: string | null;
  readonly renderingProvider: Provider837 | null;
  readonly revenueCode: string | null;
  readonly ndcCode: string | null;
  readonly ndcUnits: number | null;
  readonly ndcUnitType: string | null;
  readonly chargeStatus: 'active' | 'hold' | 'void';
  readonly lineControlNumber: string;
  /** SV207: the part of an institutional line not covered; absent or 0: none. */
  readonly nonCoveredCents?: Cents;
}

export interface Adjustment837 {
  readonly groupCode: string;
  readonly reasonCode: string;
  readonly amountCents: Cents;
  /** CAS04 (and 07, 10, ...): the units the adjustment is for, when the payer gave them. */
  readonly quantity?: number | null;
}

export interface LineAdjudication837 {
  readonly chargeID: number;
  readonly paidCents: Cents;
  readonly adjustments: readonly Adjustment837[];
  /** DTP*573 of the line; absent or null: the adjudication's `paidDate`. */
  readonly paidDate?: string | null;
  /** SVD05, the units the payer paid; absent or null: the line's units. */
  readonly paidUnits?: number | null;
}

export interface PrimaryAdjudication837 {
  readonly payer: Payer837;
  readonly paidCents: Cents;
  readonly paidDate: string | null;
  /** AMT*EAF; absent: the PR adjustments of the claim and its lines add up to it. */
  readonly patientLiabilityCents?: Cents;
  readonly adjustments: readonly Adjustment837[];
  readonly lines: readonly LineAdjudication837[];
}

/** SBR05 of an 837P billing Medicare after another payer; `code` null when none fits, `reason` says why. */
export interface MedicareSecondary837 {
  readonly code: string | null;
  readonly reason: string;
}

export interface Admission837 {
  readonly date: string;
  readonly hour: string | null;
  readonly typeCode: string;
  readonly sourceCode: string | null;
  readonly patientStatusCode: string;
  readonly admittingDiagnosis: string | null;
}

/** The UB-04 fields of an institutional claim keyed in the claim form (claim_institutional). */
export interface Institutional837 {
  /** Facility type + classification (CLM05-1), 2 digits. */
  readonly billType: string;
  readonly admissionTypeCode: string | null;
  readonly admissionSourceCode: string | null;
  readonly patientStatusCode: string;
  /** DTP*096, 'HHMM'. */
  readonly dischargeHour: string | null;
  readonly operatingProvider: Provider837 | null;
  readonly otherOperatingProvider: Provider837 | null;
  readonly conditionCodes: readonly string[];
  readonly occurrenceCodes: readonly { readonly code: string; readonly date: string }[];
  readonly occurrenceSpans: readonly { readonly code: string; readonly from: string; readonly through: string }[];
  readonly valueCodes: readonly { readonly code: string; readonly amountCents: Cents }[];
}

export interface Claim837 {
  readonly claimID: number;
  readonly claimType: 'professional' | 'institutional';
  readonly dosFrom: string;
  readonly dosTo: string;
  readonly posCode: string | null;
  readonly frequencyCode: string;
  readonly originalClaimNumber: string | null;
  readonly referralNumber: string | null;
  readonly priorAuthorizationNumber: string | null;
  readonly practice: Practice837;
  readonly facility: Facility837 | null;
  readonly patient: Patient837;
  readonly provider: Provider837;
  readonly referringProvider: Provider837 | null;
  readonly supervisingProvider: Provider837 | null;
  readonly coverage: Coverage837 | null;
  readonly otherCoverages: readonly Coverage837[];
  readonly primary: PrimaryAdjudication837 | null;
  readonly medicareSecondaryType?: MedicareSecondary837 | null;
  readonly diagnoses: readonly { readonly sequence: number; readonly icdCode: string; readonly poa?: string | null }[];
  readonly charges: readonly Charge837[];
  readonly admission?: Admission837 | null;
  /** Absent or null: an institutional claim from before the claim form kept UB-04 fields (the facility's bill type applies). */
  readonly institutional?: Institutional837 | null;
}
