import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { claimFormFileName, wrongClaimFormMessage, type ClaimForm } from '../../contract/print.ts';
import { ApiError } from './apiError.ts';
import type { CallOptions } from './client.ts';
import { fetchFile, type FileCallOptions } from './fileCall.ts';

export interface ClaimFormFile {
  blob: Blob;
  fileName: string;
}

/** The call that prints each form. */
const FORM_CALLS = { cms1500: Claims.viewClaimCMS1500, ub04: AddEditClaim.viewClaimUB04 } as const;

/** The claim on `form` as a PDF, named as the server names it. */
export async function fetchClaimForm(
  form: ClaimForm,
  claimID: number,
  options: FileCallOptions = {},
): Promise<ClaimFormFile> {
  const blob = await fetchFile(FORM_CALLS[form], { claimID }, options);
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: claimFormFileName(form, claimID),
  };
}

/**
 * The claim on its own form. The screen does not know the claim's kind, so the CMS-1500 is asked
 * first (most claims are professional); the server's refusal of an institutional claim names
 * the UB-04, which is then asked instead.
 */
export async function fetchClaimFormOf(claimID: number, options: CallOptions = {}): Promise<ClaimFormFile> {
  const institutional = (failure: ApiError) =>
    failure.status === 400 && failure.serverMessage === wrongClaimFormMessage('cms1500', claimID);
  try {
    return await fetchClaimForm('cms1500', claimID, { ...options, expected: institutional });
  } catch (thrown) {
    if (thrown instanceof ApiError && institutional(thrown)) return fetchClaimForm('ub04', claimID, options);
    throw thrown;
  }
}
