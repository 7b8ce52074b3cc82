/**
 * The one command registry (STYLE points 1-5). Domains register their commands from
 * commands/index.ts; the palette, the hotkeys, menus and the cheat sheet read them from here, and
 * every run goes through runCommand so the same checks and the same source reach the server.
 */
import { ApiError } from '../api/apiError.ts';
import { selection, selectionSettled } from '../state/selection.ts';
import { session } from '../state/session.ts';
import { recordRecentCommand } from '../state/recents.ts';
import { showToast } from '../toasts/notify.tsx';
import { commandAvailability } from './availability.ts';
import { currentRecord, currentScopes } from './focus.ts';
import { askSteps } from './paletteStore.ts';
import type { Command, CommandArgs, CommandContext, CommandSource } from './types.ts';

const commands = new Map<string, Command>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Adds commands; throws (adding none) when an id is already taken. Returns the unregister. */
export function registerCommands(list: readonly Command[]): () => void {
  const ids = new Set<string>();
  for (const command of list) {
    if (commands.has(command.id) || ids.has(command.id))
      throw new Error(`A command with id "${command.id}" is already registered.`);
    ids.add(command.id);
  }
  for (const command of list) commands.set(command.id, command);
  changed();
  return () => {
    for (const command of list) if (commands.get(command.id) === command) commands.delete(command.id);
    changed();
  };
}

export function allCommands(): readonly Command[] {
  return [...commands.values()];
}

export function findCommand(id: string): Command | undefined {
  return commands.get(id);
}

/** For React (useSyncExternalStore): called after commands are added or removed. */
export function subscribeToRegistry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever the registry does. */
export function registryVersion(): number {
  return version;
}

function currentRoute(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

export function currentContext(source: CommandSource): CommandContext {
  return {
    route: currentRoute(),
    // The palette is never what a command is about: it sees the scopes the biller was in.
    scopes: currentScopes().filter((scope) => scope !== 'palette'),
    selection: {
      recordType: selection.recordType,
      ids: [...selection.ids],
      allMatching: selection.allMatching
        ? { total: selection.allMatching.total, query: { ...selection.allMatching.query } }
        : null,
    },
    record: currentRecord(),
    modules: new Set(session.user?.modules ?? []),
    source,
  };
}

function missingAnswers(command: Command, args: CommandArgs | undefined): boolean {
  if (!command.steps || command.steps.length === 0) return false;
  return command.steps.some((step) => args?.[step.key] === undefined);
}

function refuse(text: string): void {
  showToast({ text, toastType: 'warning', id: `command-refused:${text}` });
}

/**
 * Runs a command the way every caller must: checks it applies, that the role holds its module,
 * the batch limit; asks its missing answers in the palette; remembers it as recent; and passes
 * the source on (commands hand `ctx.source` to callApi, which sends X-Action-Source).
 * Never rejects: a refusal or failure is shown to the biller as a toast.
 */
export async function runCommand(id: string, source: CommandSource, args?: CommandArgs): Promise<void> {
  const command = findCommand(id);
  if (!command) {
    refuse(`The command ${id} is not available.`);
    return;
  }
  // What the biller sees selected, not what a grid had written a moment before.
  await selectionSettled();
  const ctx = currentContext(source);
  const { reason } = commandAvailability(command, ctx);
  if (reason !== null) {
    refuse(`${command.title}: ${reason}`);
    return;
  }
  if (missingAnswers(command, args)) {
    askSteps(command.id, source, args ?? {});
    return;
  }
  recordRecentCommand(session.user?.userID ?? null, command.id);
  try {
    await command.run(ctx, args ?? {});
  } catch (thrown) {
    // The API client has already shown its failure; anything else is a bug worth seeing.
    if (thrown instanceof ApiError) return;
    console.error(`Command ${command.id} failed`, thrown);
    showToast({ text: `${command.title} failed.`, toastType: 'error' });
  }
}
