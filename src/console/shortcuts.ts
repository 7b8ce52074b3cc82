/**
 * Shortcut bindings: the effective key of each command (the user's override, else the command's
 * default), the canonical form used to compare two bindings, and the conflict check the rebinding
 * screen and a unit test over the real commands both use. Bindings use tinykeys syntax:
 * '$mod+k', 'g c', 'Shift+F6', '?'.
 */
import type { Command, FocusScope } from './types.ts';

/** Command id -> binding, or null when the user cleared it. Absent = the command's default. */
export type ShortcutOverrides = Readonly<Record<string, string | null>>;

export const IS_MAC = typeof navigator === 'object' && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

const MODIFIER_ORDER = ['$mod', 'Control', 'Meta', 'Alt', 'Shift'] as const;
type Modifier = (typeof MODIFIER_ORDER)[number];

const MODIFIER_ALIASES: Readonly<Record<string, Modifier>> = {
  $mod: '$mod',
  mod: '$mod',
  control: 'Control',
  ctrl: 'Control',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
};

export interface KeyPress {
  modifiers: Modifier[];
  key: string;
}

/** A printable symbol such as '?' or '/': Shift is part of how it is typed, not a modifier. */
function isSymbol(key: string): boolean {
  return key.length === 1 && !/[a-z0-9]/i.test(key);
}

function parsePress(text: string): KeyPress {
  // Split on '+' that follows a word or ']' (tinykeys' rule), so '$mod++' keeps '+' as the key.
  const parts = text.split(/(?<=\w|\])\+/);
  const rawKey = parts.pop() ?? '';
  const modifiers = new Set<Modifier>();
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.replace(/^\[|\]$/g, '').toLowerCase()];
    if (modifier) modifiers.add(modifier);
  }
  // On this platform $mod is Control (or Meta on a Mac): the same key either way.
  if (modifiers.has(IS_MAC ? 'Meta' : 'Control')) {
    modifiers.delete(IS_MAC ? 'Meta' : 'Control');
    modifiers.add('$mod');
  }
  // tinykeys matches keys case-insensitively: '$mod+K' is Ctrl+K, not Ctrl+Shift+K.
  let key = rawKey.length === 1 ? rawKey.toLowerCase() : rawKey;
  if (isSymbol(key)) modifiers.delete('Shift');
  if (key === ' ') key = 'Space';
  return { modifiers: MODIFIER_ORDER.filter((modifier) => modifiers.has(modifier)), key };
}

export function parseBinding(binding: string): KeyPress[] {
  return binding
    .trim()
    .split(/\s+/)
    .filter((press) => press !== '')
    .map(parsePress);
}

function pressText(press: KeyPress): string {
  return [...press.modifiers, press.key].join('+');
}

/** One spelling per binding, so 'Ctrl+K', 'control+k' and '$mod+k' compare equal here. */
export function normalizeBinding(binding: string): string {
  return parseBinding(binding)
    .map((press) => pressText({ ...press, key: press.key.toLowerCase() }))
    .join(' ');
}

/**
 * The pattern handed to tinykeys: a symbol gets an optional Shift, since '?' is typed with Shift
 * on most layouts and tinykeys refuses a press with a modifier the pattern does not name.
 */
export function tinykeysPattern(binding: string): string {
  return parseBinding(binding)
    .map((press) => {
      const text = pressText(press);
      return isSymbol(press.key) ? `[Shift]+${text}` : text;
    })
    .join(' ');
}

export function commandScope(command: Command): FocusScope {
  return command.scope ?? 'global';
}

/** The binding in force: the user's override (null = cleared), else the command's default. */
export function effectiveShortcut(command: Command, overrides: ShortcutOverrides): string | null {
  if (Object.prototype.hasOwnProperty.call(overrides, command.id)) return overrides[command.id] ?? null;
  return command.shortcut ?? null;
}

/**
 * The keys shown beside a command: its binding in force, then the key its own screen reads, so a
 * command with both (Alt+Shift+A anywhere, A on the advance payments) teaches both.
 */
export function shownKeys(command: Command, overrides: ShortcutOverrides): readonly string[] {
  const binding = effectiveShortcut(command, overrides);
  return [binding, command.screenKey ?? null].filter((key): key is string => key !== null);
}

/**
 * The key a screen's hint shows for a command, as key caps: the key its own screen reads when it
 * has one (that is the key pressed there), else its binding in force, so a rebound key shows its
 * new binding; null when it has neither (the binding cleared).
 */
export function hintKeys(command: Command, overrides: ShortcutOverrides): string[] | null {
  const key = command.screenKey ?? effectiveShortcut(command, overrides);
  return key === null ? null : formatBinding(key);
}

/** Whether a key press (event.key) is a command's screen key: a letter either case ('n' and 'N'), any other key as named ('Delete'). */
export function isScreenKey(screenKey: string, key: string): boolean {
  return screenKey.length === 1 ? key.toLowerCase() === screenKey.toLowerCase() : key === screenKey;
}

