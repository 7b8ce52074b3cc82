/**
 * The scrubber's vocabulary. A rule is data (id, severity, where it points, how to fix) plus a pure
 * check over one BillingClaim; whatever a check needs from the database is looked up beforehand,
 * for the whole batch, and handed in as the ScrubContext.
 */
import type { BillingClaim } from '../claims/billingClaim.ts';
import type { CoverageAnswer } from '../eligibility/latestAnswers.ts';

/** An error blocks submission; a warning can be passed with a reason. */
export type Severity = 'error' | 'warning';

/** One problem on one claim, as stored in scrub_results and shown beside the field it concerns. */
export interface Finding {
  ruleID: string;
  severity: Severity;
  /** A path into BillingClaim, array indexes from 0: 'practice.npi', 'charges[2].modifiers', 'diagnoses[1]'. */
  field: string;
  /** The charge line the finding is on, when it is on one. */
  chargeID: number | null;
  /** Names the value that is wrong, e.g. "Modifier 25 is on 71046, which is not an E/M code." */
  message: string;
  fix: string;
}

/** What a check reports; the scrubber adds the rule's id, severity and fix. */
export interface RuleHit {
  field: string;
  chargeID?: number;
  message: string;
}

export interface ScrubRule {
  /** Stored with every finding: never rename one. */
  readonly id: string;
  readonly severity: Severity;
  /** The field(s) it checks, as a pattern ('charges[].modifiers'); each finding names the exact one. */
  readonly field: string;
  /** What the rule checks, in a biller's words. */
  readonly title: string;
  readonly fix: string;
  check(claim: BillingClaim, context: ScrubContext): RuleHit[];
}

/** Where an ICD-10-CM code stands in the code list of the fiscal year of a date of service. */
export type IcdCodeStatus = 'billable' | 'notBillable' | 'notListed' | 'listNotLoaded';

/** Where a HCPCS Level II code stands on a date of service. */
export type HcpcsCodeStatus = 'active' | 'terminated' | 'notListed' | 'listNotLoaded';

/** The line another claim (or this one) already bills for the same service. */
export interface DuplicateLine {
  claimID: number;
  lineNumber: number;
}

/** The look-ups rules may make, answered from data read up front for the whole batch. */
export interface ScrubContext {
  /** 'YYYY-MM-DD' */
  readonly today: string;
  icdCodeStatus(code: string, dateOfService: string): IcdCodeStatus;
  hcpcsCodeStatus(code: string, dateOfService: string): HcpcsCodeStatus;
  isPlaceOfService(code: string): boolean;
  duplicateOf(chargeID: number): DuplicateLine | null;
  /** The payer's latest answer about the coverage on the day, from the eligibility checks kept. */
  eligibilityOf(patientInsuranceID: number, dateOfService: string): CoverageAnswer | null;
}
