/**
 * What a grid's context menu lists: the commands about the rows under it, read from the one
 * registry (STYLE point 1), each with the reason it cannot run now (STYLE point 3). Pure, so any
 * grid (claims, charges, ERA postings) gets the same menu and a unit test checks it.
 */
import { commandAvailability } from './availability.ts';
import type { Command, CommandContext, CommandSelection } from './types.ts';

export interface ContextMenuEntry {
  command: Command;
  /** Why it cannot run on these rows, or null when Enter runs it. */
  reason: string | null;
}

/** Stand-in ids for asking a command whether it is about one record or several. */
const ONE_RECORD = [1];
const SEVERAL_RECORDS = [1, 2];

function withSelection(ctx: CommandContext, selection: CommandSelection, keepRecord: boolean): CommandContext {
  return { ...ctx, selection, record: keepRecord ? ctx.record : null };
}

/**
 * Whether a command is about selected records of `recordType`: it applies to one or several of
 * them and not when nothing is selected. That leaves out what applies everywhere (navigation,
 * the palette, column moves), which a row's menu has no business offering, without each command
 * having to say it belongs in menus.
 */
function aboutSelectedRecords(command: Command, ctx: CommandContext, recordType: string): boolean {
  const when = command.when;
  if (when === undefined) return false;
  const nothing = withSelection(ctx, { recordType: null, ids: [], allMatching: null }, false);
  if (when(nothing)) return false;
  const one = withSelection(ctx, { recordType, ids: ONE_RECORD, allMatching: null }, false);
  const several = withSelection(ctx, { recordType, ids: SEVERAL_RECORDS, allMatching: null }, false);
  return when(one) || when(several);
}

/**
 * The entries of the context menu over `ctx.selection` (the row under the cursor or the rows
 * selected), in registry order grouped by the command's group: the ones that can run first in
 * each group would reorder the menu as the selection changes, and billers learn positions.
 */
export function contextMenuEntries(
  commands: readonly Command[],
  ctx: CommandContext,
  recordType: string,
): ContextMenuEntry[] {
  const groups = new Map<string, ContextMenuEntry[]>();
  for (const command of commands) {
    if (!aboutSelectedRecords(command, ctx, recordType)) continue;
    const { reason } = commandAvailability(command, ctx);
    const group = groups.get(command.group) ?? [];
    group.push({ command, reason });
    groups.set(command.group, group);
  }
  return [...groups.values()].flat();
}

/**
 * The entry a typed letter jumps to: the next one after `from` whose title starts with it,
 * wrapping around; `from` itself when no other one does.
 */
export function entryByLetter(entries: readonly ContextMenuEntry[], letter: string, from: number): number {
  const wanted = letter.toLowerCase();
  for (let step = 1; step <= entries.length; step += 1) {
    const index = (from + step) % entries.length;
    if (entries[index]?.command.title.toLowerCase().startsWith(wanted)) return index;
  }
  return from;
}
