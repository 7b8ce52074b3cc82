import { formatCents } from '../../../contract/money.ts';
import { billedCharges, chargeField, lineLabel } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

export const chargesRequiredRule: ScrubRule = {
  id: 'CHARGES_REQUIRED',
  severity: 'error',
  field: 'charges',
  title: 'The claim bills at least one line',
  fix: 'Add the services of the visit as charge lines, or void the claim if nothing is to be billed.',
  check(claim) {
    if (billedCharges(claim).length > 0) return [];
    return [
      {
        field: 'charges',
        message:
          claim.charges.length === 0 ? 'The claim has no charge lines.' : 'Every charge line of the claim is void.',
      },
    ];
  },
};

export const chargeAmountRule: ScrubRule = {
  id: 'CHARGE_AMOUNT_POSITIVE',
  severity: 'error',
  field: 'charges[].chargeCents',
  title: 'Every line charges more than $0.00',
  fix: "Enter the practice's fee for the service (the fee schedule gives it); a free service is not billed.",
  check(claim) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] =>
      charge.chargeCents > 0
        ? []
        : [
            {
              field: chargeField(index, 'chargeCents'),
              chargeID: charge.chargeID,
              message: `${lineLabel(charge)} charges ${formatCents(charge.chargeCents)}.`,
            },
          ],
    );
  },
};

export const unitsPositiveRule: ScrubRule = {
  id: 'UNITS_POSITIVE',
  severity: 'error',
  field: 'charges[].units',
  title: 'Every line has at least 1 unit',
  fix: 'Enter how many times the service was given (1 for most services; minutes or doses for timed and drug codes).',
  check(claim) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] =>
      charge.units > 0
        ? []
        : [
            {
              field: chargeField(index, 'units'),
              chargeID: charge.chargeID,
              message: `${lineLabel(charge)} has ${charge.units} units.`,
            },
          ],
    );
  },
};

export const claimTotalRule: ScrubRule = {
  id: 'CLAIM_TOTAL_MATCHES',
  severity: 'error',
  field: 'totalChargeCents',
  title: 'The claim total is the sum of its lines',
  fix: 'Save the claim again so that its total is recalculated from the lines that are not void.',
  check(claim) {
    const billed = billedCharges(claim);
    // Without a billed line CHARGES_REQUIRED already says what is wrong.
    if (billed.length === 0) return [];
    const sum = billed.reduce((total, { charge }) => total + charge.chargeCents, 0);
    if (sum === claim.totalChargeCents) return [];
    return [
      {
        field: 'totalChargeCents',
        message: `The claim total is ${formatCents(claim.totalChargeCents)}, but its lines add up to ${formatCents(sum)}.`,
      },
    ];
  },
};

export const noLineOnHoldRule: ScrubRule = {
  id: 'NO_LINE_ON_HOLD',
  severity: 'error',
  field: 'charges[].chargeStatus',
  title: 'No line is on hold',
  fix: 'Release the line (charge status Active) when it may be billed, or void it; a held line is never sent.',
  check(claim) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] =>
      charge.chargeStatus === 'hold'
        ? [
            {
              field: chargeField(index, 'chargeStatus'),
              chargeID: charge.chargeID,
              message: `${lineLabel(charge)} is on hold.`,
            },
          ]
        : [],
    );
  },
};
