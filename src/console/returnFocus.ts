/**
 * Where the keyboard was when the palette opened, so closing it gives the keyboard back there: a
 * list on the claim, a field in the settings. Read when the palette opens, before its own field
 * takes the focus. A grid that puts the focus back at its cursor itself (it marks its box
 * `data-refocuses-itself`) is left to do so: the cell that had the focus may since have moved.
 */
let before: HTMLElement | null = null;

export function rememberFocus(): void {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  before = active instanceof HTMLElement && active !== document.body ? active : null;
}

export function returnFocus(modal: HTMLElement | null): void {
  const target = before;
  before = null;
  if (!target?.isConnected || modal?.contains(target) || target.closest('[data-refocuses-itself]')) return;
  target.focus({ preventScroll: true });
}
