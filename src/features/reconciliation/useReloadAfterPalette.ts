import { useEffect } from 'react';
import { palette } from '../../console/paletteStore.ts';
import { ui } from '../../state/ui.ts';
import { watchStore } from '../../state/store.ts';

/**
 * Reads the screen again once a command run from the palette has finished its call: the palette
 * closes, then the busy counter comes back to zero. The batch commands (reverse, reconcile) know
 * nothing of this screen, so it watches for their end instead of being told.
 */
export function useReloadAfterPalette(reload: () => void): void {
  useEffect(() => {
    let wasOpen = palette.open;
    let armed = false;
    const stopPalette = watchStore(palette, () => {
      if (wasOpen && !palette.open) armed = true;
      wasOpen = palette.open;
    });
    const stopBusy = watchStore(ui, () => {
      if (!armed || ui.spinnerCount !== 0) return;
      armed = false;
      reload();
    });
    return () => {
      stopPalette();
      stopBusy();
    };
  }, [reload]);
}
