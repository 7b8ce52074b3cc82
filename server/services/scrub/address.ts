import type { ScrubRule } from './types.ts';

const ZIP_PLUS_4 = /^\d{5}-?\d{4}$/;
/** PO Box, P.O. Box, POB, Post Office Box, Lock Box, and a bare "Box 12". */
const PO_BOX = /\b(?:p\.?\s*o\.?\s*b(?:ox)?|post\s+office\s+box|lock\s*box)\b|^\s*box\s+\d/i;

export const billingZipPlus4Rule: ScrubRule = {
  id: 'BILLING_ZIP_PLUS_4',
  severity: 'error',
  field: 'practice.zip',
  title: "The billing provider's ZIP code has 9 digits (ZIP+4)",
  fix: "Enter the practice's full ZIP+4 (e.g. 78701-1234); the USPS ZIP code look-up gives the last 4 digits.",
  check(claim) {
    const zip = claim.practice.zip;
    return ZIP_PLUS_4.test(zip)
      ? []
      : [{ field: 'practice.zip', message: `The billing provider's ZIP code ${zip} is not a 9-digit ZIP+4.` }];
  },
};

export const billingAddressNoPOBoxRule: ScrubRule = {
  id: 'BILLING_ADDRESS_NO_PO_BOX',
  severity: 'error',
  field: 'practice.address1',
  title: "The billing provider's address is a street address, not a PO box",
  fix: "Enter the practice's street address as the billing address; a PO box can only be a pay-to address.",
  check(claim) {
    const { address1, address2 } = claim.practice;
    if (PO_BOX.test(address1))
      return [{ field: 'practice.address1', message: `The billing provider's address "${address1}" is a PO box.` }];
    if (address2 !== null && PO_BOX.test(address2))
      return [{ field: 'practice.address2', message: `The billing provider's address "${address2}" is a PO box.` }];
    return [];
  },
};
