/**
 * The claim screens of SPEC point 2 beside the detail: the claim form, new (/app/create-claim) or
 * for the open claim (/app/create-claim/<id>), its save, and the expanded view
 * (/app/expanded-view/<id>). The palette's "New claim…" stays for a claim started by questions.
 */
import type { Command, CommandContext } from '../../src/console/types.ts';
import { claimFormOnScreen, requestFormSave } from '../../src/features/claimForm/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { CLAIMS_PATH, CREATE_CLAIM_PATH, editClaimFormPath, expandedViewPath } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const openClaimID = (ctx: CommandContext): number | null => (ctx.record?.type === 'claim' ? ctx.record.id : null);
const openClaimReason = (ctx: CommandContext) => (openClaimID(ctx) !== null ? null : 'Open a claim first.');

const newClaimForm: Command = {
  id: 'claims.newClaimForm',
  title: 'New claim (form)',
  group: 'Claims',
  keywords: ['create', 'add', 'claim', 'form', 'encounter', 'superbill', 'charge entry'],
  shortcut: 'Alt+n',
  privilege: 'CLAIMS',
  disabledReason: () => notInMenuReason(CLAIMS_PATH, 'The claims list'),
  run: () => goTo(CREATE_CLAIM_PATH),
};

const editClaimForm: Command = {
  id: 'claims.editClaimForm',
  title: 'Edit claim (form)',
  group: 'Claims',
  keywords: ['edit', 'change', 'fix', 'claim', 'form', 'lines', 'diagnoses', 'units'],
  shortcut: 'Alt+f',
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  run: (ctx) => {
    const claimID = openClaimID(ctx);
    if (claimID !== null) goTo(editClaimFormPath(claimID));
  },
};

const expandedView: Command = {
  id: 'claims.expandedView',
  title: 'Expanded view',
  group: 'Claims',
  keywords: ['expand', 'everything', 'all', 'full', 'sheet', 'print', 'claim'],
  shortcut: 'Alt+x',
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  run: (ctx) => {
    const claimID = openClaimID(ctx);
    if (claimID !== null) goTo(expandedViewPath(claimID));
  },
};

const saveClaimForm: Command = {
  id: 'claims.saveClaimForm',
  title: 'Save the claim form',
  group: 'Claims',
  keywords: ['save', 'submit form', 'create', 'store'],
  shortcut: '$mod+Enter',
  // The form holds the 'page' scope, so Ctrl+Enter is taken only while it is open.
  scope: 'page',
  privilege: 'CLAIMS',
  when: () => claimFormOnScreen.open,
  disabledReason: () =>
    !claimFormOnScreen.open
      ? 'Open the claim form first.'
      : claimFormOnScreen.editable
        ? null
        : 'This claim is read-only.',
  run: requestFormSave,
};

export const claimScreenCommands: readonly Command[] = [newClaimForm, editClaimForm, expandedView, saveClaimForm];
