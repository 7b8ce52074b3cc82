import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard inside a modal (the palette, the cheat sheet) while it is open: a screen
 * below that focuses something when its data arrives (a grid, a claim's charges) must not take
 * the biller's typing away. On close, focus goes back to where it was before the modal opened
 * (without scrolling: it was in view then).
 *
 * A key pressed while the focus is outside it anyway (the page below blurred its own element when
 * it redrew, so the focus fell to the body) is taken in too: the field gets the focus before the
 * key lands (and Escape, Enter and the arrows are handed to it), so nothing the biller types after
 * opening is lost. Both stop the moment the modal
 * closes (set at commit, before the next key), not when the effect is cleaned up later: a 'g'
 * typed right after Escape belongs to the screen again.
 */
/** Keys a modal's list or field handles at keydown, where nothing is typed. */
const MODAL_KEYS = new Set([
  'Escape',
  'Enter',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Backspace',
]);

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
    const takeKey = (event: KeyboardEvent) => {
      if (!open.current || !root || root.contains(document.activeElement)) return;
      focusField();
      // A letter follows the focus into the field by itself, but a key the modal acts on at
      // keydown (Escape, Enter, the arrows) is already aimed at the page below: it is handed to
      // the field instead, or Escape would leave the palette open and move the grid's cursor.
      const field = document.activeElement;
      if (!MODAL_KEYS.has(event.key) || !(field instanceof HTMLElement) || !root.contains(field)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
      field.dispatchEvent(
        new KeyboardEvent('keydown', {
          key,
          code,
          shiftKey,
          altKey,
          ctrlKey,
          metaKey,
          bubbles: true,
          cancelable: true,
        }),
      );
    };
    document.addEventListener('focusin', pullBack);
    document.addEventListener('keydown', takeKey, true);
    return () => {
      document.removeEventListener('focusin', pullBack);
      document.removeEventListener('keydown', takeKey, true);
      if (before instanceof HTMLElement && before.isConnected && !root?.contains(before))
        before.focus({ preventScroll: true });
      // A modal that rests hidden (the palette) lets go of the focus; a grid below takes it back
      // at its cursor (useGridScope).
      if (root && document.activeElement instanceof HTMLElement && root.contains(document.activeElement))
        document.activeElement.blur();
    };
  }, [container, active]);
}
