/**
 * A stored 271 read for the biller: the member that answers our trace, summed up on the day of
 * service, and every benefit line of it. The same reading serves the check as it is made and the
 * reply opened again later, so the two never disagree.
 */
import type { EligibilityOutcome, EligibilitySummary } from '../../../contract/eligibility.ts';
import { summarizeCoverage } from '../../edi/eligibility/coverageSummary.ts';
import { findReply } from '../../edi/eligibility/findReply.ts';
import type {
  Benefit,
  EligibilityDate,
  EligibilityProblem,
  Member,
  Rejection,
} from '../../edi/eligibility/model271.ts';
import { read271 } from '../../edi/eligibility/read271.ts';

export const EMPTY_SUMMARY: EligibilitySummary = {
  active: null,
  planDescription: '',
  officeVisitCopayCents: null,
  deductibleRemainingCents: null,
  outOfPocketRemainingCents: null,
  coinsurancePercent: null,
  planBegins: null,
  planEnds: null,
  rejections: [],
};

export interface ReadReply {
  outcome: EligibilityOutcome;
  message: string;
  summary: EligibilitySummary;
  member: Member | null;
  problems: EligibilityProblem[];
}

const BEGINS = ['346', '356', '291', '307'];
const ENDS = ['347', '357', '291', '307'];

function planDates(dates: readonly EligibilityDate[]): { planBegins: string | null; planEnds: string | null } {
  const begins = dates.find((date) => BEGINS.includes(date.qualifier.code) && date.from !== null);
  const ends = dates.find((date) => ENDS.includes(date.qualifier.code) && date.to !== null);
  return { planBegins: begins?.from ?? null, planEnds: ends?.to ?? null };
}

const plainRejection = (rejection: Rejection) => ({
  loop: rejection.loop,
  validRequest: rejection.validRequest,
  reason: rejection.reason,
  followUp: rejection.followUp,
});

function rejectionMessage(rejections: readonly Rejection[]): string {
  const [first] = rejections;
  if (!first) return 'The payer rejected the eligibility check.';
  const reason = first.reason.description || `reason ${first.reason.code}`;
  const follow = first.followUp.description ? ` (${first.followUp.description.toLowerCase()})` : '';
  return `The payer rejected the eligibility check: ${reason}${follow}.`;
}

/** The reply to the question traced `traceNumber`, on the day of service `on` (YYYY-MM-DD). */
export function readReply(text271: string, traceNumber: string, on: string): ReadReply {
  const document = read271(text271);
  const found = findReply(document, traceNumber);
  if (!found) {
    // The payer may refuse before it reaches the patient: its own or the provider's AAA.
    const upper = document.responses.flatMap((response) =>
      response.sources.flatMap((source) => [
        ...source.rejections,
        ...source.receivers.flatMap((receiver) => receiver.rejections),
      ]),
    );
    if (upper.length > 0)
      return {
        outcome: 'rejected',
        message: rejectionMessage(upper),
        summary: { ...EMPTY_SUMMARY, rejections: upper.map(plainRejection) },
        member: null,
        problems: document.problems,
      };
    return {
      outcome: 'error',
      message: 'The payer’s reply does not answer this patient; check the insurance and try again.',
      summary: EMPTY_SUMMARY,
      member: null,
      problems: document.problems,
    };
  }
  const { member } = found;
  const coverage = summarizeCoverage(member, on);
  const summary: EligibilitySummary = {
    ...coverage,
    rejections: coverage.rejections.map(plainRejection),
    ...planDates(member.dates),
  };
  const outcome: EligibilityOutcome =
    coverage.active === true
      ? 'active'
      : coverage.active === false
        ? 'inactive'
        : coverage.rejections.length > 0
          ? 'rejected'
          : 'error';
  const message =
    outcome === 'active'
      ? `Coverage is active on ${on}${coverage.planDescription ? ` (${coverage.planDescription})` : ''}.`
      : outcome === 'inactive'
        ? `Coverage is not active on ${on}.`
        : outcome === 'rejected'
          ? rejectionMessage(coverage.rejections)
          : 'The payer’s reply says nothing of this patient’s coverage.';
  return { outcome, message, summary, member, problems: document.problems };
}

/** A benefit line without its place in the file, as the reply shows it. */
export function benefitOf(benefit: Benefit) {
  return {
    benefit: benefit.benefit,
    coverageLevel: benefit.coverageLevel,
    serviceTypes: benefit.serviceTypes,
    insuranceType: benefit.insuranceType,
    planDescription: benefit.planDescription,
    timePeriod: benefit.timePeriod,
    amountCents: benefit.amountCents,
    percent: benefit.percent,
    quantityQualifier: benefit.quantityQualifier,
    quantity: benefit.quantity,
    inNetwork: benefit.inNetwork,
    authorizationRequired: benefit.authorizationRequired,
    procedure: benefit.procedure,
    dates: benefit.dates.map((date) => ({ qualifier: date.qualifier, from: date.from, to: date.to })),
    messages: benefit.messages,
  };
}
