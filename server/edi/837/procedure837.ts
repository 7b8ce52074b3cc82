import { claimProblem } from './build837Error.ts';
import type { Charge837, Claim837 } from './claim837.ts';

/** A procedure composite carries at most four modifiers. */
const MAX_MODIFIERS = 4;

/** SV101 / SV202 / SVD03: 'HC', the CPT or HCPCS code, then its modifiers. */
export function procedure(claim: Claim837, charge: Charge837): string[] {
  const modifiers = charge.modifiers
    .map((modifier) => modifier.trim().toUpperCase())
    .filter((modifier) => modifier !== '');
  if (modifiers.length > MAX_MODIFIERS)
    throw claimProblem(
      claim.claimID,
      `line ${charge.lineControlNumber} has ${modifiers.length} modifiers; at most ${MAX_MODIFIERS} fit.`,
    );
  return ['HC', charge.cptCode.trim().toUpperCase(), ...modifiers];
}
