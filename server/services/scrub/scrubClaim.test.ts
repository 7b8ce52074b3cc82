import { describe, expect, it } from 'vitest';
import { RULES } from './rules.ts';
import { aCharge, aClaim, aContext } from './ruleTestKit.ts';
import { scrubClaim } from './scrubClaim.ts';

describe('scrubClaim', () => {
  it('has stable, unique rule ids, each with a title and a fix', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(rule.title.length, rule.id).toBeGreaterThan(10);
      expect(rule.fix.length, rule.id).toBeGreaterThan(10);
    }
  });

  it('finds nothing on a clean claim', () => {
    expect(scrubClaim(aClaim(), aContext())).toEqual([]);
  });

  it("gives findings in rule order with the rule's id, severity and fix", () => {
    const claim = aClaim({ coverage: null, charges: [aCharge({ modifiers: ['59', 'XS'], units: 0 })] });
    const findings = scrubClaim(claim, aContext());
    expect(findings.map((finding) => finding.ruleID)).toEqual([
      'COVERAGE_REQUIRED',
      'MODIFIER_59_WITH_X',
      'UNITS_POSITIVE',
    ]);
    expect(findings[1]).toEqual({
      ruleID: 'MODIFIER_59_WITH_X',
      severity: 'warning',
      field: 'charges[0].modifiers',
      chargeID: 501,
      message: 'Line 1 (99213) has both 59 and XS; use one of them.',
      fix: RULES.find((rule) => rule.id === 'MODIFIER_59_WITH_X')?.fix,
    });
    expect(findings[0]?.chargeID).toBeNull();
  });
});
