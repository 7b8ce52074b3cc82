/**
 * Which toasts are on screen: at most three at once. A new toast makes room by closing the
 * oldest routine ones (success, information, warning); an error is never closed for another
 * toast, it stays until the biller dismisses it. When the three on screen are all errors, the
 * new toast waits and shows as soon as one of them is dismissed.
 */
import type { ToastType } from './toastLifetime.ts';

export const MAX_SHOWN_TOASTS = 3;

export interface StackEntry {
  id: string;
  type: ToastType;
}

export interface StackState {
  /** On screen, oldest first. */
  shown: readonly StackEntry[];
  /** Waiting for room, oldest first. */
  waiting: readonly StackEntry[];
}

export const EMPTY_STACK: StackState = { shown: [], waiting: [] };

export interface StackChange {
  state: StackState;
  /** Toasts to take off the screen now (routine ones making room). */
  close: string[];
  /** Toasts to put on the screen now. */
  show: string[];
}

/** Room for `entry`: the routine toasts closed for it and whether it shows now or waits. */
export function admitToast(state: StackState, entry: StackEntry): StackChange {
  // The same id again replaces the toast where it stands (a progress line, a retried call).
  if (state.shown.some((shown) => shown.id === entry.id)) {
    return {
      state: { ...state, shown: state.shown.map((shown) => (shown.id === entry.id ? entry : shown)) },
      close: [],
      show: [entry.id],
    };
  }
  if (state.waiting.some((waiting) => waiting.id === entry.id)) {
    return {
      state: { ...state, waiting: state.waiting.map((waiting) => (waiting.id === entry.id ? entry : waiting)) },
      close: [],
      show: [],
    };
  }
  const shown = [...state.shown];
  const close: string[] = [];
  while (shown.length >= MAX_SHOWN_TOASTS) {
    const routine = shown.findIndex((candidate) => candidate.type !== 'error');
    if (routine < 0) break;
    close.push(...shown.splice(routine, 1).map((closed) => closed.id));
  }
  if (shown.length >= MAX_SHOWN_TOASTS)
    return { state: { shown, waiting: [...state.waiting, entry] }, close, show: [] };
  return { state: { shown: [...shown, entry], waiting: state.waiting }, close, show: [entry.id] };
}

/** A toast closed (its time ran out, or the biller dismissed it): the oldest waiting ones take its place. */
export function releaseToast(state: StackState, id: string): StackChange {
  const shown = state.shown.filter((entry) => entry.id !== id);
  const waiting = state.waiting.filter((entry) => entry.id !== id);
  const show: string[] = [];
  while (shown.length < MAX_SHOWN_TOASTS && waiting.length > 0) {
    const next = waiting.shift()!;
    shown.push(next);
    show.push(next.id);
  }
  return { state: { shown, waiting }, close: [], show };
}
