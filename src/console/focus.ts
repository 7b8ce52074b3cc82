/**
 * The console's door to the focus stack. Screens push a scope while they hold the keyboard
 * (a dialog, a grid, the palette) and pop it when they let go; the dispatcher offers each key to
 * the innermost scope that binds it.
 */
import { focus, pushFocusEntry, pushOpenRecord, removeFocusEntry, removeOpenRecord } from '../state/focus.ts';
import type { FocusScope } from './types.ts';

/** Pushes `scope` on the focus stack; call the returned function to pop exactly this entry. */
export function pushScope(scope: FocusScope, owner: string): () => void {
  const token = pushFocusEntry(scope, owner);
  return () => removeFocusEntry(token);
}

/** The scopes open now, outermost first, always starting with 'global'. */
export function currentScopes(): FocusScope[] {
  return ['global', ...focus.stack.map((entry) => entry.scope)];
}

/** Who holds each scope, outermost first (for the key debug log). */
export function describeFocusStack(): string {
  return ['global', ...focus.stack.map((entry) => `${entry.scope}(${entry.owner})`)].join(' > ');
}

/** Declares the record shown on the screen (a claim detail) for commands' context; returns the clear. */
export function showRecord(type: string, id: number): () => void {
  const token = pushOpenRecord({ type, id });
  return () => removeOpenRecord(token);
}

export function currentRecord(): { type: string; id: number } | null {
  const last = focus.openRecords[focus.openRecords.length - 1];
  return last === undefined ? null : { type: last.type, id: last.id };
}
