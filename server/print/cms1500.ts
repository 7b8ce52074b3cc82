import type { BillingClaim } from '../services/claims/billingClaim.ts';
import { CMS1500_LAYOUT } from './cms1500Layout.ts';
import { cms1500Pages } from './cms1500Values.ts';
import { formPdf } from './formPdf.ts';

/** A professional claim on the CMS-1500 (02/12), US Letter; `now` dates the signature in box 31. */
export function cms1500Pdf(claim: BillingClaim, options: { now: Date }): Uint8Array {
  return formPdf(CMS1500_LAYOUT, cms1500Pages(claim, options.now), options.now);
}
