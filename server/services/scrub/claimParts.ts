import type { BillingCharge, BillingClaim, BillingProvider } from '../claims/billingClaim.ts';

/** A charge with its place in `claim.charges`, which finding fields point at. */
export interface ChargeAt {
  charge: BillingCharge;
  index: number;
}

/** The lines that go to the payer: void lines stay on the claim for the record but are never billed. */
export function billedCharges(claim: BillingClaim): ChargeAt[] {
  const billed: ChargeAt[] = [];
  claim.charges.forEach((charge, index) => {
    if (charge.chargeStatus !== 'void') billed.push({ charge, index });
  });
  return billed;
}

export function chargeField(index: number, name?: string): string {
  return name ? `charges[${index}].${name}` : `charges[${index}]`;
}

/** "Line 2 (99213)", how a biller finds a line on the claim. */
export function lineLabel(charge: BillingCharge): string {
  return `Line ${charge.lineNumber} (${charge.cptCode})`;
}

export function providerName(provider: BillingProvider): string {
  return provider.firstName ? `${provider.lastName}, ${provider.firstName}` : provider.lastName;
}
