/**
 * Which key presses the dispatcher leaves alone, and why (the debug switch prints the why).
 * STYLE point 6: letters, '?' and '/' never fire while the biller types in a field; a modifier
 * combination such as $mod+K or an F-key does, except the ones text editing needs.
 */

/** Combinations a text field needs for itself: select all, copy, paste, undo, word moves. */
const EDITING_KEYS = new Set([
  'a',
  'c',
  'v',
  'x',
  'z',
  'y',
  'arrowleft',
  'arrowright',
  'arrowup',
  'arrowdown',
  'backspace',
  'delete',
  'home',
  'end',
]);

export interface KeyEventLike {
  key: string;
  repeat: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

export function isTextField(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('[contenteditable=""],[contenteditable="true"],[contenteditable="plaintext-only"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
}

/** Keys a field moves with under Shift, Ctrl or Cmd, but never under Alt (Option) alone. */
const ALT_FREE_KEYS = new Set(['home', 'end']);

/** Whether a press may reach a command while the cursor is in a text field or a list field. */
export function allowedWhileTyping(event: KeyEventLike): boolean {
  if (/^F\d{1,2}$/.test(event.key)) return true;
  const key = event.key.toLowerCase();
  // Alt+Shift+End and the like reach their command from a field: no field uses Alt with Home or End.
  if (event.altKey && !event.ctrlKey && !event.metaKey && ALT_FREE_KEYS.has(key)) return true;
  const withModifier = event.ctrlKey || event.metaKey || event.altKey;
  return withModifier && !EDITING_KEYS.has(key);
}

/** Why this press must not reach a command, or null when it may. */
export function keyIgnoreReason(event: KeyEventLike): string | null {
  if (event.repeat) return 'held key repeat';
  if (event.isComposing) return 'IME composition in progress';
  if (event.defaultPrevented) return 'the focused element handled it';
  if (isTextField(event.target) && !allowedWhileTyping(event)) return 'typing in a text field';
  return null;
}
