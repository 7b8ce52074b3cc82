/** The claim open on its screen, as commands about "this claim" take it. */
import type { CommandContext } from '../../src/console/types.ts';
import { targetOf, type Target } from '../../src/state/target.ts';

/** The claim open on screen with its lines, diagnoses and findings, when it is the record the context names; else null. */
export function openClaim(ctx: Pick<CommandContext, 'record'>): Target<'claim'> | null {
  const claim = targetOf('claim');
  return ctx.record?.type === 'claim' && claim?.id === ctx.record.id ? claim : null;
}

/** The claim shown on the claim screen (its target), whatever the context; null when none is shown. */
export function shownClaim(): Target<'claim'> | null {
  return targetOf('claim');
}
