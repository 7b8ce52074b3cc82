import type { ScrubRule } from './types.ts';

export const primaryAdjudicationRule: ScrubRule = {
  id: 'PRIMARY_ADJUDICATION_REQUIRED',
  severity: 'error',
  field: 'primary',
  title: "A secondary claim carries what the primary payer paid and adjusted",
  fix: "Post the primary payer's ERA or EOB on the original claim (payment and adjustments), then scrub this claim again.",
  check(claim) {
    const coverage = claim.coverage;
    if (!coverage || coverage.priority === 1 || claim.primary !== null) return [];
    const rank = coverage.priority === 2 ? 'secondary' : 'tertiary';
    return [{ field: 'primary', message: `The claim bills ${coverage.payer.name} as ${rank} payer, but the primary payer's payment and adjustments are not posted.` }];
  },
};
