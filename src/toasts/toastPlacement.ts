/**
 * Where the toasts stand: in the bottom-left corner, over the menu column, which holds no work at
 * its foot, and away from the bulk progress panel (bottom right) and the panes that show a
 * record's text on the right (an 837 file, a claim's postings). When the row or field the biller
 * is working on lies under them there, they move to the top-left corner (over the header) until
 * it no longer does.
 */

export type ToastCorner = 'bottom-left' | 'top-left';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The toaster's inset from the window's edges (the app's Toaster container). */
export const TOAST_INSET = 16;

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box the stack of toasts takes in a corner. */
export function stackBox(corner: ToastCorner, stack: Size, viewport: Size): Box {
  const left = TOAST_INSET;
  const right = Math.min(viewport.width - TOAST_INSET, left + stack.width);
  if (corner === 'top-left') return { left, top: TOAST_INSET, right, bottom: TOAST_INSET + stack.height };
  const bottom = viewport.height - TOAST_INSET;
  return { left, top: bottom - stack.height, right, bottom };
}

/**
 * Bottom-left unless something to keep clear (the work, the bulk progress panel) is under the
 * stack there; then top-left when that is clear of it all.
 */
export function chooseCorner(stack: Size, viewport: Size, keepClear: readonly Box[]): ToastCorner {
  const clear = (corner: ToastCorner) => !keepClear.some((box) => overlaps(stackBox(corner, stack, viewport), box));
  if (clear('bottom-left')) return 'bottom-left';
  return clear('top-left') ? 'top-left' : 'bottom-left';
}

const boxOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};
const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);
const centreInside = (inner: Box, outer: Box) => {
  const x = (inner.left + inner.right) / 2;
  const y = (inner.top + inner.bottom) / 2;
  return x >= outer.left && x <= outer.right && y >= outer.top && y <= outer.bottom;
};

/** Panels the toasts never cover: the bulk progress panel, and any part marked to keep clear. */
const KEEP_CLEAR = '.bulk-dock, [data-keep-clear]';

/** What the toasts must not cover now: the work (see workBox) and the panels kept clear. */
export function keepClearBoxes(): Box[] {
  if (typeof document === 'undefined') return [];
  const work = workBox();
  const panels = [...document.querySelectorAll(KEEP_CLEAR)].map(boxOf).filter((box) => area(box) > 0);
  return work === null ? panels : [work, ...panels];
}

/** Reports where a canvas grid's cursor row is on screen (its cells are drawn, not elements). */
export type CursorRowReporter = () => Box | null;

const cursorRows = new Set<CursorRowReporter>();

/** A grid tells where its cursor row is while it is mounted; returns the unregister. */
export function reportCursorRow(reporter: CursorRowReporter): () => void {
  cursorRows.add(reporter);
  return () => cursorRows.delete(reporter);
}

/**
 * What the keyboard works on now, on screen: a canvas grid's cursor row, a list's cursor row
 * (aria-activedescendant), the focused field; null when the focus is nowhere or in a toast.
 */
export function workBox(): Box | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.closest('[data-toast-id]')) return null;
  // A canvas grid focuses an element without a box of its own: its cursor row is the work.
  let holder: HTMLElement | null = active;
  while (holder && area(boxOf(holder)) === 0) holder = holder.parentElement;
  if (holder === null) return null;
  const holderBox = boxOf(holder);
  for (const reporter of cursorRows) {
    const row = reporter();
    if (row !== null && centreInside(row, holderBox)) return row;
  }
  const descendant = active.getAttribute('aria-activedescendant');
  const cursor = descendant ? document.getElementById(descendant) : null;
  if (cursor) return boxOf(cursor);
  const viewport = window.innerWidth * window.innerHeight;
  // A whole screen or pane holding the focus is not one place to keep clear.
  return area(holderBox) < viewport / 4 ? holderBox : null;
}
