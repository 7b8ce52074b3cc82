import type { BillingCharge, BillingClaim } from '../claims/billingClaim.ts';
import { billedCharges, chargeField, lineLabel } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

const MAX_MODIFIERS = 4;
const MODIFIER = /^[0-9A-Z]{2}$/;
/** Evaluation and management codes, the only ones modifier 25 (separate E/M service) belongs on. */
const EM_FIRST = 99202;
const EM_LAST = 99499;
/** XE, XP, XS, XU: the specific forms of 59 that CMS prefers. */
const X_MODIFIERS = ['XE', 'XP', 'XS', 'XU'];

/** The lines whose modifiers match `when`, reported at their modifiers field. */
function linesWhere(claim: BillingClaim, when: (charge: BillingCharge) => string | null): RuleHit[] {
  return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] => {
    const message = when(charge);
    return message === null ? [] : [{ field: chargeField(index, 'modifiers'), chargeID: charge.chargeID, message }];
  });
}

export const modifierFormatRule: ScrubRule = {
  id: 'MODIFIER_FORMAT',
  severity: 'error',
  field: 'charges[].modifiers',
  title: 'Modifiers are 2 letters or digits',
  fix: 'Enter each modifier as its 2 characters in capitals (25, TC, RT), one per modifier box.',
  check(claim) {
    return linesWhere(claim, (charge) => {
      const bad = charge.modifiers.filter((modifier) => !MODIFIER.test(modifier));
      return bad.length === 0
        ? null
        : `${lineLabel(charge)} has modifier ${bad.map((modifier) => `"${modifier}"`).join(', ')}, which is not 2 letters or digits.`;
    });
  },
};

export const modifierCountRule: ScrubRule = {
  id: 'MODIFIER_COUNT',
  severity: 'error',
  field: 'charges[].modifiers',
  title: 'A line has at most 4 modifiers',
  fix: 'Keep the 4 modifiers that matter most for payment (pricing modifiers first) and drop the others.',
  check(claim) {
    return linesWhere(claim, (charge) =>
      charge.modifiers.length > MAX_MODIFIERS
        ? `${lineLabel(charge)} has ${charge.modifiers.length} modifiers (${charge.modifiers.join(', ')}); a line takes at most ${MAX_MODIFIERS}.`
        : null,
    );
  },
};

export const modifier26WithTCRule: ScrubRule = {
  id: 'MODIFIER_26_WITH_TC',
  severity: 'error',
  field: 'charges[].modifiers',
  title: 'Modifiers 26 and TC are not on the same line',
  fix: 'Bill the professional part with 26 and the technical part with TC on separate lines, or the global service without either.',
  check(claim) {
    return linesWhere(claim, (charge) =>
      charge.modifiers.includes('26') && charge.modifiers.includes('TC')
        ? `${lineLabel(charge)} has both 26 (professional part) and TC (technical part).`
        : null,
    );
  },
};

function isEvaluationAndManagement(code: string): boolean {
  if (!/^\d{5}$/.test(code)) return false;
  const value = Number(code);
  return value >= EM_FIRST && value <= EM_LAST;
}

export const modifier25OnEMRule: ScrubRule = {
  id: 'MODIFIER_25_ON_EM_ONLY',
  severity: 'error',
  field: 'charges[].modifiers',
  title: 'Modifier 25 is only on E/M codes (99202-99499)',
  fix: 'Move modifier 25 to the office visit (E/M) line, or remove it; for a procedure use 59 or an X modifier instead.',
  check(claim) {
    return linesWhere(claim, (charge) =>
      charge.modifiers.includes('25') && !isEvaluationAndManagement(charge.cptCode)
        ? `Modifier 25 is on ${charge.cptCode} (line ${charge.lineNumber}), which is not an E/M code.`
        : null,
    );
  },
};

export const modifier50WithSideRule: ScrubRule = {
  id: 'MODIFIER_50_WITH_SIDE',
  severity: 'error',
  field: 'charges[].modifiers',
  title: 'Modifier 50 (bilateral) is not with RT or LT on the same line',
  fix: 'Bill a bilateral service with 50 alone, or as two lines with RT and LT, as the payer asks.',
  check(claim) {
    return linesWhere(claim, (charge) => {
      const side = charge.modifiers.find((modifier) => modifier === 'RT' || modifier === 'LT');
      return charge.modifiers.includes('50') && side
        ? `${lineLabel(charge)} has 50 (both sides) together with ${side}.`
        : null;
    });
  },
};

export const modifier59WithXRule: ScrubRule = {
  id: 'MODIFIER_59_WITH_X',
  severity: 'warning',
  field: 'charges[].modifiers',
  title: 'Modifier 59 is not with XE, XP, XS or XU on the same line',
  fix: 'Keep the X modifier that says why the service is distinct (XE, XP, XS or XU) and remove 59.',
  check(claim) {
    return linesWhere(claim, (charge) => {
      const x = charge.modifiers.find((modifier) => X_MODIFIERS.includes(modifier));
      return charge.modifiers.includes('59') && x
        ? `${lineLabel(charge)} has both 59 and ${x}; use one of them.`
        : null;
    });
  },
};
