/**
 * The one keyboard dispatcher (STYLE point 6): a single tinykeys handler on window, built from the
 * registry and the user's overrides. A key goes to the innermost open scope that binds it; a
 * dialog or the palette hides the page, pane and grid keys below it. Set
 * localStorage['console:debugKeys'] = '1' to log why a key did not fire.
 */
import { createKeybindingsHandler } from 'tinykeys';
import { focus } from '../state/focus.ts';
import { watchStore } from '../state/store.ts';
import { describeFocusStack } from './focus.ts';
import { keyIgnoreReason } from './keyFilter.ts';
import { allCommands, runCommand, subscribeToRegistry } from './registry.ts';
import { currentOverrides, shortcutSettings } from './shortcutSettings.ts';
import { commandScope, effectiveShortcut, normalizeBinding, pressFromEvent, tinykeysPattern } from './shortcuts.ts';
import type { Command, FocusScope } from './types.ts';

const MODAL_SCOPES: ReadonlySet<FocusScope> = new Set(['dialog', 'palette']);

function debugKeys(): boolean {
  try {
    return window.localStorage.getItem('console:debugKeys') === '1';
  } catch {
    return false;
  }
}

function debug(message: string): void {
  if (debugKeys()) console.info(`[keys] ${message}`);
}

/**
 * The scopes a key may reach now, innermost first: everything above the innermost dialog or
 * palette, then 'global'.
 */
export function reachableScopes(stack: readonly FocusScope[]): FocusScope[] {
  const reachable: FocusScope[] = [];
  for (let i = stack.length - 1; i >= 0; i--) {
    const scope = stack[i]!;
    if (!reachable.includes(scope)) reachable.push(scope);
    if (MODAL_SCOPES.has(scope)) break;
  }
  if (!reachable.includes('global')) reachable.push('global');
  return reachable;
}

/** Of the commands bound to one key, the one of the innermost reachable scope. */
export function pickCommand(candidates: readonly Command[], stack: readonly FocusScope[]): Command | null {
  for (const scope of reachableScopes(stack)) {
    const found = candidates.find((command) => commandScope(command) === scope);
    if (found) return found;
  }
  return null;
}

/** Commands by normalised binding, each with the pattern tinykeys matches. */
function bindingTable(): Map<string, { pattern: string; commands: Command[] }> {
  const overrides = currentOverrides();
  const table = new Map<string, { pattern: string; commands: Command[] }>();
  for (const command of allCommands()) {
    const binding = effectiveShortcut(command, overrides);
    if (binding === null) continue;
    const key = normalizeBinding(binding);
    const entry = table.get(key) ?? { pattern: tinykeysPattern(binding), commands: [] };
    entry.commands.push(command);
    table.set(key, entry);
  }
  return table;
}

function describeEvent(event: KeyboardEvent): string {
  const mods = [
    event.ctrlKey && 'Control',
    event.metaKey && 'Meta',
    event.altKey && 'Alt',
    event.shiftKey && 'Shift',
  ].filter(Boolean);
  return [...mods, event.key].join('+');
}

interface Dispatch {
  /** The tinykeys handler: single keys, combinations and sequences, after the focused element. */
  handle: (event: KeyboardEvent) => void;
  /** Runs the command bound to a normalised binding in the innermost open scope; false when none. */
  runBinding: (normal: string, event: KeyboardEvent) => boolean;
  /** Normalised bindings of two or more presses ('g c'). */
  sequences: ReadonlySet<string>;
}

function buildDispatch(onFired: () => void): Dispatch {
  const table = bindingTable();
  const runBinding = (normal: string, event: KeyboardEvent): boolean => {
    const commands = table.get(normal)?.commands ?? [];
    const command = pickCommand(
      commands,
      focus.stack.map((entry) => entry.scope),
    );
    if (!command) {
      const scopes = commands.map((candidate) => `${candidate.id} (${commandScope(candidate)})`).join(', ');
      debug(`"${normal}" is bound to ${scopes}, but none of those scopes is open: ${describeFocusStack()}`);
      return false;
    }
    onFired();
    event.preventDefault();
    debug(`"${normal}" runs ${command.id} in scope ${commandScope(command)}`);
    void runCommand(command.id, 'hotkey');
    return true;
  };
  const bindings: Record<string, (event: KeyboardEvent) => void> = {};
  for (const [normal, { pattern }] of table) bindings[pattern] = (event) => void runBinding(normal, event);
  const handle = createKeybindingsHandler(bindings, {
    ignore: (event) => {
      const reason = keyIgnoreReason(event);
      if (reason !== null) debug(`"${describeEvent(event)}" ignored: ${reason}`);
      return reason !== null;
    },
  });
  return { handle, runBinding, sequences: new Set([...table.keys()].filter((normal) => normal.includes(' '))) };
}

/** Window, or a stand-in in unit tests. */
export type KeyTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const MODIFIER_KEYS = ['Shift', 'Control', 'Meta', 'Alt'];
/** As long as tinykeys waits for the next key of a sequence. */
const SEQUENCE_TIMEOUT_MS = 1000;

function normalPress(event: KeyboardEvent): string | null {
  const press = pressFromEvent(event);
  return press === null ? null : normalizeBinding(press);
}

/**
 * Listens on window until the returned stop is called; rebuilds when commands or overrides change.
 * Keys are taken after the focused element had its say (bubble phase), so a grid's own keys win,
 * except the second key of a sequence the biller has started: after 'g', the 's' of 'g s' must
 * not sort the grid. The first key is noted before the element sees it (capture phase), and the
 * second one, if it completes a sequence, is taken before the element.
 */
export function startKeyboardDispatcher(target: KeyTarget = window): () => void {
  let fired = false;
  const onFired = () => (fired = true);
  let dispatch = buildDispatch(onFired);
  let started: { press: string; at: number; event: KeyboardEvent } | null = null;
  const rebuild = () => (dispatch = buildDispatch(onFired));

  const beforeElements = (event: KeyboardEvent) => {
    if (MODIFIER_KEYS.includes(event.key)) return;
    const previous = started;
    started = null;
    const press = keyIgnoreReason(event) === null ? normalPress(event) : null;
    if (press === null) return;
    // A first key the element handled itself (a grid's own letter) starts nothing.
    const sequence =
      previous && !previous.event.defaultPrevented && performance.now() - previous.at <= SEQUENCE_TIMEOUT_MS
        ? `${previous.press} ${press}`
        : null;
    if (sequence !== null && dispatch.sequences.has(sequence)) {
      if (dispatch.runBinding(sequence, event)) {
        event.stopPropagation();
        rebuild(); // tinykeys still waits on the first key; start it afresh
      }
      return;
    }
    if ([...dispatch.sequences].some((candidate) => candidate.startsWith(`${press} `)))
      started = { press, at: performance.now(), event };
  };
  const afterElements = (event: KeyboardEvent) => {
    fired = false;
    dispatch.handle(event);
    if (
      !fired &&
      debugKeys() &&
      keyIgnoreReason(event) === null &&
      !MODIFIER_KEYS.includes(event.key) &&
      started?.event !== event
    ) {
      debug(`"${describeEvent(event)}" fired nothing: no command is bound to it here. Focus: ${describeFocusStack()}`);
    }
  };
  const stopRegistry = subscribeToRegistry(rebuild);
  const stopOverrides = watchStore(shortcutSettings, rebuild);
  target.addEventListener('keydown', beforeElements, true);
  target.addEventListener('keydown', afterElements);
  return () => {
    target.removeEventListener('keydown', beforeElements, true);
    target.removeEventListener('keydown', afterElements);
    stopRegistry();
    stopOverrides();
  };
}
