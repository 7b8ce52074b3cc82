import { billedCharges, chargeField, lineLabel } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

export const dosNotInFutureRule: ScrubRule = {
  id: 'DOS_IN_FUTURE',
  severity: 'error',
  field: 'dosTo',
  title: 'Dates of service are not in the future',
  fix: 'Correct the date of service, or hold the claim until the service has been given.',
  check(claim, context) {
    const hits: RuleHit[] = [];
    if (claim.dosTo > context.today)
      hits.push({
        field: 'dosTo',
        message: `The claim's date of service ${claim.dosTo} is after today (${context.today}).`,
      });
    for (const { charge, index } of billedCharges(claim)) {
      if (charge.dosTo > context.today && charge.dosTo !== claim.dosTo) {
        hits.push({
          field: chargeField(index, 'dosTo'),
          chargeID: charge.chargeID,
          message: `${lineLabel(charge)} has date of service ${charge.dosTo}, after today (${context.today}).`,
        });
      }
    }
    return hits;
  },
};

export const dosInsideCoverageRule: ScrubRule = {
  id: 'DOS_OUTSIDE_COVERAGE',
  severity: 'error',
  field: 'charges[].dosFrom',
  title: "Dates of service fall inside the coverage's effective dates",
  fix: "Verify eligibility for the date of service: bill the coverage that was in force then, or correct the coverage's effective dates from the insurance card.",
  check(claim) {
    const coverage = claim.coverage;
    if (!coverage) return [];
    const until = coverage.effectiveTo;
    const span = until ? `${coverage.effectiveFrom} to ${until}` : `from ${coverage.effectiveFrom}`;
    const outside = (from: string, to: string): boolean =>
      from < coverage.effectiveFrom || (until !== null && to > until);
    const lines = billedCharges(claim);
    if (lines.length === 0) {
      return outside(claim.dosFrom, claim.dosTo)
        ? [
            {
              field: 'dosFrom',
              message: `The dates of service ${claim.dosFrom} to ${claim.dosTo} are outside the ${coverage.payer.name} coverage (${span}).`,
            },
          ]
        : [];
    }
    return lines.flatMap(({ charge, index }): RuleHit[] =>
      outside(charge.dosFrom, charge.dosTo)
        ? [
            {
              field: chargeField(index, 'dosFrom'),
              chargeID: charge.chargeID,
              message: `${lineLabel(charge)} on ${charge.dosFrom} is outside the ${coverage.payer.name} coverage (${span}).`,
            },
          ]
        : [],
    );
  },
};
