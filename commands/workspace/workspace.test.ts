import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';

const navigation = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../src/routing/navigation.ts', () => navigation);
// No page here: no element holds the focus.
vi.stubGlobal('document', { activeElement: null });
vi.stubGlobal('HTMLElement', class {});
const { claimsInFocus, workspaceCommands } = await import('./workspace.ts');
const { setPaneCursor, setFocusedPane, workspace } = await import('../../src/state/workspace.ts');
const { resetStores } = await import('../../src/state/store.ts');

const context = (over: Partial<CommandContext>): CommandContext => ({
  route: '/app/all-claims',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['CLAIMS']),
  source: 'hotkey',
  ...over,
});
const command = (id: string) => {
  const found = workspaceCommands.find((each) => each.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};

beforeEach(() => {
  resetStores();
  vi.clearAllMocks();
});

describe('Claim vs ERA opens on the claims the biller is on', () => {
  it('takes the claim open on its screen, the picked or cursor claims of the list, a workspace pane’s cursor claim; none elsewhere', () => {
    expect(claimsInFocus(context({ route: '/app/claim-detail/295', record: { type: 'claim', id: 295 } }))).toEqual([
      295,
    ]);
    expect(claimsInFocus(context({ selection: { recordType: 'claim', ids: [301], allMatching: null } }))).toEqual([
      301,
    ]);
    expect(claimsInFocus(context({ selection: { recordType: 'claim', ids: [301, 300], allMatching: null } }))).toEqual([
      301, 300,
    ]);
    // "All N matching" is every claim: no narrowing.
    expect(
      claimsInFocus(context({ selection: { recordType: 'claim', ids: [], allMatching: { total: 300, query: {} } } })),
    ).toEqual([]);
    // A selection left behind on the list is not what the biller is on elsewhere.
    expect(
      claimsInFocus(
        context({ route: '/app/era-search', selection: { recordType: 'claim', ids: [301], allMatching: null } }),
      ),
    ).toEqual([]);
    workspace.layoutId = 'claims-work';
    setFocusedPane('claims');
    setPaneCursor('claims-work', 'claims', { claimID: 288 });
    expect(claimsInFocus(context({ route: '/app/workspace/claims-work' }))).toEqual([288]);
  });

  it('Ctrl+Alt+2 lists the claim in focus in its Claims pane; with none it lists every claim; "List every claim" undoes it', () => {
    const open = command('workspace.open.claim-vs-era');
    void open.run(context({ route: '/app/claim-detail/295', record: { type: 'claim', id: 295 } }), {});
    expect(navigation.goTo).toHaveBeenCalledWith('/app/workspace/claim-vs-era');
    expect(workspace.listedClaims['claim-vs-era']).toEqual([295]);

    const onLayout = context({ route: '/app/workspace/claim-vs-era' });
    const listEvery = command('workspace.listEveryClaim');
    expect(listEvery.disabledReason?.(onLayout)).toBeNull();
    void listEvery.run(onLayout, {});
    expect(workspace.listedClaims['claim-vs-era']).toBeUndefined();
    expect(listEvery.disabledReason?.(onLayout)).toBe('The Claims pane lists every claim already.');

    void open.run(context({ route: '/app/era-search' }), {});
    expect(workspace.listedClaims['claim-vs-era']).toBeUndefined();
    // The other layouts open as they always did.
    void command('workspace.open.claims-work').run(
      context({ route: '/app/claim-detail/295', record: { type: 'claim', id: 295 } }),
      {},
    );
    expect(workspace.listedClaims['claims-work']).toBeUndefined();
  });
});
