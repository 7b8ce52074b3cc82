/**
 * The command contract (ARCHITECTURE: "a command is data"). The palette, the hotkeys, menus,
 * context menus and the cheat sheet all read the one registry of these records. This folder knows
 * no domain: claims, ERA and patients plug their commands in from commands/.
 */
import type { ModuleCode } from '../../contract/endpoints.ts';

/** Where a run came from; sent to the server (X-Action-Source) and kept in the audit log. */
export type CommandSource = 'palette' | 'hotkey' | 'menu' | 'button' | 'bulk';

/**
 * Keyboard scopes, innermost last: a key is offered to the innermost open scope first. A
 * command's shortcut lives in one scope; 'global' ones work everywhere outside text fields.
 */
export type FocusScope = 'global' | 'page' | 'pane' | 'grid' | 'cellEditor' | 'dialog' | 'palette';

/** What is selected where the command runs: records by id, or the whole result of a query. */
export interface CommandSelection {
  /** The kind of record selected ('claim', 'patient', 'era', ...), null when nothing is. */
  recordType: string | null;
  ids: readonly number[];
  /** "All N matching": the query travels to bulk commands instead of a list of ids. */
  allMatching: { total: number; query: Readonly<Record<string, string | number>> } | null;
}

export interface CommandContext {
  /** The current path, e.g. /app/all-claims. */
  route: string;
  /** The focus stack, outermost first. */
  scopes: readonly FocusScope[];
  selection: CommandSelection;
  /** The record open on the screen (a claim detail), if any. */
  record: { type: string; id: number } | null;
  /** Modules the signed-in user's role holds. */
  modules: ReadonlySet<ModuleCode>;
  source: CommandSource;
}

/** One answer a command asks for inside the palette before it runs. */
export type CommandStep =
  | {
      key: string;
      kind: 'text';
      title: string;
      placeholder?: string;
      multiline?: boolean;
      validate?: (value: string) => string | null;
      /**
       * A check the server answers, run once `validate` passes: as the biller types (after a pause)
       * and again on Enter, which waits for it. Its refusal shows under the field; null lets the
       * value through (a check that cannot be answered lets it through too: the command's own call
       * still refuses).
       */
      check?: (
        value: string,
        ctx: CommandContext,
        answers: Readonly<Record<string, unknown>>,
      ) => Promise<string | null>;
    }
  | { key: string; kind: 'amount'; title: string; placeholder?: string }
  | {
      key: string;
      kind: 'choice';
      title: string;
      choices: (
        ctx: CommandContext,
        answers: Readonly<Record<string, unknown>>,
      ) => Promise<CommandChoice[]> | CommandChoice[];
    };

export interface CommandChoice {
  value: string;
  label: string;
  hint?: string;
}

export type CommandArgs = Readonly<Record<string, unknown>>;

export interface Command {
  /** Stable and unique, e.g. 'claims.addNote'; rebinding and recents refer to it. */
  id: string;
  title: string;
  /** Palette section, e.g. 'Navigation', 'Claims', 'Export'. */
  group: string;
  keywords?: readonly string[];
  /** Default binding in tinykeys syntax: '$mod+k', 'g c', 'Shift+F6', '?'. Users may rebind. */
  shortcut?: string;
  /**
   * A key the command's own screen reads while its list has the keyboard ('l' on Claim vs ERA's
   * lines). Not dispatched by the hotkeys, so not rebindable; shown beside the command in the
   * palette and the cheat sheet so it can be learnt there.
   */
  screenKey?: string;
  /** The scope the shortcut belongs to; default 'global'. */
  scope?: FocusScope;
  /** Whether the command applies here at all; false hides it from the "applies now" list. */
  when?: (ctx: CommandContext) => boolean;
  /** Why it cannot run now (shown in the palette), or null when it can. */
  disabledReason?: (ctx: CommandContext) => string | null;
  /** Module the role must hold; the palette shows the command disabled without it. */
  privilege?: ModuleCode;
  /** Most records one run may take; above it the palette refuses with the limit named. */
  batchLimit?: number;
  /** Answers asked for in the palette, in order, before run. */
  steps?: readonly CommandStep[];
  /** A plain async function: no React, so a test or a bulk job calls it the same way. */
  run: (ctx: CommandContext, args: CommandArgs) => Promise<void> | void;
}
