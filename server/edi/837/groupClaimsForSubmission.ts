import type { Claim837 } from './claim837.ts';

type Groupable = Pick<Claim837, 'claimType' | 'coverage'>;

/** The claims of one 837 file: one payer, one kind. */
export interface SubmissionGroup<C> {
  payerID: string;
  payerName: string;
  claimType: 'professional' | 'institutional';
  claims: C[];
}

/**
 * Splits claims into the batches build837 takes: by payer id and claim type, in the order the
 * claims come. Claims with no coverage have no payer to go to and are handed back apart.
 */
export function groupClaimsForSubmission<C extends Groupable>(
  claims: readonly C[],
): { groups: SubmissionGroup<C>[]; withoutPayer: C[] } {
  const groups = new Map<string, SubmissionGroup<C>>();
  const withoutPayer: C[] = [];
  for (const claim of claims) {
    const payer = claim.coverage?.payer;
    if (payer === undefined || payer.payerID.trim() === '') {
      withoutPayer.push(claim);
      continue;
    }
    const key = `${payer.payerID.trim()}\u0000${claim.claimType}`;
    const group = groups.get(key);
    if (group === undefined)
      groups.set(key, {
        payerID: payer.payerID.trim(),
        payerName: payer.name,
        claimType: claim.claimType,
        claims: [claim],
      });
    else group.claims.push(claim);
  }
  return { groups: [...groups.values()], withoutPayer };
}
