import type { BillingClaim } from '../services/claims/billingClaim.ts';
import { formPdf } from './formPdf.ts';
import { UB04_LAYOUT } from './ub04Layout.ts';
import { ub04Pages } from './ub04Values.ts';

/** An institutional claim on the UB-04 (CMS-1450), US Letter; `now` is line 23's creation date. */
export function ub04Pdf(claim: BillingClaim, options: { now: Date }): Uint8Array {
  return formPdf(UB04_LAYOUT, ub04Pages(claim, options.now), options.now);
}
