import { billedCharges, chargeField, lineLabel } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

export const duplicateLineRule: ScrubRule = {
  id: 'DUPLICATE_LINE',
  severity: 'warning',
  field: 'charges[]',
  title: 'A service is billed once: same patient, code, modifiers, date and rendering provider',
  fix: 'Void the repeated line, or, when the service really was given twice, add the modifier that says so (76, 77, 91 or 59) on the second one.',
  check(claim, context) {
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] => {
      const other = context.duplicateOf(charge.chargeID);
      if (!other) return [];
      const where =
        other.claimID === claim.claimID
          ? `line ${other.lineNumber} of this claim`
          : `line ${other.lineNumber} of claim ${other.claimID}`;
      return [
        {
          field: chargeField(index),
          chargeID: charge.chargeID,
          message: `${lineLabel(charge)} on ${charge.dosFrom} repeats ${where}.`,
        },
      ];
    });
  },
};
