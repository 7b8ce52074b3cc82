/**
 * The ERA detail screen's commands: open it from the ERA screen, link by hand what matching could
 * not (an ERA claim to one of our claims, an ERA line to one of that claim's charges), unlink a
 * wrong line, and open our claim. The screen's keys (O, L, X, Enter) run these same commands.
 */
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { linkEraPosting, unlinkEraLine } from '../../src/api/era.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import {
  chargeChoices,
  claimIDProblem,
  claimName,
  linkClaimReason,
  linkLineReason,
  OFF_SCREEN_REASON,
  openClaimReason,
  procedureText,
  unlinkLineReason,
} from '../../src/features/eraDetail/index.ts';
import { getChargesData } from '../../src/features/panes/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { listsNone, targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { failureText } from './era.ts';
import { CLAIMS_PATH, claimDetailPath, ERA_DETAIL, ERA_PATH, eraDetailPath } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

export const LINK_CLAIM_FAILED = 'The ERA claim was not linked.';
export const LINK_LINE_FAILED = 'The ERA line was not linked.';
export const UNLINK_LINE_FAILED = 'The ERA line was not unlinked.';

export const onDetailScreen = (ctx: Pick<CommandContext, 'route'>) => ERA_DETAIL.idIn(ctx.route) !== null;

/** The ERA claim under the detail screen's cursor, as the reasons read it: with its check. */
function cursorClaim(): {
  check: { status: string };
  claim: {
    eraClaimID: number;
    claimID: number | null;
    posted: boolean;
    patientControlNumber: string;
    patientName: string | null;
  };
} | null {
  const claim = targetOf('eraClaim');
  return claim === null
    ? null
    : {
        check: claim.check,
        claim: {
          eraClaimID: claim.id,
          claimID: claim.claimID,
          posted: claim.posted,
          patientControlNumber: claim.patientControlNumber,
          patientName: claim.patientName,
        },
      };
}

/** The ERA line under the cursor of the detail screen's lines list. */
function cursorLine(): {
  eraLineID: number;
  chargeID: number | null;
  procedureCode: string;
  modifiers: string[];
} | null {
  const line = targetOf('eraLine');
  return line === null
    ? null
    : {
        eraLineID: line.id,
        chargeID: line.chargeID,
        procedureCode: line.procedureCode,
        modifiers: [...line.modifiers],
      };
}

/** The detail screen shows an ERA file: it publishes its cursor claim (null when the file holds none). */
const detailShown = () => targetOf('eraClaim') !== null || listsNone('eraClaim');

const detailReason = (ctx: CommandContext) =>
  notInMenuReason(ERA_PATH, 'The ERA screen') ?? (onDetailScreen(ctx) && detailShown() ? null : OFF_SCREEN_REASON);

/** Why "Open ERA detail" cannot run on the ERA screen's cursor check, or null. */
export function openDetailReason(route: string, cursorEraID: number | null): string | null {
  if (route !== ERA_PATH) return 'Open the ERA screen first (g e).';
  return cursorEraID === null ? 'No ERA check is under the cursor.' : null;
}

const cursorEraID = () => targetOf('eraCheck')?.eraID ?? null;

const openDetail: Command = {
  id: 'eraDetail.open',
  title: 'Open ERA detail',
  screenKey: 'o',
  group: 'Payments',
  keywords: ['era', '835', 'remittance', 'detail', 'claims', 'lines', 'link', 'open'],
  privilege: 'PAYMENTS',
  when: (ctx) => ctx.route === ERA_PATH,
  disabledReason: (ctx) => notInMenuReason(ERA_PATH, 'The ERA screen') ?? openDetailReason(ctx.route, cursorEraID()),
  run: () => {
    const eraID = cursorEraID();
    if (eraID !== null) goTo(eraDetailPath(eraID));
  },
};

