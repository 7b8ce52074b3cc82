/**
 * A screen's key hints with the keys of its commands read from the registry: the screen names a
 * command and what it does there ("new batch"), and the hint shows the key the command has now,
 * a rebound one included. Keys that belong to no command (arrows, Tab, Esc) are written as they are.
 */
import { useStore } from '../state/useStore.ts';
import { KeyHints, type KeyHint } from '../ui/KeyHints.tsx';
import { shortcutSettings } from './shortcutSettings.ts';
import { hintKeys, type ShortcutOverrides } from './shortcuts.ts';
import type { Command } from './types.ts';
import { useRegistry } from './useRegistry.ts';

/** A hint of a command: its key comes from the registry. */
export interface CommandHint {
  command: string;
  label: string;
}

export type ScreenHint = KeyHint | CommandHint;

/** The hints with each command's key filled in; a command that is not registered, or has no key now, is left out. */
export function resolveHints(
  hints: readonly ScreenHint[],
  commands: readonly Command[],
  overrides: ShortcutOverrides,
): KeyHint[] {
  return hints.flatMap((hint) => {
    if (!('command' in hint)) return [hint];
    const command = commands.find((each) => each.id === hint.command);
    const keys = command === undefined ? null : hintKeys(command, overrides);
    return keys === null ? [] : [{ keys, label: hint.label }];
  });
}

export function CommandHints({ hints }: { hints: readonly ScreenHint[] }) {
  const commands = useRegistry();
  const { overrides } = useStore(shortcutSettings);
  return <KeyHints hints={resolveHints(hints, commands, overrides)} />;
}