/** The command of a screen's own (`ids`) whose screen key a key press (event.key) is, if any. */
export function screenCommandFor(
  commands: readonly Command[],
  ids: readonly string[],
  key: string,
): Command | undefined {
  return commands.find(
    (each) => ids.includes(each.id) && each.screenKey !== undefined && isScreenKey(each.screenKey, key),
  );
}

/**
 * The cheat sheet's note on a key the command's screen reads itself: it works only there. Named
 * when a binding is shown before it ("A on its screen"), plain when it is the only key shown.
 */
export function screenKeyNote(command: Command, overrides: ShortcutOverrides): string | null {
  if (command.screenKey === undefined) return null;
  return effectiveShortcut(command, overrides) === null
    ? 'on its screen'
    : `${formatBinding(command.screenKey).join(' ')} on its screen`;
}

export interface ShortcutConflict {
  /** 'same': one key, one scope, two commands. 'prefix': one binding starts another ('g' vs 'g c'), which no dispatcher can tell apart. */
  kind: 'same' | 'prefix';
  scope: FocusScope;
  binding: string;
  otherBinding: string;
  commandIds: [string, string];
}

function isPrefix(shorter: string, longer: string): boolean {
  return longer.startsWith(`${shorter} `);
}

/** Every pair of commands whose effective bindings clash. Empty means the key map is sound. */
export function findShortcutConflicts(commands: readonly Command[], overrides: ShortcutOverrides): ShortcutConflict[] {
  const bound = commands.flatMap((command) => {
    const binding = effectiveShortcut(command, overrides);
    return binding === null
      ? []
      : [{ command, binding, normal: normalizeBinding(binding), scope: commandScope(command) }];
  });
  const conflicts: ShortcutConflict[] = [];
  for (let i = 0; i < bound.length; i++) {
    for (let j = i + 1; j < bound.length; j++) {
      const a = bound[i]!;
      const b = bound[j]!;
      const ids: [string, string] = [a.command.id, b.command.id];
      if (a.normal === b.normal && a.scope === b.scope) {
        conflicts.push({ kind: 'same', scope: a.scope, binding: a.binding, otherBinding: b.binding, commandIds: ids });
      } else if (isPrefix(a.normal, b.normal) || isPrefix(b.normal, a.normal)) {
        conflicts.push({
          kind: 'prefix',
          scope: a.scope,
          binding: a.binding,
          otherBinding: b.binding,
          commandIds: ids,
        });
      }
    }
  }
  return conflicts;
}

/** The command `binding` would clash with if given to `commandId`, or null when it is free. */
export function conflictingCommand(
  commandId: string,
  binding: string,
  commands: readonly Command[],
  overrides: ShortcutOverrides,
): Command | null {
  const next = { ...overrides, [commandId]: binding };
  const clash = findShortcutConflicts(commands, next).find((conflict) => conflict.commandIds.includes(commandId));
  if (!clash) return null;
  const otherId = clash.commandIds[0] === commandId ? clash.commandIds[1] : clash.commandIds[0];
  return commands.find((command) => command.id === otherId) ?? null;
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  $mod: IS_MAC ? '⌘' : 'Ctrl',
  Control: 'Ctrl',
  Meta: IS_MAC ? '⌘' : 'Meta',
  Alt: IS_MAC ? '⌥' : 'Alt',
  Shift: 'Shift',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Delete: 'Del',
};

function keyLabel(key: string): string {
  return KEY_LABELS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** The binding as the biller reads it: one string per press, e.g. ['Ctrl+K'] or ['G', 'C']. */
export function formatBinding(binding: string): string[] {
  return parseBinding(binding).map((press) => [...press.modifiers, press.key].map(keyLabel).join('+'));
}

export interface CapturedKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Meta', 'Alt', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

/** One press as a binding ('$mod+Shift+k', 'F6', '?'), or null for a bare modifier key. */
export function pressFromEvent(event: CapturedKey): string | null {
  if (MODIFIER_KEYS.has(event.key)) return null;
  const key = event.key === ' ' ? 'Space' : event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const modifiers: string[] = [];
  if (IS_MAC ? event.metaKey : event.ctrlKey) modifiers.push('$mod');
  if (IS_MAC ? event.ctrlKey : event.metaKey) modifiers.push(IS_MAC ? 'Control' : 'Meta');
  if (event.altKey) modifiers.push('Alt');
  if (event.shiftKey && !isSymbol(key)) modifiers.push('Shift');
  return [...modifiers, key].join('+');
}

/** A press that may start a two-key sequence: a plain letter, digit or symbol. */
export function canStartSequence(press: string): boolean {
  const [only] = parseBinding(press);
  return only !== undefined && only.modifiers.length === 0 && only.key.length === 1;
}
