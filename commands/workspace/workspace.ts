/**
 * Workspaces: switching layouts, moving the keyboard between panes, maximising one, and opening
 * the claim under the cursor. The pane keys live in the 'pane' scope, so they act only while a
 * workspace pane holds the keyboard and never shadow a dialog or the palette.
 */
import { MAX_LISTED_CLAIM_IDS } from '../../contract/claims.ts';
import { findLayout, LAYOUTS, layoutIdOfPath } from '../../layouts/index.ts';
import type { LayoutDeclaration } from '../../layouts/types.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { backToList } from '../../src/features/claimDetail/index.ts';
import { focusPane, paneOfActiveElement } from '../../src/features/workspace/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import {
  listClaimsIn,
  paneCursor,
  restoreMaximised,
  setFocusedPane,
  toggleMaximised,
  workspace,
} from '../../src/state/workspace.ts';
import { CLAIM_DETAIL, claimDetailPath, CLAIMS_PATH, workspacePath } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const PANE_COUNT = 3;

function inWorkspace(ctx: CommandContext): boolean {
  return layoutIdOfPath(ctx.route) !== null;
}

function notInWorkspaceReason(ctx: CommandContext): string | null {
  return inWorkspace(ctx) ? null : 'Open a workspace first.';
}

/**
 * The pane that holds the keyboard, else the one that held it last. The store first: a pane takes
 * the focus a frame after a move (moveToPane), and a second F6 inside that frame must step on from
 * where the first one went, not from where the focus still is.
 */
function currentPane(): string | null {
  return workspace.focusedPane ?? paneOfActiveElement();
}

function moveToPane(paneId: string | undefined): void {
  if (!paneId) return;
  // A maximised pane covers the others: going to another pane brings the layout back first.
  if (workspace.maximisedPane !== null && workspace.maximisedPane !== paneId) restoreMaximised();
  setFocusedPane(paneId);
  // After the restore has been drawn, so the target is not inert any more.
  requestAnimationFrame(() => focusPane(paneId));
}

function stepPane(step: 1 | -1): void {
  const panes = workspace.paneIds;
  if (panes.length === 0) return;
  const at = panes.indexOf(currentPane() ?? '');
  const next = at < 0 ? 0 : (at + step + panes.length) % panes.length;
  moveToPane(panes[next]);
}

/** The claim the biller means: the one open on screen, the one selected, or the one under the pane cursor. */
export function claimInFocus(ctx: CommandContext): number | null {
  if (ctx.record?.type === 'claim') return ctx.record.id;
  if (ctx.selection.recordType === 'claim' && ctx.selection.ids.length === 1) return ctx.selection.ids[0] ?? null;
  const layoutId = workspace.layoutId;
  const pane = currentPane();
  if (layoutId === null || pane === null) return null;
  return paneCursor(layoutId, pane).claimID ?? null;
}

/**
 * The claims a layout that opens on them starts with: the claim open on its screen; on the claims
 * list or in a workspace the claims picked, else the one under the cursor (not "all N matching":
 * that is every claim). None elsewhere: a selection left on the list is not what the biller is on.
 */
export function claimsInFocus(ctx: CommandContext): number[] {
  if (ctx.record?.type === 'claim') return [ctx.record.id];
  if (ctx.route !== CLAIMS_PATH && !inWorkspace(ctx)) return [];
  if (ctx.selection.recordType === 'claim' && ctx.selection.allMatching === null && ctx.selection.ids.length > 0)
    return ctx.selection.ids.slice(0, MAX_LISTED_CLAIM_IDS);
  const claimID = claimInFocus(ctx);
  return claimID === null ? [] : [claimID];
}

/** Opens `layout`; one that opens on the claims in focus lists those (or every claim when there are none), unless it is open already. */
function openLayout(layout: LayoutDeclaration, ctx: CommandContext): void {
  if (layout.opensOnClaimsInFocus && layoutIdOfPath(ctx.route) !== layout.id)
    listClaimsIn(layout.id, claimsInFocus(ctx));
  goTo(workspacePath(layout.id));
}

/** The open layout's Claims pane lists only the claims it was opened on. */
function listsSomeClaims(ctx: CommandContext): boolean {
  const layoutId = layoutIdOfPath(ctx.route);
  return layoutId !== null && workspace.listedClaims[layoutId] !== undefined;
}

/** Several picked claims name no one claim to open: say so rather than "move to a claim". */
function openClaimDetailReason(ctx: CommandContext): string | null {
  if (claimInFocus(ctx) !== null) return null;
  return ctx.selection.recordType === 'claim' && ctx.selection.ids.length > 1
    ? 'Opens one claim: pick just one.'
    : 'Move to a claim first.';
}

function onClaimDetail(ctx: CommandContext): boolean {
  return CLAIM_DETAIL.holds(ctx.route);
}

function workspaceMenuReason(): string | null {
  return notInMenuReason(workspacePath(LAYOUTS[0]?.id ?? ''), 'Workspaces');
}

