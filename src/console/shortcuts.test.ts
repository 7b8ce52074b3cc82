import { describe, expect, it } from 'vitest';
import {
  canStartSequence,
  conflictingCommand,
  effectiveShortcut,
  findShortcutConflicts,
  formatBinding,
  hintKeys,
  isScreenKey,
  normalizeBinding,
  pressFromEvent,
  screenCommandFor,
  screenKeyNote,
  shownKeys,
  tinykeysPattern,
} from './shortcuts.ts';
import type { Command } from './types.ts';

const command = (id: string, shortcut?: string, scope?: Command['scope']): Command => ({
  id,
  title: id,
  group: 'Test',
  shortcut,
  scope,
  run: () => undefined,
});

describe('normalizeBinding', () => {
  it('spells one key one way', () => {
    expect(normalizeBinding('Ctrl+K')).toBe(normalizeBinding('$mod+k'));
    expect(normalizeBinding('shift+ctrl+a')).toBe('$mod+Shift+a');
    expect(normalizeBinding('Shift+?')).toBe('?');
    expect(normalizeBinding('  g   c ')).toBe('g c');
    expect(normalizeBinding('$mod+K')).not.toBe(normalizeBinding('$mod+Shift+k'));
  });

  it("gives symbols an optional Shift for tinykeys, since '?' is typed with Shift", () => {
    expect(tinykeysPattern('?')).toBe('[Shift]+?');
    expect(tinykeysPattern('g c')).toBe('g c');
    expect(tinykeysPattern('$mod+k')).toBe('$mod+k');
  });

  it('reads as keys', () => {
    expect(formatBinding('$mod+k')).toEqual(['Ctrl+K']);
    expect(formatBinding('g c')).toEqual(['G', 'C']);
    expect(formatBinding('Shift+F6')).toEqual(['Shift+F6']);
  });
});

describe('effectiveShortcut', () => {
  it("takes the user's override, a cleared one as no key, else the default", () => {
    const goToClaims = command('nav.claims', 'g c');
    expect(effectiveShortcut(goToClaims, {})).toBe('g c');
    expect(effectiveShortcut(goToClaims, { 'nav.claims': 'g l' })).toBe('g l');
    expect(effectiveShortcut(goToClaims, { 'nav.claims': null })).toBeNull();
    expect(effectiveShortcut(command('plain'), {})).toBeNull();
  });
});

describe('shownKeys', () => {
  it('shows the binding in force, then the key the command’s own screen reads, and never clashes with bindings', () => {
    const link: Command = { ...command('compare.link'), screenKey: 'l' };
    expect(shownKeys(link, {})).toEqual(['l']);
    expect(shownKeys({ ...link, shortcut: 'Alt+l' }, {})).toEqual(['Alt+l', 'l']);
    expect(shownKeys(link, { 'compare.link': 'Alt+k' })).toEqual(['Alt+k', 'l']);
    expect(shownKeys({ ...link, shortcut: 'Alt+l' }, { 'compare.link': null })).toEqual(['l']);
    expect(shownKeys(command('plain'), {})).toEqual([]);
    expect(
      findShortcutConflicts([link, { ...command('other.link'), screenKey: 'l' }, command('global.l', 'l')], {}),
    ).toEqual([]);
  });
});

describe('hintKeys', () => {
  it("shows the key a command's screen reads, else its binding in force, as key caps", () => {
    const both: Command = { ...command('advance.apply', 'Alt+Shift+a'), screenKey: 'a' };
    expect(hintKeys(both, {})).toEqual(['A']);
    expect(hintKeys({ ...command('batch.delete'), screenKey: 'Delete' }, {})).toEqual(['Del']);
    expect(hintKeys(command('file.download', 'Alt+d'), { 'file.download': 'g f' })).toEqual(['G', 'F']);
    expect(hintKeys(command('file.download', 'Alt+d'), { 'file.download': null })).toBeNull();
  });
});

