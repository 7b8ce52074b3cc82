import type { ScrubRule } from './types.ts';

/**
 * The payer said the coverage was not in force on the day of service, or refused the question: a
 * warning, not an error, since the answer may be out of date or the biller may know better (a
 * newer check that comes back active clears it).
 */
export const eligibilityAnswerRule: ScrubRule = {
  id: 'ELIGIBILITY_NOT_ACTIVE',
  severity: 'warning',
  field: 'coverage',
  title: "The payer's latest eligibility answer for the day of service is neither inactive nor rejected",
  fix: 'Check eligibility again, or bill the coverage that was in force on the day of service.',
  check(claim, context) {
    const coverage = claim.coverage;
    if (!coverage) return [];
    const answer = context.eligibilityOf(coverage.patientInsuranceID, claim.dosFrom);
    if (!answer || answer.outcome === 'active') return [];
    const asked = answer.askedAt.slice(0, 10);
    return [
      {
        field: 'coverage',
        message:
          answer.outcome === 'inactive'
            ? `${coverage.payer.name} answered on ${asked} that the coverage was inactive on ${claim.dosFrom}.`
            : `${coverage.payer.name} rejected the eligibility check of ${asked} for ${claim.dosFrom}${answer.message ? `: ${answer.message}` : '.'}`,
      },
    ];
  },
};
