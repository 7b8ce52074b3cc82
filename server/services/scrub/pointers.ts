import { billedCharges, chargeField, lineLabel } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

/** A professional line points at one to four of the claim's diagnoses (SV107). */
const MAX_POINTERS = 4;

export const diagnosisPointersRule: ScrubRule = {
  id: 'DIAGNOSIS_POINTERS',
  severity: 'error',
  field: 'charges[].diagnosisPointers',
  title: "Each line points at 1 to 4 of the claim's diagnoses",
  fix: 'On the charge line, point at the diagnoses (1 to 4 of them, most important first) that this service treats.',
  check(claim) {
    if (claim.claimType !== 'professional') return [];
    const sequences = new Set(claim.diagnoses.map((diagnosis) => diagnosis.sequence));
    return billedCharges(claim).flatMap(({ charge, index }): RuleHit[] => {
      const field = chargeField(index, 'diagnosisPointers');
      const pointers = charge.diagnosisPointers;
      const line = lineLabel(charge);
      if (pointers.length === 0)
        return [{ field, chargeID: charge.chargeID, message: `${line} points at no diagnosis.` }];
      if (pointers.length > MAX_POINTERS)
        return [
          {
            field,
            chargeID: charge.chargeID,
            message: `${line} points at ${pointers.length} diagnoses; a line takes at most ${MAX_POINTERS}.`,
          },
        ];
      const dangling = pointers.filter((pointer) => !sequences.has(pointer));
      if (dangling.length === 0) return [];
      const count = claim.diagnoses.length;
      return [
        {
          field,
          chargeID: charge.chargeID,
          message: `${line} points at diagnosis ${dangling.join(', ')}, but the claim has ${count === 1 ? 'only 1 diagnosis' : `${count} diagnoses`}.`,
        },
      ];
    });
  },
};