function openLayoutCommand(layout: LayoutDeclaration): Command {
  return {
    id: `workspace.open.${layout.id}`,
    title: `Workspace: ${layout.title}`,
    group: 'Workspace',
    keywords: ['layout', 'panes', 'split', ...layout.keywords],
    shortcut: layout.shortcut,
    privilege: 'CLAIMS',
    disabledReason: workspaceMenuReason,
    run: (ctx) => openLayout(layout, ctx),
  };
}

function focusPaneCommand(number: number): Command {
  return {
    id: `workspace.focusPane${number}`,
    title: `Go to pane ${number}`,
    group: 'Workspace',
    keywords: ['focus', 'pane', String(number)],
    shortcut: `$mod+${number}`,
    scope: 'pane',
    when: inWorkspace,
    disabledReason: (ctx) =>
      notInWorkspaceReason(ctx) ??
      (workspace.paneIds.length < number ? `This layout has ${workspace.paneIds.length} panes.` : null),
    run: () => moveToPane(workspace.paneIds[number - 1]),
  };
}

export const workspaceCommands: readonly Command[] = [
  {
    id: 'workspace.switchLayout',
    title: 'Switch workspace layout…',
    group: 'Workspace',
    keywords: ['layout', 'panes', 'split', 'workspace', 'side by side'],
    privilege: 'CLAIMS',
    disabledReason: workspaceMenuReason,
    steps: [
      {
        key: 'layoutId',
        kind: 'choice',
        title: 'Layout',
        choices: (ctx) =>
          LAYOUTS.map((layout) => ({
            value: layout.id,
            label: layout.title,
            hint: layoutIdOfPath(ctx.route) === layout.id ? 'open now' : layout.description,
          })),
      },
    ],
    run: (ctx, args) => {
      const layout = findLayout(String(args.layoutId));
      if (layout) openLayout(layout, ctx);
    },
  },
  ...LAYOUTS.map(openLayoutCommand),
  {
    id: 'workspace.listEveryClaim',
    title: 'List every claim in the Claims pane',
    group: 'Workspace',
    keywords: ['all claims', 'show all', 'clear', 'unfilter', 'claims pane', 'claim vs era'],
    when: listsSomeClaims,
    disabledReason: (ctx) =>
      notInWorkspaceReason(ctx) ?? (listsSomeClaims(ctx) ? null : 'The Claims pane lists every claim already.'),
    run: (ctx) => {
      const layoutId = layoutIdOfPath(ctx.route);
      if (layoutId !== null) listClaimsIn(layoutId, null);
    },
  },
  {
    id: 'workspace.focusNextPane',
    title: 'Go to the next pane',
    group: 'Workspace',
    keywords: ['focus', 'pane', 'cycle'],
    shortcut: 'F6',
    scope: 'pane',
    when: inWorkspace,
    disabledReason: notInWorkspaceReason,
    run: () => stepPane(1),
  },
  {
    id: 'workspace.focusPreviousPane',
    title: 'Go to the previous pane',
    group: 'Workspace',
    keywords: ['focus', 'pane', 'cycle', 'back'],
    shortcut: 'Shift+F6',
    scope: 'pane',
    when: inWorkspace,
    disabledReason: notInWorkspaceReason,
    run: () => stepPane(-1),
  },
  ...Array.from({ length: PANE_COUNT }, (_, index) => focusPaneCommand(index + 1)),
  {
    id: 'workspace.toggleMaximise',
    title: 'Maximise or restore the pane',
    group: 'Workspace',
    keywords: ['zoom', 'full width', 'maximize', 'restore'],
    shortcut: '$mod+Shift+Enter',
    scope: 'pane',
    when: inWorkspace,
    disabledReason: (ctx) => notInWorkspaceReason(ctx) ?? (currentPane() === null ? 'Go to a pane first.' : null),
    run: () => {
      const pane = currentPane();
      if (pane === null) return;
      toggleMaximised(pane);
      requestAnimationFrame(() => focusPane(pane));
    },
  },
  {
    id: 'workspace.openClaimDetail',
    title: 'Open claim detail',
    group: 'Claims',
    keywords: ['claim', 'detail', 'view', 'open'],
    privilege: 'CLAIMS',
    when: (ctx) => claimInFocus(ctx) !== null && !onClaimDetail(ctx),
    disabledReason: (ctx) => notInMenuReason(claimDetailPath(1), 'Claim details') ?? openClaimDetailReason(ctx),
    run: (ctx) => {
      const claimID = claimInFocus(ctx);
      if (claimID !== null) goTo(claimDetailPath(claimID));
    },
  },
  {
    id: 'claimDetail.backToList',
    title: 'Back to the claims list',
    group: 'Claims',
    keywords: ['close', 'return', 'list', 'escape'],
    when: onClaimDetail,
    disabledReason: (ctx) => (onClaimDetail(ctx) ? null : 'No claim is open.'),
    run: () => backToList(),
  },
];
