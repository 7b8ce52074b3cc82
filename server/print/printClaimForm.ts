import { claimFormFileName, wrongClaimFormMessage, type ClaimForm } from '../../contract/print.ts';
import type { Queryable } from '../db/types.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { claimsInScope } from '../services/access/claimsInScope.ts';
import type { DataScope } from '../services/access/dataScope.ts';
import { writeAudit } from '../services/audit/audit.ts';
import type { Actor } from '../services/context.ts';
import { loadBillingClaims } from '../services/claims/loadBillingClaims.ts';
import { cms1500Pdf } from './cms1500.ts';
import { ub04Pdf } from './ub04.ts';

export interface PrintedClaimForm {
  fileName: string;
  bytes: Uint8Array;
}

/** Which kind of claim each form is for. */
const CLAIM_TYPE: Record<ClaimForm, 'professional' | 'institutional'> = {
  cms1500: 'professional',
  ub04: 'institutional',
};

/**
 * The claim on its paper form. A claim outside the data role is not found; a claim of the other
 * kind is refused with the form to use instead. The read is audited: the form carries the
 * patient's identity and diagnoses.
 */
export async function printClaimForm(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  form: ClaimForm,
  claimID: number,
  now: Date,
): Promise<PrintedClaimForm> {
  const [inScope] = await claimsInScope(q, scope, [claimID]);
  const [claim] = inScope === undefined ? [] : await loadBillingClaims(q, [inScope]);
  if (claim === undefined) throw new NotFoundError();
  if (claim.claimType !== CLAIM_TYPE[form]) throw new BadRequestError(wrongClaimFormMessage(form, claimID));
  const bytes = form === 'cms1500' ? cms1500Pdf(claim, { now }) : ub04Pdf(claim, { now });
  await writeAudit(q, {
    userId: actor.userId,
    action: 'claims.print',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
    detail: { form },
  });
  return { fileName: claimFormFileName(form, claimID), bytes };
}
