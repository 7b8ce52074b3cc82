/**
 * Claim vs ERA's commands on the row under the cursor: link an ERA line matching left unlinked to
 * one of the claim's charges, unlink a wrong match, post the ERA check that answered the line.
 * The panes' keys (L, X, P) run these same commands.
 */
import { claimVsEra } from '../../layouts/claimVsEra.ts';
import { layoutIdOfPath } from '../../layouts/index.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { linkEraPosting, unlinkEraLine, type EraLinkReply } from '../../src/api/era.ts';
import { runCommand } from '../../src/console/registry.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { chargeChoices, POSTED_REASON } from '../../src/features/eraDetail/index.ts';
import { getChargesData, procedureText } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { failureText } from './era.ts';
import { LINK_LINE_FAILED, UNLINK_LINE_FAILED } from './eraDetail.ts';

const onComparison = (ctx: Pick<CommandContext, 'route'>) => layoutIdOfPath(ctx.route) === claimVsEra.id;

const OFF_SCREEN = `Open the ${claimVsEra.title} workspace and move to a line first.`;

/** A row of the comparison as its commands decide on it: the charge line as billed and the ERA line that answered it, if any. */
export interface ComparedRow {
  chargeID: number | null;
  lineNumber: number | null;
  procedure: { cptCode: string; modifiers: readonly string[] };
  era: { eraLineID: number; eraCheckID: number; posted: boolean } | null;
}

/**
 * The row under the cursor of Claim vs ERA (its target: the ERA line, or the billed line no ERA
 * line answered), with the claim compared; null off the workspace.
 */
function comparedRow(ctx: Pick<CommandContext, 'route'>): (ComparedRow & { claimID: number }) | null {
  if (!onComparison(ctx)) return null;
  const eraLine = targetOf('eraLine');
  if (eraLine !== null && eraLine.claimID !== null) {
    const era = { eraLineID: eraLine.id, eraCheckID: eraLine.eraCheckID, posted: eraLine.posted };
    return {
      claimID: eraLine.claimID,
      chargeID: eraLine.chargeID,
      lineNumber: eraLine.lineNumber,
      procedure: { cptCode: eraLine.procedureCode, modifiers: eraLine.modifiers },
      era,
    };
  }
  const charge = targetOf('chargeLine');
  return charge === null
    ? null
    : {
        claimID: charge.claimID,
        chargeID: charge.id,
        lineNumber: charge.lineNumber,
        procedure: { cptCode: '', modifiers: [] },
        era: null,
      };
}

/** Why the cursor row's ERA line cannot be acted on, or null; `linked` is what the action needs. */
export function eraLineReason(line: ComparedRow | null, linked: boolean | null): string | null {
  if (line === null) return OFF_SCREEN;
  if (line.era === null) return 'No ERA line answered this charge yet.';
  if (line.era.posted) return POSTED_REASON;
  if (linked === true && line.chargeID === null) return 'This ERA line is not linked to a charge (L links it).';
  if (linked === false && line.chargeID !== null)
    return `This ERA line is linked to line ${line.lineNumber ?? ''} already (X unlinks it).`;
  return null;
}

const eraLineText = (line: ComparedRow) =>
  `ERA line ${procedureText(line.procedure.cptCode, line.procedure.modifiers)}`;

/** Links or unlinks, says how it went, and announces the ERA line changed, so both sides read the claim again. */
async function changeLink(
  eraLineID: number,
  call: () => Promise<EraLinkReply>,
  done: (reply: EraLinkReply) => void,
  failed: string,
): Promise<void> {
  try {
    done(await call());
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
    notify.error(failed, failureText(thrown));
  }
  recordsChanged('eraLine', [eraLineID]);
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
  disabledReason: (ctx) => eraLineReason(comparedRow(ctx), false),
  steps: [
    {
      key: 'chargeID',
      kind: 'choice',
      title: 'Charge of this claim (open charges)',
      choices: async (ctx) => {
        const claimID = comparedRow(ctx)?.claimID ?? null;
        if (claimID === null) return [{ value: 'none', label: OFF_SCREEN }];
        const { charges } = await getChargesData(claimID, { silent: true, background: true });
        listedCharges.clear();
        for (const charge of charges) listedCharges.set(charge.chargeID, charge);
        return chargeChoices(charges, claimID);
      },
    },
  ],
  run: async (ctx, args) => {
    const line = comparedRow(ctx);
    const chargeID = Number(args.chargeID);
    const eraLineID = line?.era?.eraLineID;
    if (line == null || eraLineID === undefined || !Number.isInteger(chargeID) || chargeID <= 0) return;
    const charge = listedCharges.get(chargeID);
    await changeLink(
      eraLineID,
      () => linkEraPosting({ eraLineID, chargeID }, { source: ctx.source, silent: true }),
      () =>
        notify.success(
          `${eraLineText(line)} is linked to ${charge === undefined ? `charge ${chargeID}` : `line ${charge.lineNumber} (${charge.cptCode})`}.`,
        ),
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
  disabledReason: (ctx) => eraLineReason(comparedRow(ctx), true),
  run: async (ctx) => {
    const line = comparedRow(ctx);
    const eraLineID = line?.era?.eraLineID;
    if (line == null || eraLineID === undefined) return;
    await changeLink(
      eraLineID,
      () => unlinkEraLine(eraLineID, { source: ctx.source, silent: true }),
      (reply) =>
        reply.pkid === 1 ? notify.success(`${eraLineText(line)} is unmatched.`) : notify.warning(reply.message),
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
  disabledReason: (ctx) => eraLineReason(comparedRow(ctx), null),
  // The ERA screen's posting asks the same confirm step and lists the same warnings.
  run: async (ctx) => {
    const eraCheckID = comparedRow(ctx)?.era?.eraCheckID;
    if (eraCheckID !== undefined) await runCommand('era.postCheck', ctx.source, { eraCheckID: String(eraCheckID) });
  },
};

export const claimVsEraCommands: readonly Command[] = [linkLine, unlinkLine, postCheck];
