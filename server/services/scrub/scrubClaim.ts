import type { BillingClaim } from '../claims/billingClaim.ts';
import { RULES } from './rules.ts';
import type { Finding, ScrubContext, ScrubRule } from './types.ts';

/** Every finding of `rules` on one claim, in rule order. Pure: all look-ups go through `context`. */
export function scrubClaim(claim: BillingClaim, context: ScrubContext, rules: readonly ScrubRule[] = RULES): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const hit of rule.check(claim, context)) {
      findings.push({
        ruleID: rule.id,
        severity: rule.severity,
        field: hit.field,
        chargeID: hit.chargeID ?? null,
        message: hit.message,
        fix: rule.fix,
      });
    }
  }
  return findings;
}