describe('isScreenKey', () => {
  it('takes a letter in either case and any other key as named', () => {
    expect(isScreenKey('n', 'N')).toBe(true);
    expect(isScreenKey('n', 'n')).toBe(true);
    expect(isScreenKey('n', 'm')).toBe(false);
    expect(isScreenKey('Delete', 'Delete')).toBe(true);
    expect(isScreenKey('Delete', 'Backspace')).toBe(false);
    expect(isScreenKey('Enter', 'enter')).toBe(false);
  });
});

describe('screenCommandFor', () => {
  it("finds the screen's own command for a key, never another screen's command with the same key", () => {
    const refresh: Command = { ...command('summary.refresh'), screenKey: 'r' };
    const elsewhere: Command = { ...command('other.reload'), screenKey: 'r' };
    const lock: Command = { ...command('summary.lock'), screenKey: 'l' };
    const all = [elsewhere, refresh, lock];
    expect(screenCommandFor(all, ['summary.refresh', 'summary.lock'], 'R')?.id).toBe('summary.refresh');
    expect(screenCommandFor(all, ['summary.lock'], 'r')).toBeUndefined();
    expect(screenCommandFor([command('summary.refresh')], ['summary.refresh'], 'r')).toBeUndefined();
  });
});

describe('screenKeyNote', () => {
  it('marks a screen key as working on its screen, naming it when a binding is shown first', () => {
    const apply: Command = { ...command('advance.apply', 'Alt+Shift+a'), screenKey: 'a' };
    expect(screenKeyNote({ ...apply, shortcut: undefined }, {})).toBe('on its screen');
    expect(screenKeyNote(apply, {})).toBe('A on its screen');
    expect(screenKeyNote({ ...apply, screenKey: 'Delete' }, { 'advance.apply': null })).toBe('on its screen');
    expect(screenKeyNote(command('plain', 'Alt+p'), {})).toBeNull();
  });
});

describe('findShortcutConflicts', () => {
  it('reports two commands on one key in one scope', () => {
    const conflicts = findShortcutConflicts([command('a', 'x'), command('b', 'X')], {});
    expect(conflicts).toEqual([
      { kind: 'same', scope: 'global', binding: 'x', otherBinding: 'X', commandIds: ['a', 'b'] },
    ]);
  });

  it('allows one key in different scopes: the innermost one wins', () => {
    expect(findShortcutConflicts([command('a', 'Enter', 'grid'), command('b', 'Enter', 'dialog')], {})).toEqual([]);
  });

  it('reports a key that starts another sequence, whatever the scope', () => {
    const conflicts = findShortcutConflicts([command('a', 'g', 'grid'), command('b', 'g c')], {});
    expect(conflicts.map((conflict) => conflict.kind)).toEqual(['prefix']);
  });

  it('sees clashes made by overrides, and clears made by them', () => {
    const commands = [command('a', 'g c'), command('b', 'g e')];
    expect(findShortcutConflicts(commands, { b: 'g c' })).toHaveLength(1);
    expect(findShortcutConflicts(commands, { a: 'g e', b: null })).toEqual([]);
    expect(conflictingCommand('b', 'g c', commands, {})?.id).toBe('a');
    expect(conflictingCommand('b', 'g x', commands, {})).toBeNull();
  });
});

describe('pressFromEvent', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) =>
    pressFromEvent({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

  it('records what the biller pressed in binding syntax', () => {
    expect(press('K', { ctrlKey: true, shiftKey: true })).toBe('$mod+Shift+k');
    expect(press('?', { shiftKey: true })).toBe('?');
    expect(press('F6', { shiftKey: true })).toBe('Shift+F6');
    expect(press(' ')).toBe('Space');
    expect(press('Shift', { shiftKey: true })).toBeNull();
  });

  it('lets plain keys start a sequence, never combinations', () => {
    expect(canStartSequence('g')).toBe(true);
    expect(canStartSequence('$mod+g')).toBe(false);
    expect(canStartSequence('F6')).toBe(false);
  });
});
