/**
 * The console inside the signed-in app: registers the commands it is given (src/console knows no
 * domain, the shell passes commands/index.ts in), starts the one keyboard dispatcher, loads the
 * user's key bindings, and draws the palette and the cheat sheet.
 */
import { useEffect } from 'react';
import { session } from '../state/session.ts';
import { useStore } from '../state/useStore.ts';
import { exposeBenchHook } from './benchHook.ts';
import { CheatSheet } from './CheatSheet.tsx';
import { startKeyboardDispatcher } from './dispatcher.ts';
import { Palette } from './Palette.tsx';
import { closePalette, setCheatSheetOpen } from './paletteStore.ts';
import { forgetShortcutOverrides, loadShortcutOverrides } from './shortcutSettings.ts';
import './console.css';

export function ConsoleRoot({ register }: { register: () => () => void }) {
  const userId = useStore(session).user?.userID ?? null;

  useEffect(() => register(), [register]);
  useEffect(exposeBenchHook, []);
  useEffect(() => startKeyboardDispatcher(window), []);
  useEffect(() => {
    if (userId !== null) void loadShortcutOverrides(userId);
  }, [userId]);
  // Leaving the signed-in app (sign-out) closes what the console had open; the next sign-in
  // loads its bindings afresh.
  useEffect(
    () => () => {
      closePalette();
      setCheatSheetOpen(false);
      forgetShortcutOverrides();
    },
    [],
  );

  return (
    <>
      <Palette />
      <CheatSheet />
    </>
  );
}
