import type { ScrubRule } from './types.ts';

/** An EIN (12-3456789) or SSN (123-45-6789) as written; the payer gets the 9 digits. */
function taxIDDigits(taxID: string): string {
  return /^\d{2}-\d{7}$|^\d{3}-\d{2}-\d{4}$/.test(taxID) ? taxID.replaceAll('-', '') : taxID;
}

export const taxIDFormatRule: ScrubRule = {
  id: 'TAX_ID_FORMAT',
  severity: 'error',
  field: 'practice.taxID',
  title: "The billing provider's tax ID is 9 digits",
  fix: "Enter the practice's EIN (or the provider's SSN) from the IRS letter: 9 digits, e.g. 12-3456789.",
  check(claim) {
    const taxID = claim.practice.taxID;
    const digits = taxIDDigits(taxID.trim());
    if (digits === '')
      return [
        { field: 'practice.taxID', message: `The tax ID of billing provider ${claim.practice.name} is missing.` },
      ];
    if (!/^\d{9}$/.test(digits))
      return [
        {
          field: 'practice.taxID',
          message: `The tax ID ${taxID} of billing provider ${claim.practice.name} is not 9 digits.`,
        },
      ];
    if (/^(\d)\1{8}$/.test(digits))
      return [
        {
          field: 'practice.taxID',
          message: `The tax ID ${taxID} of billing provider ${claim.practice.name} repeats one digit: it is a placeholder, not a real tax ID.`,
        },
      ];
    return [];
  },
};
