import { useEffect, type RefObject } from 'react';

/**
 * Keeps the keyboard inside a modal (the palette, the cheat sheet) while it is open: a screen
 * below that focuses something when its data arrives (a grid, a claim's charges) must not take
 * the biller's typing away. On close, focus goes back to where it was before the modal opened.
 */
export function useModalFocus(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const before = document.activeElement;
    const pullBack = (event: FocusEvent) => {
      const root = container.current;
      if (!root || (event.target instanceof Node && root.contains(event.target))) return;
      const field = root.querySelector<HTMLElement>('input, textarea');
      (field ?? root).focus();
    };
    document.addEventListener('focusin', pullBack);
    return () => {
      document.removeEventListener('focusin', pullBack);
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [container]);
}
