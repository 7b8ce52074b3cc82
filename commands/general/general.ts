/** Commands that belong to no record: the palette itself, the cheat sheet, the notifications, signing out. */
import { openPalette, setCheatSheetOpen, togglePalette } from '../../src/console/paletteStore.ts';
import type { Command } from '../../src/console/types.ts';
import { signOut } from '../../src/features/session/index.ts';
import { focusNewestToast, toastsShown } from '../../src/toasts/notify.tsx';

/** Resolves once the browser has drawn the next frame. */
const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : resolve(),
  );

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
    // The keyboard way into the toasts: on the newest one's Dismiss (else its close button);
    // Escape or Dismiss there gives the keyboard back to where it was.
    id: 'console.goToNotifications',
    title: 'Go to notifications',
    group: 'General',
    keywords: ['toast', 'toasts', 'message', 'notice', 'alert', 'dismiss'],
    shortcut: 'F8',
    disabledReason: () => (toastsShown() === 0 ? 'No notification is shown.' : null),
    run: async (ctx) => {
      // From the palette: the screen takes the keyboard back in the frame after it closes
      // (useFocusAfterPalette); the toast remembers it there only a frame later.
      if (ctx.source === 'palette') {
        await nextFrame();
        await nextFrame();
      }
      focusNewestToast();
    },
  },
  {
    id: 'session.signOut',
    title: 'Sign out',
    group: 'General',
    keywords: ['log out', 'logout', 'exit'],
    run: () => signOut('user'),
  },
];
