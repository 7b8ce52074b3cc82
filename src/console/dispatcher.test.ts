import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStores } from '../state/store.ts';
import { startKeyboardDispatcher, type KeyTarget } from './dispatcher.ts';
import { pushScope } from './focus.ts';
import { registerCommands } from './registry.ts';
import { shortcutSettings } from './shortcutSettings.ts';
import type { Command, FocusScope } from './types.ts';

vi.mock('../toasts/notify.tsx', () => ({ showToast: vi.fn(), notify: {} }));

interface FakeKey {
  key: string;
  code: string;
  repeat: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: null;
  getModifierState: (modifier: string) => boolean;
  preventDefault: () => void;
  stopPropagation: () => void;
}

type Listener = (event: FakeKey) => void;
const listeners: { capture: Listener | null; bubble: Listener | null } = { capture: null, bubble: null };
const target = {
  addEventListener: (_type: string, handler: Listener, capture?: boolean) =>
    (listeners[capture ? 'capture' : 'bubble'] = handler),
  removeEventListener: (_type: string, _handler: Listener, capture?: boolean) =>
    (listeners[capture ? 'capture' : 'bubble'] = null),
} as unknown as KeyTarget;

/** What the focused element does with a key between the two phases (a grid sorting on 's'). */
let elementHandles: (event: FakeKey) => void = () => undefined;

/** Presses a key as the browser would report it (Ctrl+x as 'Control+x'). */
function press(binding: string, extra: Partial<FakeKey> = {}): FakeKey {
  const parts = binding.split('+');
  const key = parts.pop()!;
  const held = new Set(parts);
  let stopped = false;
  const event: FakeKey = {
    key,
    code: key.length === 1 ? `Key${key.toUpperCase()}` : key,
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    ctrlKey: held.has('Control'),
    metaKey: held.has('Meta'),
    altKey: held.has('Alt'),
    shiftKey: held.has('Shift'),
    target: null,
    getModifierState: (modifier) => held.has(modifier),
    preventDefault: () => (event.defaultPrevented = true),
    stopPropagation: () => (stopped = true),
    ...extra,
  };
  listeners.capture?.(event);
  if (!stopped) elementHandles(event);
  if (!stopped) listeners.bubble?.(event);
  return event;
}

const runs: string[] = [];
function command(id: string, shortcut: string, scope?: FocusScope): Command {
  return { id, title: id, group: 'Test', shortcut, scope, run: () => void runs.push(id) };
}

let stop: () => void = () => undefined;
let unregister: () => void = () => undefined;

beforeEach(() => {
  resetStores();
  elementHandles = () => undefined;
  runs.length = 0;
  unregister = registerCommands([
    command('nav.claims', 'g c'),
    command('nav.era', 'g e'),
    command('palette', '$mod+k'),
    command('help', '?'),
    command('grid.open', 'Enter', 'grid'),
    command('dialog.ok', 'Enter', 'dialog'),
    command('grid.mark', 'x', 'grid'),
    command('nav.settings', 'g s'),
  ]);
  stop = startKeyboardDispatcher(target);
});

afterEach(() => {
  stop();
  unregister();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the keyboard dispatcher', () => {
  it('runs sequences, modifier keys and shifted symbols', async () => {
    press('g');
    press('c');
    const ctrlK = press('Control+k');
    press('Shift+?');
    await settle();
    expect(runs).toEqual(['nav.claims', 'palette', 'help']);
    expect(ctrlK.defaultPrevented).toBe(true);
  });

  it('gives a key to the innermost open scope that binds it', async () => {
    press('Enter');
    const popGrid = pushScope('grid', 'grid');
    press('Enter');
    const popDialog = pushScope('dialog', 'dialog');
    press('Enter');
    // The dialog hides the grid below it: its 'x' rests, global keys still work.
    press('x');
    press('g');
    press('e');
    popDialog();
    press('x');
    popGrid();
    await settle();
    expect(runs).toEqual(['grid.open', 'dialog.ok', 'nav.era', 'grid.mark']);
  });

  it('ignores held-key repeats and keys another element already handled', async () => {
    press('Control+k', { repeat: true });
    press('Control+k', { defaultPrevented: true });
    await settle();
    expect(runs).toEqual([]);
  });

  it("follows the user's bindings at once: the new key works and the old one no longer does", async () => {
    shortcutSettings.overrides = { 'nav.claims': 'g l' };
    await settle();
    press('g');
    press('c');
    press('g');
    press('l');
    await settle();
    expect(runs).toEqual(['nav.claims']);
    shortcutSettings.overrides = { 'nav.claims': null };
    await settle();
    press('g');
    press('l');
    await settle();
    expect(runs).toEqual(['nav.claims']);
  });

  it("takes the second key of a started sequence before the focused element: 'g s' does not sort the grid", async () => {
    const sorted: string[] = [];
    elementHandles = (event) => {
      if (event.key === 's') {
        sorted.push('sorted');
        event.preventDefault();
      }
    };
    press('s');
    press('g');
    press('s');
    await settle();
    expect(sorted).toEqual(['sorted']);
    expect(runs).toEqual(['nav.settings']);
  });
});
