/** The header's global search, by keyboard: its field, and its Recents tab. */
import type { Command } from '../../src/console/types.ts';
import { openGlobalSearch } from '../../src/features/globalSearch/index.ts';

export const globalSearchCommands: readonly Command[] = [
  {
    id: 'globalSearch.focus',
    title: 'Go to the global search',
    group: 'General',
    keywords: ['find', 'claim', 'patient', 'account number', 'header search'],
    shortcut: 'Alt+Shift+g',
    run: () => openGlobalSearch('results'),
  },
  {
    id: 'globalSearch.recents',
    title: 'Show recent records',
    group: 'General',
    keywords: ['recents', 'recently opened', 'history', 'last claims', 'global search'],
    shortcut: 'Alt+Shift+y',
    run: () => openGlobalSearch('recents'),
  },
];
