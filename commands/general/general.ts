/** Commands that belong to no record: the palette itself, the cheat sheet, signing out. */
import { openPalette, setCheatSheetOpen, togglePalette } from '../../src/console/paletteStore.ts';
import type { Command } from '../../src/console/types.ts';
import { signOut } from '../../src/features/session/index.ts';

export const generalCommands: readonly Command[] = [
  {
    id: 'console.openPalette',
    title: 'Open the command palette',
    group: 'General',
    keywords: ['commands', 'search', 'find'],
    shortcut: '$mod+k',
    run: () => togglePalette(),
  },
  {
    id: 'console.searchRecords',
    title: 'Search claims and patients',
    group: 'General',
    keywords: ['find', 'jump', 'record', 'account number'],
    shortcut: '/',
    run: () => openPalette(),
  },
  {
    id: 'console.showShortcuts',
    title: 'Show keyboard shortcuts',
    group: 'General',
    keywords: ['cheat sheet', 'keys', 'help', 'hotkeys'],
    shortcut: '?',
    run: () => setCheatSheetOpen(true),
  },
  {
    id: 'session.signOut',
    title: 'Sign out',
    group: 'General',
    keywords: ['log out', 'logout', 'exit'],
    run: () => signOut('user'),
  },
];
