import { useEffect, type RefObject } from 'react';

/**
 * Keeps the keyboard inside a modal (the palette, the cheat sheet) while it is open: a screen
 * below that focuses something when its data arrives (a grid, a claim's charges) must not take
 * the biller's typing away. On close, focus goes back to where it was before the modal opened
 * (without scrolling: it was in view then).
 */
export function useModalFocus(container: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    if (!active) return;
    const before = document.activeElement;
    const root = container.current;
    const pullBack = (event: FocusEvent) => {
      if (!root || (event.target instanceof Node && root.contains(event.target))) return;
      const field = root.querySelector<HTMLElement>('input, textarea');
      (field ?? root).focus();
    };
    document.addEventListener('focusin', pullBack);
    return () => {
      document.removeEventListener('focusin', pullBack);
      if (before instanceof HTMLElement && before.isConnected && !root?.contains(before)) before.focus({ preventScroll: true });
      // A modal that rests hidden (the palette) lets go of the focus; a grid below takes it back
      // at its cursor (useGridScope).
      if (root && document.activeElement instanceof HTMLElement && root.contains(document.activeElement)) document.activeElement.blur();
    };
  }, [container, active]);
}
