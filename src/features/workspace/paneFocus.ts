/**
 * Moving the keyboard into a pane. A pane view that owns a special focus target (the canvas grid)
 * registers how to focus it (returning false when it has nothing to focus yet); any other pane
 * gets its first element marked data-pane-focus, or the pane frame itself.
 */
const focusers = new Map<string, () => boolean>();

export function registerPaneFocus(paneId: string, focus: () => boolean): () => void {
  focusers.set(paneId, focus);
  return () => {
    if (focusers.get(paneId) === focus) focusers.delete(paneId);
  };
}

export function paneElement(paneId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-pane-id="${CSS.escape(paneId)}"]`);
}

export function focusPane(paneId: string): void {
  if (focusers.get(paneId)?.()) return;
  const frame = paneElement(paneId);
  const target = frame?.querySelector<HTMLElement>('[data-pane-focus]') ?? frame;
  target?.focus();
}

/** The pane that holds DOM focus now, if any. */
export function paneOfActiveElement(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>('[data-pane-id]')?.dataset.paneId ?? null) : null;
}
