/**
 * The command palette: $mod+K or '/' opens it. It holds the 'palette' scope while open, so page
 * and grid keys below it rest, and gives focus back to where the biller was when it closes.
 *
 * The command list is built once, when the browser is idle after sign-in, and then rests hidden
 * between openings: opening shows what is already laid out instead of building and laying out a
 * list in the frame after the key, which is what kept it over one frame. Resting, it is
 * `visibility: hidden`, which also keeps it out of the tab order and the accessibility tree (and
 * is cheaper to switch than `inert`, which restyles the whole list).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '../state/useStore.ts';
import { PaletteSearch } from './PaletteSearch.tsx';
import { PaletteSteps } from './PaletteSteps.tsx';
import { closePalette, palette } from './paletteStore.ts';
import { returnFocus } from './returnFocus.ts';
import { useFocusScope } from './useFocusScope.ts';
import { useModalFocus } from './useModalFocus.ts';

function PaletteDialog({ open }: { open: boolean }) {
  const { pending } = useStore(palette);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusScope('palette', 'Palette', open);
  useModalFocus(dialog, open);
  // Before the frame is drawn, so the first key typed after opening lands in the field.
  useLayoutEffect(() => {
    if (open) dialog.current?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
  }, [open, pending]);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open) returnFocus(dialog.current);
    wasOpen.current = open;
  }, [open]);

  return (
    <div
      className={open ? 'palette__backdrop' : 'palette__backdrop palette__backdrop--resting'}
      onMouseDown={closePalette}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        {pending ? <PaletteSteps key={pending.commandId} pending={pending} /> : <PaletteSearch open={open} />}
      </div>
    </div>
  );
}

/** Builds the resting palette when the browser has nothing else to do, or at the first opening. */
function useReadyWhenIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setReady(true), 500);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setReady(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return ready;
}

export function Palette() {
  const { open } = useStore(palette);
  const ready = useReadyWhenIdle();
  return open || ready ? <PaletteDialog open={open} /> : null;
}
