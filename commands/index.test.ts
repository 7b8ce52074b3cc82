import { describe, expect, it } from 'vitest';
import { findShortcutConflicts } from '../src/console/shortcuts.ts';
import { ALL_COMMANDS } from './index.ts';

describe('the registered commands', () => {
  it('have unique ids', () => {
    const ids = ALL_COMMANDS.map((command) => command.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('bind no key twice in one scope, and no key that starts another sequence', () => {
    const clashes = findShortcutConflicts(ALL_COMMANDS, {}).map(
      (conflict) => `${conflict.commandIds.join(' and ')}: "${conflict.binding}" / "${conflict.otherBinding}" (${conflict.kind}, ${conflict.scope})`,
    );
    expect(clashes).toEqual([]);
  });

  it('keep the navigation keys the billers learn first', () => {
    const key = (id: string) => ALL_COMMANDS.find((command) => command.id === id)?.shortcut;
    expect([key('nav.goToClaims'), key('nav.goToEra'), key('nav.goToPatients'), key('console.openPalette'), key('console.showShortcuts')]).toEqual([
      'g c',
      'g e',
      'g p',
      '$mod+k',
      '?',
    ]);
  });
});
