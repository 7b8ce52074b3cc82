import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard inside a modal (the palette, the cheat sheet) while it is open: a screen
 * below that focuses something when its data arrives (a grid, a claim's charges) must not take
 * the biller's typing away. On close, focus goes back to where it was before the modal opened
 * (without scrolling: it was in view then).
 *
 * A key pressed while the focus is outside it anyway (the page below blurred its own element when
 * it redrew, so the focus fell to the body) is taken in too: the field gets the focus before the
 * key lands, so nothing the biller types after opening is lost. Both stop the moment the modal
 * closes (set at commit, before the next key), not when the effect is cleaned up later: a 'g'
 * typed right after Escape belongs to the screen again.
 */
export function useModalFocus(container: RefObject<HTMLElement | null>, active = true): void {
  const open = useRef(active);
  useLayoutEffect(() => {
    open.current = active;
    return () => {
      open.current = false;
    };
  }, [active]);
  useEffect(() => {
    if (!active) return;
    const before = document.activeElement;
    const root = container.current;
    const focusField = () => {
      if (!root) return;
      const field = root.querySelector<HTMLElement>('input, textarea');
      (field ?? root).focus({ preventScroll: true });
    };
    const pullBack = (event: FocusEvent) => {
      if (open.current && root && !(event.target instanceof Node && root.contains(event.target))) focusField();
    };
    const takeKey = () => {
      if (open.current && root && !root.contains(document.activeElement)) focusField();
    };
    document.addEventListener('focusin', pullBack);
    document.addEventListener('keydown', takeKey, true);
    return () => {
      document.removeEventListener('focusin', pullBack);
      document.removeEventListener('keydown', takeKey, true);
      if (before instanceof HTMLElement && before.isConnected && !root?.contains(before)) before.focus({ preventScroll: true });
      // A modal that rests hidden (the palette) lets go of the focus; a grid below takes it back
      // at its cursor (useGridScope).
      if (root && document.activeElement instanceof HTMLElement && root.contains(document.activeElement)) document.activeElement.blur();
    };
  }, [container, active]);
}
