/**
 * Claim vs ERA's commands on the row under the cursor: link an ERA line matching left unlinked to
 * one of the claim's charges, unlink a wrong match, post the ERA check that answered the line.
 * The panes' keys (L, X, P) run these same commands.
 */
import { claimVsEra } from '../layouts/claimVsEra.ts';
import { layoutIdOfPath } from '../layouts/index.ts';
import type { ChargeLine } from '../contract/claimDetail.ts';
import { ApiError } from '../src/api/apiError.ts';
import { linkEraPosting, unlinkEraLine, type EraLinkReply } from '../src/api/era.ts';
import { runCommand } from '../src/console/registry.ts';
import type { Command, CommandContext } from '../src/console/types.ts';
import { chargeChoices, POSTED_REASON } from '../src/features/eraDetail/eraDetailText.ts';
import { procedureText } from '../src/features/panes/billingText.ts';
import type { ComparedLine } from '../src/features/panes/claimLines.ts';
import { compareOnScreen, comparisonChanged } from '../src/features/panes/compareOnScreen.ts';
import { getChargesData } from '../src/features/panes/paneApi.ts';
import { notify } from '../src/toasts/notify.tsx';
import { failureText } from './era.ts';
import { LINK_LINE_FAILED, UNLINK_LINE_FAILED } from './eraDetail.ts';

const onComparison = (ctx: Pick<CommandContext, 'route'>) => layoutIdOfPath(ctx.route) === claimVsEra.id;

const OFF_SCREEN = `Open the ${claimVsEra.title} workspace and move to a line first.`;

/** Why the cursor row's ERA line cannot be acted on, or null; `linked` is what the action needs. */
export function eraLineReason(line: ComparedLine | null, linked: boolean | null): string | null {
  if (line === null) return OFF_SCREEN;
  if (line.era === null) return 'No ERA line answered this charge yet.';
  if (line.era.posted) return POSTED_REASON;
  if (linked === true && line.chargeID === null) return 'This ERA line is not linked to a charge (L links it).';
  if (linked === false && line.chargeID !== null) return `This ERA line is linked to line ${line.lineNumber ?? ''} already (X unlinks it).`;
  return null;
}

const eraLineText = (line: ComparedLine) => `ERA line ${procedureText(line.procedure.cptCode, line.procedure.modifiers)}`;

/** Links or unlinks, says how it went, and has both sides read the claim again. */
async function changeLink(call: () => Promise<EraLinkReply>, done: (reply: EraLinkReply) => void, failed: string): Promise<void> {
  try {
    done(await call());
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
    notify.error(failed, failureText(thrown));
  }
  comparisonChanged();
}

/** The charges of the last choice list, so the toast can name the picked one. */
const listedCharges = new Map<number, ChargeLine>();

const linkLine: Command = {
  id: 'claimVsEra.linkLine',
  title: 'Link this ERA line to a charge…',
  screenKey: 'l',
  group: 'Payments',
  keywords: ['claim vs era', 'compare', 'link', 'match', 'unmatched', 'era line', 'charge'],
  privilege: 'PAYMENTS',
  when: onComparison,
  disabledReason: () => eraLineReason(compareOnScreen.line, false),
  steps: [
    {
      key: 'chargeID',
      kind: 'choice',
      title: 'Charge of this claim (open charges)',
      choices: async () => {
        const claimID = compareOnScreen.claimID;
        if (claimID === null) return [{ value: 'none', label: OFF_SCREEN }];
        const { charges } = await getChargesData(claimID, { silent: true, background: true });
        listedCharges.clear();
        for (const charge of charges) listedCharges.set(charge.chargeID, charge);
        return chargeChoices(charges, claimID);
      },
    },
  ],
  run: async (ctx, args) => {
    const line = compareOnScreen.line;
    const chargeID = Number(args.chargeID);
    const eraLineID = line?.era?.eraLineID;
    if (line == null || eraLineID === undefined || !Number.isInteger(chargeID) || chargeID <= 0) return;
    const charge = listedCharges.get(chargeID);
    await changeLink(
      () => linkEraPosting({ eraLineID, chargeID }, { source: ctx.source, silent: true }),
      (reply) => notify.success(reply.message, `${eraLineText(line)} is linked to ${charge === undefined ? `charge ${chargeID}` : `line ${charge.lineNumber} (${charge.cptCode})`}.`),
      LINK_LINE_FAILED,
    );
  },
};

const unlinkLine: Command = {
  id: 'claimVsEra.unlinkLine',
  title: 'Unlink this ERA line from its charge',
  screenKey: 'x',
  group: 'Payments',
  keywords: ['claim vs era', 'compare', 'unlink', 'detach', 'wrong match', 'era line', 'charge'],
  privilege: 'PAYMENTS',
  when: onComparison,
  disabledReason: () => eraLineReason(compareOnScreen.line, true),
  run: async (ctx) => {
    const line = compareOnScreen.line;
    const eraLineID = line?.era?.eraLineID;
    if (line == null || eraLineID === undefined) return;
    await changeLink(
      () => unlinkEraLine(eraLineID, { source: ctx.source, silent: true }),
      (reply) => (reply.pkid === 1 ? notify.success(reply.message, `${eraLineText(line)} is unmatched.`) : notify.warning(reply.message)),
      UNLINK_LINE_FAILED,
    );
  },
};

const postCheck: Command = {
  id: 'claimVsEra.postCheck',
  title: 'Post the ERA check of this line…',
  screenKey: 'p',
  group: 'Payments',
  keywords: ['claim vs era', 'compare', 'post', 'posting', 'era', 'check', 'insurance payment'],
  privilege: 'PAYMENTS',
  when: onComparison,
  disabledReason: () => eraLineReason(compareOnScreen.line, null),
  // The ERA screen's posting asks the same confirm step and lists the same warnings.
  run: async (ctx) => {
    const eraCheckID = compareOnScreen.line?.era?.eraCheckID;
    if (eraCheckID !== undefined) await runCommand('era.postCheck', ctx.source, { eraCheckID: String(eraCheckID) });
  },
};

export const claimVsEraCommands: readonly Command[] = [linkLine, unlinkLine, postCheck];
