import { useCallback, useEffect, useRef, type FocusEvent } from 'react';
import { pushScope } from '../console/focus.ts';
import { focus } from '../state/focus.ts';
import { watchStore } from '../state/store.ts';

const OVERLAYS = new Set(['palette', 'dialog']);
/**
 * How long after an overlay closes the grid keeps taking back a focus that fell to nowhere. A
 * command run from the palette may redraw the grid a few frames later (columns moved, rows
 * reloaded), and the redraw drops the focused cell; on a loaded machine that is well after the
 * first frame.
 */
const SETTLE_MS = 1500;

/** Each frame until the screen settles: when nothing has the keyboard, the grid takes it. */
function reclaimWhileSettling(refocus: () => void): void {
  const until = performance.now() + SETTLE_MS;
  const check = () => {
    const active = document.activeElement;
    if (active === null || active === document.body) refocus();
    if (performance.now() < until) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Puts 'grid' on the focus stack while focus is inside the element these handlers go on, so
 * grid-scoped shortcuts (move column, ...) fire only there. When the palette or a dialog that
 * took the keyboard from the grid closes and focus is nowhere (the grid redrew the cell that had
 * it), the grid takes it back: the biller keeps typing where they were.
 */
export function useGridScope(
  owner: string,
  refocus: () => void,
): { onFocus: () => void; onBlur: (event: FocusEvent<HTMLElement>) => void } {
  const pop = useRef<(() => void) | null>(null);
  const lentToOverlay = useRef(false);

  const onFocus = useCallback(() => {
    lentToOverlay.current = false;
    pop.current ??= pushScope('grid', owner);
  }, [owner]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    lentToOverlay.current = next === null || (next instanceof Element && next.closest('[role="dialog"]') !== null);
    pop.current?.();
    pop.current = null;
  }, []);

  useEffect(
    () =>
      watchStore(focus, () => {
        if (!lentToOverlay.current || focus.stack.some((entry) => OVERLAYS.has(entry.scope))) return;
        lentToOverlay.current = false;
        reclaimWhileSettling(refocus);
      }),
    [refocus],
  );

  useEffect(
    () => () => {
      pop.current?.();
      pop.current = null;
    },
    [],
  );

  return { onFocus, onBlur };
}
