import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { palette } from './paletteStore.ts';
import { recentCommandIds } from '../state/recents.ts';
import { selectAllMatching, selectRecords, setPendingSelectionWrite } from '../state/selection.ts';
import { setSessionUser } from '../state/session.ts';
import { resetStores } from '../state/store.ts';
import { pushScope, showRecord } from './focus.ts';
import { allCommands, currentContext, findCommand, registerCommands, runCommand } from './registry.ts';
import type { Command } from './types.ts';

const showToast = vi.hoisted(() => vi.fn());
vi.mock('../toasts/notify.tsx', () => ({ showToast, notify: {} }));

let unregister: Array<() => void> = [];

function register(...commands: Command[]): void {
  unregister.push(registerCommands(commands));
}

function command(id: string, extra: Partial<Command> = {}): Command {
  return { id, title: `Title of ${id}`, group: 'Test', run: vi.fn(), ...extra };
}

function toastTexts(): string[] {
  return showToast.mock.calls.map(([request]) => (request as { text: string }).text);
}

beforeEach(() => {
  resetStores();
  showToast.mockReset();
  setSessionUser({ userID: 7, token: 't', modules: ['CLAIMS'], mustChangePassword: false } as unknown as SessionUser);
});

afterEach(() => {
  unregister.forEach((undo) => undo());
  unregister = [];
});

describe('registerCommands', () => {
  it('refuses a duplicate id and registers none of the batch', () => {
    register(command('claims.note'));
    expect(() => registerCommands([command('claims.other'), command('claims.note')])).toThrow(
      'A command with id "claims.note" is already registered.',
    );
    expect(findCommand('claims.other')).toBeUndefined();
    expect(() => registerCommands([command('x.same'), command('x.same')])).toThrow(/x\.same/);
  });

  it('unregisters only its own commands', () => {
    const undo = registerCommands([command('a.one')]);
    register(command('a.two'));
    undo();
    expect(allCommands().map((c) => c.id)).toEqual(['a.two']);
  });
});

describe('runCommand', () => {
  it('builds the context from the stores and passes the source on', async () => {
    const run = vi.fn<Command['run']>();
    register(command('claims.note', { run }));
    selectRecords('claim', [4, 5]);
    const pop = pushScope('grid', 'ClaimsGrid');
    const clear = showRecord('claim', 4);
    await runCommand('claims.note', 'hotkey', { note: 'hi' });
    expect(run).toHaveBeenCalledTimes(1);
    const [ctx, args] = run.mock.calls[0]!;
    expect(ctx).toMatchObject({
      scopes: ['global', 'grid'],
      source: 'hotkey',
      record: { type: 'claim', id: 4 },
      selection: { recordType: 'claim', ids: [4, 5] },
    });
    expect([...ctx.modules]).toEqual(['CLAIMS']);
    expect(args).toEqual({ note: 'hi' });
    pop();
    clear();
    expect(currentContext('menu')).toMatchObject({ scopes: ['global'], record: null, source: 'menu' });
  });

  it('runs on the selection on screen: a write the grid has not made yet is made first', async () => {
    const run = vi.fn<Command['run']>();
    register(command('claims.scrub', { run }));
    // The store still holds the row picked before; the grid shows "all 185 matching" (Ctrl+A twice).
    selectRecords('claim', [297]);
    const unregisterWrite = setPendingSelectionWrite(async () => {
      await Promise.resolve();
      selectAllMatching('claim', 185, { status: 'open' });
    });
    await runCommand('claims.scrub', 'menu');
    expect(run.mock.calls[0]?.[0].selection).toEqual({
      recordType: 'claim',
      ids: [],
      allMatching: { total: 185, query: { status: 'open' } },
    });
    unregisterWrite();
  });

  it('refuses when `when` is false, naming the command', async () => {
    const run = vi.fn();
    register(command('claims.submit', { title: 'Submit claims', when: (ctx) => ctx.selection.ids.length > 0, run }));
    await runCommand('claims.submit', 'palette');
    expect(run).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Submit claims: Submit claims does not apply here.']);
  });

  it('refuses with the disabled reason the command gives', async () => {
    const run = vi.fn();
    register(
      command('claims.scrub', {
        title: 'Scrub',
        disabledReason: () => 'Select claims whose scrub status is Failed.',
        run,
      }),
    );
    await runCommand('claims.scrub', 'hotkey');
    expect(run).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Scrub: Select claims whose scrub status is Failed.']);
  });

  it('refuses when the role lacks the module', async () => {
    const run = vi.fn();
    register(command('payments.post', { title: 'Post payment', privilege: 'PAYMENTS', run }));
    await runCommand('payments.post', 'palette');
    expect(run).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Post payment: Your role does not include the Payments module.']);
  });

  it('refuses a selection over the batch limit, counting "all N matching" as N', async () => {
    const run = vi.fn();
    register(command('claims.bulkNote', { title: 'Add note', batchLimit: 2, run }));
    selectRecords('claim', [1, 2, 3]);
    await runCommand('claims.bulkNote', 'bulk');
    selectAllMatching('claim', 20_000, { status: 'Denied' });
    await runCommand('claims.bulkNote', 'bulk');
    expect(run).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Add note: Select at most 2 claims.', 'Add note: Select at most 2 claims.']);
    selectRecords('claim', [1, 2]);
    await runCommand('claims.bulkNote', 'bulk');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('asks the missing answers in the palette instead of running', async () => {
    const run = vi.fn();
    const steps = [
      { key: 'user', kind: 'choice', title: 'User', choices: () => [] },
      { key: 'note', kind: 'text', title: 'Note' },
    ] as const;
    register(command('claims.reassign', { steps, run }));
    await runCommand('claims.reassign', 'hotkey', { user: '3' });
    expect(run).not.toHaveBeenCalled();
    expect(palette.open).toBe(true);
    expect(palette.pending).toEqual({ commandId: 'claims.reassign', source: 'hotkey', answers: { user: '3' } });
    await runCommand('claims.reassign', 'palette', { user: '3', note: 'Call payer' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('remembers runs per user, newest first, without repeats', async () => {
    register(command('a'), command('b'), command('c'));
    await runCommand('a', 'palette');
    await runCommand('b', 'hotkey');
    await runCommand('c', 'palette');
    await runCommand('a', 'palette');
    expect(recentCommandIds(7)).toEqual(['a', 'c', 'b']);
    expect(recentCommandIds(8)).toEqual([]);
  });

  it('does not remember a refused run', async () => {
    register(command('never', { when: () => false }));
    await runCommand('never', 'palette');
    expect(recentCommandIds(7)).toEqual([]);
  });

  it('shows a failure instead of rejecting', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    register(command('boom', { title: 'Explode', run: () => Promise.reject(new Error('bug')) }));
    await expect(runCommand('boom', 'palette')).resolves.toBeUndefined();
    expect(toastTexts()).toEqual(['Explode failed.']);
    error.mockRestore();
  });
});
