/**
 * A list screen as data: its columns and its commands on the screen kit (src/ui). The screen
 * (ListScreen.tsx) lists the rows newest first, keeps the cursor on its row across reloads,
 * publishes the cursor row as the commands' target, runs a command by the key its screen reads
 * (the command's screenKey in the registry) and shows the keys in its bar. An admin list (users,
 * payers, providers) is one more descriptor: its columns, and its add, update and active commands.
 */
import type { CommandArgs } from '../../console/types.ts';
import type { RecordsWatch } from '../../state/recordsChanged.ts';
import type { Target, TargetKind } from '../../state/target.ts';
import type { RowColumn } from '../../ui/RowList.tsx';

/** A command of a list screen, run by its screen key and named in the bar's hints. */
export interface ListCommand<Row> {
  /** A registered command's id; its screenKey is the key the list reads for it. */
  command: string;
  /** What it does, as the hint says it: 'new batch'. */
  hint: string;
  /**
   * The answers it is given about the row under the cursor; a command that has this does nothing
   * while the list is empty. Leave it out for a command about no row (adding one).
   */
  forRow?: (row: Row) => CommandArgs;
}

export interface ListScreenDescriptor<Row, K extends TargetKind> {
  title: string;
  /** The list's title over its rows: 'All batches'. */
  listTitle: string;
  /** One row, in the hint of the arrows: 'batch'. */
  rowName: string;
  columns: readonly RowColumn<Row>[];
  rowKey: (row: Row) => number;
  /** Reads the rows shown (the newest page) and how many there are in all. */
  read: (signal: AbortSignal) => Promise<{ count: number; rows: readonly Row[] }>;
  /** The change notices that have the list read again, its cursor staying on its row. */
  watch: RecordsWatch;
  /** The row under the cursor as the commands' target of `kind`, published as `owner`. */
  target: { owner: string; kind: K; of: (row: Row) => Target<K> };
  /** Enter on a row: what it does, and its hint. */
  open: { hint: string; run: (row: Row) => void };
  /** Add a record, update the cursor one, make it active or not, and any others, in this order in the hints. */
  commands: {
    add?: ListCommand<Row>;
    update?: ListCommand<Row>;
    active?: ListCommand<Row>;
    others?: readonly ListCommand<Row>[];
  };
  /** Said in place of rows when there are none: how to add the first. */
  empty: string;
}

/** The descriptor's commands in the order the hints name them. */
export function listCommands<Row>(commands: ListScreenDescriptor<Row, TargetKind>['commands']): ListCommand<Row>[] {
  return [commands.add, commands.update, commands.active, ...(commands.others ?? [])].filter(
    (each): each is ListCommand<Row> => each !== undefined,
  );
}
