/**
 * The claim a payment keyed by hand is posted on: the claim open in claim detail, or the one claim
 * under the cursor of a claims list or pane (the claim other claim commands take there). On claim
 * detail its lines are on screen. Elsewhere they are not: the commands ask a first step, "Claim to
 * post on", whose choice reads them and names the claim with what it owes; the steps that need the
 * lines (one a line on a paper EOB) follow once it is answered, as the registry asks any step still
 * unanswered before it runs.
 */
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { formatCents } from '../../contract/money.ts';
import { currentContext } from '../../src/console/registry.ts';
import type { CommandContext, CommandStep } from '../../src/console/types.ts';
import { getClaimDetailData } from '../../src/features/panes/index.ts';
import { shownClaim } from '../claims/openClaim.ts';
import { claimInFocus } from '../workspace/workspace.ts';

/** The claim step's answer when there is nothing to post on. */
export const NO_CLAIM = 'none';

const isOpen = (line: ChargeLine) => line.status !== 'void' && line.status !== 'deleted';
export const openLinesOf = (charges: readonly ChargeLine[]) =>
  charges.filter((line) => isOpen(line) && line.balance > 0).sort((a, b) => a.lineNumber - b.lineNumber);
export const owedOn = (charges: readonly ChargeLine[]) =>
  charges.reduce((sum, line) => sum + (isOpen(line) ? Math.max(line.balance, 0) : 0), 0);

/** The lines the claim step read, for a run off the claim's detail screen. */
let read: { claimID: number; charges: readonly ChargeLine[] } | null = null;

/** Why no claim is at hand: several picked, or none open or under a cursor; null when one is. */
export function noPaymentClaimReason(ctx: CommandContext): string | null {
  if (claimInFocus(ctx) !== null) return null;
  if (ctx.selection.recordType === 'claim' && (ctx.selection.ids.length > 1 || ctx.selection.allMatching !== null))
    return 'A payment is posted on one claim: pick just one in the list.';
  return 'Open a claim, or put the cursor on one in a claims list.';
}

/** The open claim's lines, or the lines the claim step read for `claimID`; null while unknown. */
export function linesOf(claimID: number): readonly ChargeLine[] | null {
  const shown = shownClaim();
  if (shown?.id === claimID) return shown.charges;
  return read?.claimID === claimID ? read.charges : null;
}

/** The claim the run is about: the claim step's answer, else the claim in focus. */
export function paymentClaimID(ctx: CommandContext, args: Readonly<Record<string, unknown>>): number | null {
  if (args.claim === NO_CLAIM) return null;
  return args.claim === undefined ? claimInFocus(ctx) : Number(args.claim);
}

/** Forgets the lines read: a later run reads them again, with what was posted since. */
export function forgetReadLines(): void {
  read = null;
}

const claimStep: CommandStep = {
  key: 'claim',
  kind: 'choice',
  title: 'Claim to post on',
  choices: async (ctx) => {
    const claimID = claimInFocus(ctx);
    if (claimID === null) return [{ value: NO_CLAIM, label: 'No claim is under the cursor: nothing to post.' }];
    const { header, charges } = await getClaimDetailData(claimID, { background: true });
    read = { claimID, charges };
    const open = openLinesOf(charges);
    if (open.length === 0)
      return [{ value: NO_CLAIM, label: `Claim ${claimID} has no line with a balance: nothing to post.` }];
    return [
      {
        value: String(claimID),
        label: `Claim ${claimID} · ${header.patientName} · owes ${formatCents(owedOn(charges))} on ${open.length} line${open.length === 1 ? '' : 's'}`,
        hint: [header.payerName ?? 'self-pay', header.claimStatus].join(' · '),
      },
    ];
  },
};

/**
 * A payment command's steps. On the claim's detail screen: `rest` of its lines on screen. Elsewhere
 * the claim step, then `rest` once it has read lines that owe. A getter has no context: the claim
 * is the one in focus now.
 */
export function paymentSteps(
  rest: (openLines: readonly ChargeLine[]) => readonly CommandStep[],
): readonly CommandStep[] {
  const claimID = claimInFocus(currentContext('palette'));
  const shown = shownClaim();
  if (claimID !== null && shown?.id === claimID) return rest(openLinesOf(shown.charges));
  const lines = claimID === null ? null : linesOf(claimID);
  const open = lines === null ? [] : openLinesOf(lines);
  return open.length === 0 ? [claimStep] : [claimStep, ...rest(open)];
}
