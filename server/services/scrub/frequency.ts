import type { ScrubRule } from './types.ts';

/** CLM05-3: 837P takes 1 original, 7 replacement, 8 void; 837I also interim and late-charge bills. */
const PROFESSIONAL_FREQUENCIES = new Set(['1', '7', '8']);
const INSTITUTIONAL_FREQUENCIES = new Set(['0', '1', '2', '3', '4', '5', '7', '8', '9']);
/** Replacement and void claims act on a claim the payer already has, named by its claim number. */
const CORRECTING_FREQUENCIES = new Set(['7', '8']);

export const frequencyCodeRule: ScrubRule = {
  id: 'FREQUENCY_CODE_VALID',
  severity: 'error',
  field: 'frequencyCode',
  title: 'The claim frequency is one the payer accepts (1 original, 7 replacement, 8 void)',
  fix: 'Set the claim frequency to 1 for a new claim, 7 to replace a claim the payer has, or 8 to void it.',
  check(claim) {
    const allowed = claim.claimType === 'professional' ? PROFESSIONAL_FREQUENCIES : INSTITUTIONAL_FREQUENCIES;
    return allowed.has(claim.frequencyCode)
      ? []
      : [
          {
            field: 'frequencyCode',
            message: `The claim frequency "${claim.frequencyCode}" is not valid on a ${claim.claimType} claim.`,
          },
        ];
  },
};

export const originalClaimNumberRule: ScrubRule = {
  id: 'ORIGINAL_CLAIM_NUMBER_REQUIRED',
  severity: 'error',
  field: 'originalClaimNumber',
  title: "Replacement (7) and void (8) claims carry the payer's original claim number",
  fix: "Copy the payer's claim number (ICN/DCN) of the original claim from its ERA or the payer portal into Original claim number.",
  check(claim) {
    if (!CORRECTING_FREQUENCIES.has(claim.frequencyCode) || (claim.originalClaimNumber ?? '').trim() !== '') return [];
    const kind = claim.frequencyCode === '7' ? 'replacement' : 'void';
    return [
      {
        field: 'originalClaimNumber',
        message: `The claim is a ${kind} (frequency ${claim.frequencyCode}) but has no original claim number.`,
      },
    ];
  },
};
