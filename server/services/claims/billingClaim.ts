/**
 * A claim as it is billed: everything the scrubber checks and the 837 carries, read in one go for
 * many claims (loadBillingClaims.ts). Money in cents, dates as 'YYYY-MM-DD'. Both the scrubber
 * (server/services/scrub/) and the 837 writer (server/edi/) work on this shape and nothing else,
 * so a rule and the file it guards always see the same data.
 */
import type { Cents } from '../../../contract/money.ts';

export type InsuranceType =
  'medicare' | 'medicaid' | 'commercial' | 'bcbs' | 'tricare' | 'workers_comp' | 'auto' | 'self_pay';

export interface BillingAddress {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** The billing provider (the practice): loop 2010AA. */
export interface BillingPractice extends BillingAddress {
  practiceID: number;
  groupID: number;
  name: string;
  npi: string;
  taxID: string;
  taxonomyCode: string | null;
  phone: string | null;
}

export interface BillingProvider {
  providerID: number;
  providerType: 'individual' | 'organization';
  firstName: string | null;
  lastName: string;
  npi: string;
  taxonomyCode: string | null;
}

export interface BillingFacility extends BillingAddress {
  facilityID: number;
  name: string;
  npi: string | null;
  posCode: string | null;
  /** Institutional bill type (e.g. '131'), facility type + classification; frequency comes from the claim. */
  billType: string | null;
}

export interface BillingPayer {
  insuranceID: number;
  name: string;
  payerID: string;
  insuranceType: InsuranceType;
  timelyFilingDays: number;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** A patient's coverage with one payer (patient_insurances + insurances). */
export interface BillingCoverage {
  patientInsuranceID: number;
  priority: 1 | 2 | 3;
  payer: BillingPayer;
  subscriberID: string;
  groupNumber: string | null;
  /** X12 individual relationship code: '18' self, '01' spouse, '19' child, 'G8' other. */
  subscriberRelation: string;
  subscriberFirstName: string | null;
  subscriberLastName: string | null;
  subscriberDateOfBirth: string | null;
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface BillingPatient extends BillingAddress {
  patientID: number;
  accountNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  sex: 'M' | 'F' | 'U';
}

export interface BillingDiagnosis {
  /** 1..12; charges point at these. */
  sequence: number;
  /** As stored, without the dot (e.g. 'E119'). */
  icdCode: string;
  /** Institutional claims: present on admission (Y, N, U, W, 1); absent or null when not reported. */
  poa?: string | null;
}

export interface BillingCharge {
  chargeID: number;
  lineNumber: number;
  cptCode: string;
  modifiers: string[];
  units: number;
  chargeCents: Cents;
  diagnosisPointers: number[];
  dosFrom: string;
  dosTo: string;
  posCode: string | null;
  renderingProvider: BillingProvider | null;
  revenueCode: string | null;
  ndcCode: string | null;
  ndcUnits: number | null;
  /** X12 unit of measure for the NDC quantity: F2, GR, ME, ML, UN. */
  ndcUnitType: string | null;
  chargeStatus: 'active' | 'hold' | 'void';
  /** Sent as REF*6R; the ERA echoes it back. */
  lineControlNumber: string;
  /** Institutional lines: the part not covered (FL48, SV207); absent means none. */
  nonCoveredCents?: Cents;
}

/** A claim adjustment as the payer reported it: group (CO, PR, OA, PI, CR), CARC reason, amount, and the quantity (CAS04) when it gave one. */
export interface PrimaryAdjustment {
  groupCode: string;
  reasonCode: string;
  amountCents: Cents;
  quantity?: number | null;
}

/**
 * What the primary payer did, for a secondary claim's COB loops (2320/2330B/2430), as the payer
 * said it: read from its remits on the original claim that still stand (posted ERA claims not
 * reversed, keyed paper EOB lines not reversed), never recomputed from our ledger. Only a primary
 * posted by hand before EOBs were kept (no remit of that payer at all) is rebuilt from the
 * original claim's ledger, and says so (`source: 'ledger'`).
 */
export interface PrimaryAdjudication {
  payer: BillingPayer;
  /** Where it was read; absent means 'remit'. */
  source?: 'remit' | 'ledger';
  /** AMT*D: what the payer paid (CLP04, or a paper EOB's payments), summed over its remits. */
  paidCents: Cents;
  /** The latest check date (ERA) or posting date (paper EOB) of those remits: DTP*573. */
  paidDate: string | null;
  /**
   * AMT*EAF: what the payer left the patient to pay, every PR adjustment it reported at claim and
   * line level. Absent: the PR adjustments below add up to it.
   */
  patientLiabilityCents?: Cents;
  /** Claim-level adjustments (CAS), every group, summed by group and reason over the remits. */
  adjustments: PrimaryAdjustment[];
  /** Per charge of this claim: what the primary paid on it (SVC03), its adjustments (2430 SVD/CAS). */
  lines: {
    chargeID: number;
    paidCents: Cents;
    adjustments: PrimaryAdjustment[];
    /** DTP*573 of the line: the date of the latest remit that answered it; absent: `paidDate`. */
    paidDate?: string | null;
    /** SVD05: the units the payer paid (SVC05); absent or null: the line's own units. */
    paidUnits?: number | null;
  }[];
}

/** The claim a crossover claim was made from (claims.crossover_of_claim_id) and the payer it billed. */
export interface OriginalClaim {
  claimID: number;
  payer: BillingPayer | null;
}

/**
 * Why Medicare is not the primary payer (SBR05 of 2000B on an 837P): the Medicare secondary
 * payer type, chosen from the primary's coverage (medicareSecondary.ts). `code` is null when no
 * type fits; `reason` says why this code, or why none, in a biller's words.
 */
export interface MedicareSecondaryChoice {
  code: string | null;
  description: string | null;
  reason: string;
}

/** An institutional stay (UB-04 boxes 12-17): the 837I's admission date (DTP*435), CL1 and HI*ABJ. */
export interface BillingAdmission {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HHMM' when known. */
  hour: string | null;
  /** NUBC priority (type) of admission: '1' emergency ... '9' information not available. */
  typeCode: string;
  /** NUBC point of origin for admission or visit. */
  sourceCode: string | null;
  /** NUBC patient discharge status, e.g. '01' home, '30' still a patient. */
  patientStatusCode: string;
  /** ICD-10-CM without the dot. */
  admittingDiagnosis: string | null;
}

/** The UB-04 fields only an institutional claim has (claim_institutional), beside its stay (`admission`). */
export interface BillingInstitutional {
  /** Facility type + classification, 2 digits (e.g. '13'); the frequency is the claim's. */
  billType: string;
  /** NUBC priority (type) of admission; null when not keyed. */
  admissionTypeCode: string | null;
  /** NUBC point of origin; null when not keyed. */
  admissionSourceCode: string | null;
  /** NUBC patient discharge status. */
  patientStatusCode: string;
  /** 'HHMM' (the NUBC hour code with 00 minutes), when keyed. */
  dischargeHour: string | null;
  operatingProvider: BillingProvider | null;
  otherOperatingProvider: BillingProvider | null;
  conditionCodes: string[];
  occurrenceCodes: { code: string; date: string }[];
  occurrenceSpans: { code: string; from: string; through: string }[];
  valueCodes: { code: string; amountCents: Cents }[];
}

export interface BillingClaim {
  claimID: number;
  groupID: number;
  claimType: 'professional' | 'institutional';
  claimStatusID: number;
  scrubStatusID: number;
  submitStatusID: number;
  dosFrom: string;
  dosTo: string;
  posCode: string | null;
  /** '1' original, '7' replacement, '8' void. */
  frequencyCode: string;
  originalClaimNumber: string | null;
  referralNumber: string | null;
  priorAuthorizationNumber: string | null;
  totalChargeCents: Cents;
  createdAt: string;
  practice: BillingPractice;
  facility: BillingFacility | null;
  patient: BillingPatient;
  provider: BillingProvider;
  referringProvider: BillingProvider | null;
  supervisingProvider: BillingProvider | null;
  /** The coverage this claim bills (claims.patient_insurance_id), null when none is set. */
  coverage: BillingCoverage | null;
  /** The patient's other active coverages, by priority (for COB and secondary checks). */
  otherCoverages: BillingCoverage[];
  /** Set when the claim bills a secondary (or tertiary) payer and the primary has adjudicated. */
  primary: PrimaryAdjudication | null;
  /** Set on a claim billing a later payer that was crossed over from an original claim. */
  originalClaim?: OriginalClaim | null;
  /** Set when the claim bills Medicare as a secondary or tertiary payer. */
  medicareSecondaryType?: MedicareSecondaryChoice | null;
  diagnoses: BillingDiagnosis[];
  /** In line order; void charges included (the scrubber and the 837 skip them). */
  charges: BillingCharge[];
  /**
   * Institutional claims: the stay. The 837I needs it for inpatient bill types (11x, 12x, 18x,
   * 21x, 22x, 28x, 41x) and uses it on outpatient ones when present.
   */
  admission?: BillingAdmission | null;
  /** Institutional claims keyed with their UB-04 fields; absent or null otherwise (the facility's bill type then applies). */
  institutional?: BillingInstitutional | null;
}
