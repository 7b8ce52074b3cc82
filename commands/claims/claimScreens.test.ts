import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';
import { claimFormOnScreen } from '../../src/features/claimForm/index.ts';
import { resetStores } from '../../src/state/store.ts';
import { claimScreenCommands } from './claimScreens.ts';

const goTo = vi.hoisted(() => vi.fn());
vi.mock('../../src/routing/navigation.ts', () => ({ goTo }));

const command = (id: string) => {
  const found = claimScreenCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const context = (record: CommandContext['record']): CommandContext => ({
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record,
  modules: new Set(['CLAIMS']),
  source: 'hotkey',
});

beforeEach(() => {
  goTo.mockReset();
  resetStores();
});

describe('the claim screen commands', () => {
  it('open the form and the expanded view of the open claim, and only with a claim open', async () => {
    for (const [id, path] of [
      ['claims.editClaimForm', '/app/create-claim/42'],
      ['claims.expandedView', '/app/expanded-view/42'],
    ] as const) {
      expect(command(id).disabledReason?.(context(null))).toBe('Open a claim first.');
      expect(command(id).when?.(context({ type: 'submissionBatch', id: 3 }))).toBe(false);
      await command(id).run(context({ type: 'claim', id: 42 }), {});
      expect(goTo).toHaveBeenLastCalledWith(path);
    }
    expect([
      command('claims.newClaimForm').shortcut,
      command('claims.editClaimForm').shortcut,
      command('claims.expandedView').shortcut,
    ]).toEqual(['Alt+n', 'Alt+f', 'Alt+x']);
  });

  it('save the claim form only while an editable form is open, by asking the screen through its store', async () => {
    const save = command('claims.saveClaimForm');
    expect([save.shortcut, save.scope]).toEqual(['$mod+Enter', 'page']);
    expect(save.when?.(context(null))).toBe(false);
    claimFormOnScreen.open = true;
    expect(save.disabledReason?.(context(null))).toBe('This claim is read-only.');
    claimFormOnScreen.editable = true;
    expect(save.disabledReason?.(context(null))).toBeNull();
    await save.run(context(null), {});
    expect(claimFormOnScreen.saveRequests).toBe(1);
  });
});
