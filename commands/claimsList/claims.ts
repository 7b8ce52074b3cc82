/**
 * Claims commands: notes (on the open claim, the selected claims or "all N matching", as a bulk
 * run), following and cancelling bulk runs, and arranging the claims grid's columns by keyboard.
 * Grid commands act through the grid's store, never on the grid itself.
 */
import { NOTE_TEXT_LIMIT, type BulkNotesRequest } from '../../contract/notes.ts';
import { getNoteTypes, saveBulkNotes } from '../../src/api/jobs.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { cancelNewestRun, followRun, unfinishedRuns, whenRunEnds } from '../../src/features/bulk/index.ts';
import {
  claimColumn,
  claimColumnsShown,
  claimsListOnScreen,
  focusedClaimColumn,
  freezeClaimColumns,
  moveFocusedColumn,
  toggleClaimColumn,
} from '../../src/features/claims/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { MAX_FROZEN_COLUMNS, shownColumns } from '../../src/grid/columnLayout.ts';
import { notify } from '../../src/toasts/notify.tsx';

const BULK_LIMIT = 20_000;

function claimsSelected(ctx: CommandContext): boolean {
  return ctx.selection.recordType === 'claim' && (ctx.selection.ids.length > 0 || ctx.selection.allMatching !== null);
}

/** The claim open on screen takes the note; else the claims picked in the list. */
function noteTarget(ctx: CommandContext): Pick<BulkNotesRequest, 'claimIDs' | 'query'> | null {
  if (ctx.record?.type === 'claim') return { claimIDs: [ctx.record.id] };
  if (!claimsSelected(ctx)) return null;
  return ctx.selection.allMatching ? { query: ctx.selection.allMatching.query } : { claimIDs: [...ctx.selection.ids] };
}

const gridOnScreen = () => claimsListOnScreen();
const noGridReason = () => (gridOnScreen() ? null : 'Open the claims list first.');
const titleOf = (id: string) => claimColumn(id)?.title ?? id;

const addNote: Command = {
  id: 'claims.addNote',
  title: 'Add note to claims…',
  group: 'Claims',
  keywords: ['note', 'notes', 'bulk', 'comment', 'follow-up'],
  privilege: 'CLAIMS',
  batchLimit: BULK_LIMIT,
  when: (ctx) => noteTarget(ctx) !== null,
  disabledReason: (ctx) =>
    noteTarget(ctx) ? null : 'Open a claim, or select claims in the claims list (Space, Shift+arrows or Ctrl+A).',
  steps: [
    {
      key: 'noteTypeID',
      kind: 'choice',
      title: 'Note type',
      choices: async () =>
        (await getNoteTypes({ background: true })).map((type) => ({
          value: String(type.noteTypeID),
          label: type.name,
        })),
    },
    {
      key: 'text',
      kind: 'text',
      title: 'Note',
      placeholder: 'Type the note, then Enter',
      multiline: true,
      validate: (value) =>
        value.trim() === ''
          ? 'Type the note.'
          : value.length > NOTE_TEXT_LIMIT
            ? `At most ${NOTE_TEXT_LIMIT} characters.`
            : null,
    },
  ],
  run: async (ctx, args) => {
    const target = noteTarget(ctx);
    if (!target) return;
    const { jobID } = await saveBulkNotes(
      { ...target, noteTypeID: Number(args.noteTypeID), text: String(args.text) },
      { source: ctx.source },
    );
    await followRun(jobID);
    // The claim on screen shows the note in its history once the run has written it.
    whenRunEnds(jobID, () => recordsChanged('claim', target.claimIDs ?? []));
  },
};

const cancelRun: Command = {
  id: 'bulk.cancel',
  title: 'Cancel bulk run',
  group: 'Bulk runs',
  keywords: ['stop', 'abort', 'bulk', 'job'],
  when: () => unfinishedRuns().length > 0,
  disabledReason: () => (unfinishedRuns().length > 0 ? null : 'No bulk run is going.'),
  run: async (ctx) => {
    if (await cancelNewestRun(ctx.source)) notify.info('Cancelling the bulk run after the claims in progress.');
  },
};

const moveColumn = (by: -1 | 1): Command => ({
  id: by < 0 ? 'grid.moveColumnLeft' : 'grid.moveColumnRight',
  title: by < 0 ? 'Move column left' : 'Move column right',
  group: 'Claims grid',
  keywords: ['column', 'reorder', 'arrange'],
  shortcut: by < 0 ? 'Alt+Shift+ArrowLeft' : 'Alt+Shift+ArrowRight',
  scope: 'grid',
  when: gridOnScreen,
  disabledReason: () =>
    noGridReason() ?? (focusedClaimColumn() === null ? 'Put the cursor in the column to move.' : null),
  run: () => {
    moveFocusedColumn(by);
  },
});

const showHideColumn: Command = {
  id: 'grid.showHideColumn',
  title: 'Show or hide a column…',
  group: 'Claims grid',
  keywords: ['column', 'hide', 'show', 'hidden'],
  when: gridOnScreen,
  disabledReason: noGridReason,
  steps: [
    {
      key: 'column',
      kind: 'choice',
      title: 'Column',
      choices: () =>
        claimColumnsShown().columns.map((column) => ({
          value: column.id,
          label: titleOf(column.id),
          hint: column.hidden ? 'hidden: Enter shows it' : 'shown: Enter hides it',
        })),
    },
  ],
  run: (_ctx, args) => {
    const id = String(args.column);
    const before = claimColumnsShown();
    toggleClaimColumn(id);
    if (claimColumnsShown() === before) notify.warning('At least one column stays shown.');
  },
};

const freezeColumns: Command = {
  id: 'grid.freezeColumns',
  title: 'Freeze columns…',
  group: 'Claims grid',
  keywords: ['column', 'freeze', 'pin', 'lock', 'unfreeze'],
  when: gridOnScreen,
  disabledReason: noGridReason,
  steps: [
    {
      key: 'count',
      kind: 'choice',
      title: 'Keep in view while scrolling sideways',
      choices: () => {
        const shown = shownColumns(claimColumnsShown());
        const upTo = shown.slice(0, Math.min(MAX_FROZEN_COLUMNS, shown.length - 1));
        return [
          { value: '0', label: 'No frozen columns' },
          ...upTo.map((column, index) => ({
            value: String(index + 1),
            label: `Up to ${titleOf(column.id)}`,
            hint: `${index + 1} ${index === 0 ? 'column' : 'columns'}`,
          })),
        ];
      },
    },
  ],
  run: (_ctx, args) => freezeClaimColumns(Number(args.count)),
};

export const claimsCommands: readonly Command[] = [
  addNote,
  cancelRun,
  moveColumn(-1),
  moveColumn(1),
  showHideColumn,
  freezeColumns,
];
