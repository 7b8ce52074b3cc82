import { useEffect } from 'react';
import { watchStore } from '../state/store.ts';
import { palette } from './paletteStore.ts';

/**
 * When the palette closes and leaves the keyboard nowhere (a command ran from it), `focus` gives
 * it back to the screen, so the next key acts on the screen again. `takes`, asked at the moment
 * of closing, lets a screen part claim it only when it was the one that opened the palette.
 * `focus` should be stable (useCallback), or the watch is set up again each render.
 */
export function useFocusAfterPalette(focus: () => void, takes: () => boolean = () => true): void {
  useEffect(() => {
    let wasOpen = palette.open;
    return watchStore(palette, () => {
      const closed = wasOpen && !palette.open;
      wasOpen = palette.open;
      if (!closed || !takes()) return;
      // After the palette has let go of the focus (its own clean-up runs on the next render).
      requestAnimationFrame(() => {
        if (document.activeElement === null || document.activeElement === document.body) focus();
      });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `takes` is read when the palette closes, not a reason to watch again
  }, [focus]);
}