const linkClaim: Command = {
  id: 'eraDetail.linkClaim',
  title: 'Link ERA claim to a claim…',
  screenKey: 'l',
  group: 'Payments',
  keywords: ['era', '835', 'link', 'match', 'unmatched', 'claim', 'attach'],
  privilege: 'PAYMENTS',
  when: onDetailScreen,
  disabledReason: (ctx) => detailReason(ctx) ?? linkClaimReason(cursorClaim()),
  steps: [
    {
      key: 'claimID',
      kind: 'text',
      title: 'Claim ID',
      placeholder: 'Our claim ID, e.g. 1042',
      validate: claimIDProblem,
    },
  ],
  run: async (ctx, args) => {
    const row = cursorClaim();
    if (row === null || claimIDProblem(String(args.claimID)) !== null) return;
    const claimID = Number(String(args.claimID).trim());
    try {
      await linkEraPosting({ eraClaimID: row.claim.eraClaimID, claimID }, { source: ctx.source, silent: true });
      notify.success(`${claimName(row.claim)} is linked to claim ${claimID}.`);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(LINK_CLAIM_FAILED, failureText(thrown));
    }
    recordsChanged('eraClaim', [row.claim.eraClaimID]);
  },
};

/** The charges of the last choice list, so the toast can name the picked one. */
const listedCharges = new Map<number, ChargeLine>();

const linkLine: Command = {
  id: 'eraDetail.linkLine',
  title: 'Link ERA line to a charge…',
  screenKey: 'l',
  group: 'Payments',
  keywords: ['era', '835', 'link', 'match', 'unmatched', 'line', 'charge', 'service line', 'attach'],
  privilege: 'PAYMENTS',
  when: onDetailScreen,
  disabledReason: (ctx) => detailReason(ctx) ?? linkLineReason(cursorClaim(), cursorLine()),
  steps: [
    {
      key: 'chargeID',
      kind: 'choice',
      title: 'Charge of the linked claim (open charges)',
      choices: async () => {
        const claimID = cursorClaim()?.claim.claimID ?? null;
        if (claimID === null) return [{ value: 'none', label: 'The ERA claim is not linked to one of our claims.' }];
        const { charges } = await getChargesData(claimID, { silent: true, background: true });
        listedCharges.clear();
        for (const charge of charges) listedCharges.set(charge.chargeID, charge);
        return chargeChoices(charges, claimID);
      },
    },
  ],
  run: async (ctx, args) => {
    const line = cursorLine();
    const chargeID = Number(args.chargeID);
    if (line === null || !Number.isInteger(chargeID) || chargeID <= 0) return;
    const charge = listedCharges.get(chargeID);
    try {
      await linkEraPosting({ eraLineID: line.eraLineID, chargeID }, { source: ctx.source, silent: true });
      notify.success(
        `ERA line ${procedureText(line)} is linked to ${charge === undefined ? `charge ${chargeID}` : `line ${charge.lineNumber} (${charge.cptCode})`}.`,
      );
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(LINK_LINE_FAILED, failureText(thrown));
    }
    recordsChanged('eraLine', [line.eraLineID]);
  },
};

const unlinkLine: Command = {
  id: 'eraDetail.unlinkLine',
  title: 'Unlink ERA line',
  screenKey: 'x',
  group: 'Payments',
  keywords: ['era', '835', 'unlink', 'detach', 'unmatch', 'wrong match', 'line', 'charge'],
  privilege: 'PAYMENTS',
  when: onDetailScreen,
  disabledReason: (ctx) => detailReason(ctx) ?? unlinkLineReason(cursorClaim(), cursorLine()),
  run: async (ctx) => {
    const line = cursorLine();
    if (line === null) return;
    try {
      const reply = await unlinkEraLine(line.eraLineID, { source: ctx.source, silent: true });
      if (reply.pkid === 1) notify.success(`ERA line ${procedureText(line)} is unmatched.`);
      else notify.warning(reply.message);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(UNLINK_LINE_FAILED, failureText(thrown));
    }
    recordsChanged('eraLine', [line.eraLineID]);
  },
};

const openClaim: Command = {
  id: 'eraDetail.openClaim',
  title: 'Open the ERA claim’s claim',
  screenKey: 'Enter',
  group: 'Payments',
  keywords: ['era', 'claim', 'open', 'matched', 'detail'],
  when: onDetailScreen,
  disabledReason: (ctx) =>
    detailReason(ctx) ?? notInMenuReason(CLAIMS_PATH, 'The claims list') ?? openClaimReason(cursorClaim()),
  run: () => {
    const claimID = cursorClaim()?.claim.claimID ?? null;
    if (claimID !== null) goTo(claimDetailPath(claimID));
  },
};

export const eraDetailCommands: readonly Command[] = [openDetail, linkClaim, linkLine, unlinkLine, openClaim];
