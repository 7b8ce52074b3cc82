import { describe, expect, it } from 'vitest';
import type { ToastType } from './toastLifetime.ts';
import { admitToast, EMPTY_STACK, MAX_SHOWN_TOASTS, releaseToast, type StackState } from './toastStack.ts';

function admitAll(entries: [string, ToastType][], state: StackState = EMPTY_STACK) {
  const closed: string[] = [];
  for (const [id, type] of entries) {
    const change = admitToast(state, { id, type });
    closed.push(...change.close);
    state = change.state;
  }
  return {
    state,
    closed,
    shown: state.shown.map((entry) => entry.id),
    waiting: state.waiting.map((entry) => entry.id),
  };
}

describe('the toasts on screen', () => {
  it('shows at most three: a new one closes the oldest routine toast', () => {
    expect(MAX_SHOWN_TOASTS).toBe(3);
    const { shown, closed } = admitAll([
      ['a', 'success'],
      ['b', 'info'],
      ['c', 'warning'],
      ['d', 'success'],
      ['e', 'success'],
    ]);
    expect(shown).toEqual(['c', 'd', 'e']);
    expect(closed).toEqual(['a', 'b']);
  });

  it('never closes an error for another toast: the oldest routine one goes instead', () => {
    const { shown, closed } = admitAll([
      ['error-1', 'error'],
      ['a', 'success'],
      ['error-2', 'error'],
      ['b', 'info'],
    ]);
    expect(shown).toEqual(['error-1', 'error-2', 'b']);
    expect(closed).toEqual(['a']);
  });

  it('lets a new toast wait while three errors are shown, and shows it when one is dismissed', () => {
    const full = admitAll([
      ['error-1', 'error'],
      ['error-2', 'error'],
      ['error-3', 'error'],
      ['a', 'success'],
      ['error-4', 'error'],
    ]);
    expect(full.shown).toEqual(['error-1', 'error-2', 'error-3']);
    expect(full.waiting).toEqual(['a', 'error-4']);
    expect(full.closed).toEqual([]);
    const released = releaseToast(full.state, 'error-2');
    expect(released.show).toEqual(['a']);
    expect(released.state.shown.map((entry) => entry.id)).toEqual(['error-1', 'error-3', 'a']);
    expect(released.state.waiting.map((entry) => entry.id)).toEqual(['error-4']);
  });

  it('replaces a toast of the same id where it stands, without making room', () => {
    const { state } = admitAll([
      ['a', 'success'],
      ['progress', 'info'],
      ['b', 'success'],
    ]);
    const again = admitToast(state, { id: 'progress', type: 'success' });
    expect(again.close).toEqual([]);
    expect(again.show).toEqual(['progress']);
    expect(again.state.shown).toEqual([
      { id: 'a', type: 'success' },
      { id: 'progress', type: 'success' },
      { id: 'b', type: 'success' },
    ]);
  });

  it('forgets a toast that closed by itself', () => {
    const { state } = admitAll([['a', 'success']]);
    expect(releaseToast(state, 'a')).toEqual({ state: EMPTY_STACK, close: [], show: [] });
  });
});
