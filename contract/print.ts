import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * The paper claim forms: AddEditClaim/viewClaimUB04 (institutional claims) and
 * Claims/viewClaimCMS1500 (professional claims) answer the PDF itself, named as below. Asked for
 * a claim of the other kind, a call answers 400 with the message below, which the browser reads
 * to ask the other call instead.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const CLAIM_FORMS = ['cms1500', 'ub04'] as const;
export type ClaimForm = (typeof CLAIM_FORMS)[number];

export const cms1500QuerySchema = deferred(() => z.object({ claimID: id }).strict());
/** The catalogue's `blob` flag is accepted for its callers; the reply is always the PDF's bytes. */
export const ub04QuerySchema = deferred(() =>
  z.object({ claimID: id, blob: z.enum(['true', 'false', '1', '0']).optional() }).strict(),
);

export function claimFormFileName(form: ClaimForm, claimID: number): string {
  return `${form === 'cms1500' ? 'CMS1500' : 'UB04'}_${claimID}.pdf`;
}

/** Why a claim cannot be printed on `form`: it is of the other kind. */
export function wrongClaimFormMessage(form: ClaimForm, claimID: number): string {
  return form === 'cms1500'
    ? `Claim ${claimID} is institutional: print it on the UB-04.`
    : `Claim ${claimID} is professional: print it on the CMS-1500.`;
}
