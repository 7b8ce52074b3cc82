/**
 * The organisation selector's commands and the local state changes of SPEC point 4: a star sets
 * isFavorite on the entry at once, removing an entry from a workgroup drops the workgroup's id
 * from it and takes it out of the cached view, a workgroup save sets the success flag true or
 * false, a failure shows the spec's fallback words, and applying a selection draws the screen again.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelectorItem, SelectorLists } from '../../contract/organisationSelector.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({
  getOrganizationSelector: vi.fn(),
  searchOrganizationSelector: vi.fn(),
  getSelectorDatabyID: vi.fn(),
  getFavorites: vi.fn(),
  getRecents: vi.fn(),
  getWorkGroups: vi.fn(),
  workGroupSelectValues: vi.fn(),
  saveSelection: vi.fn(),
  addWorkGroup: vi.fn(),
  editWorkGroup: vi.fn(),
  renameWorkGroup: vi.fn(),
  deleteWorkGroup: vi.fn(),
  removeFromWorkGroup: vi.fn(),
  addFavorites: vi.fn(),
  unFavorites: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/organisationSelector.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
const { organisationSelectorCommands } = await import('./organisationSelector.ts');
const { selector, openSelector } = await import('../../src/features/organisationSelector/index.ts');
const { resetStores } = await import('../../src/state/store.ts');

const context: CommandContext = {
  route: '/app/all-claims',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(),
  source: 'palette',
};
const command = (id: string) => {
  const found = organisationSelectorCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

const practice = (id: number, workGroups: number[] = [], isFavorite = false): SelectorItem => ({
  kind: 'practice',
  id,
  name: `Practice ${id}`,
  detail: 'Lakeside',
  groupID: 1,
  practiceID: id,
  active: true,
  isFavorite,
  workGroups,
});
const lists = (practices: SelectorItem[]): SelectorLists => ({ groups: [], practices, facilities: [], providers: [] });
const everything = { everything: true, selection: lists([]), practiceIDs: [1, 2] };

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
  api.getSelectorDatabyID.mockResolvedValue(everything);
  api.getOrganizationSelector.mockResolvedValue(lists([practice(1, [7]), practice(2)]));
  api.getWorkGroups.mockResolvedValue([
    { workGroupId: 7, name: 'Morning', groups: [], practices: [1], facilities: [], providers: [] },
  ]);
});

describe('the organisation selector', () => {
  it('has a shortcut for opening it, a workgroup and everything again, and every command in its palette group', () => {
    expect(command('orgSelector.open').shortcut).toBe('Alt+g');
    expect(command('orgSelector.applyWorkGroup').shortcut).toBe('Alt+w');
    expect(command('orgSelector.everything').shortcut).toBe('Alt+q');
    expect(new Set(organisationSelectorCommands.map((entry) => entry.group))).toEqual(
      new Set(['Organisation selector']),
    );
  });

  it('applies one practice picked in the palette, and draws the screen again within it', async () => {
    api.saveSelection.mockResolvedValue({ message: 'Saved.' });
    api.getSelectorDatabyID.mockResolvedValue({ everything: false, selection: lists([practice(2)]), practiceIDs: [2] });
    const before = selector.scopeRevision;
    await command('orgSelector.workOn').run(context, { item: 'practice:2' });
    expect(api.saveSelection).toHaveBeenCalledWith(
      { groups: [], practices: [2], facilities: [], providers: [] },
      { silent: true },
    );
    expect(selector.scopeRevision).toBe(before + 1);
    expect(toasts.success).toHaveBeenCalledWith('Working on Practice 2.');
    expect(command('orgSelector.everything').disabledReason?.(context)).toBeNull();
  });

  it('stars an entry locally at once, on every copy it holds', async () => {
    await openSelector();
    api.addFavorites.mockResolvedValue({ message: 'Added to Favorites' });
    await command('orgSelector.star').run(context, { item: 'practice:2' });
    expect(api.addFavorites).toHaveBeenCalledWith({ practices: [2] }, { silent: true });
    expect(selector.all?.practices.find((item) => item.id === 2)?.isFavorite).toBe(true);
  });

  it('drops the workgroup from an entry removed from it, and the entry from the cached view', async () => {
    await openSelector();
    api.workGroupSelectValues.mockResolvedValue({ workGroupId: 7, name: 'Morning', items: lists([practice(1, [7])]) });
    // The palette's step reads the workgroup's entries (and caches the view) before the run.
    const step = command('orgSelector.removeFromWorkGroup').steps?.[1];
    if (step?.kind === 'choice') expect(await step.choices(context, { workGroup: '7' })).toHaveLength(1);
    api.removeFromWorkGroup.mockResolvedValue({ message: 'Removed from Morning' });
    await command('orgSelector.removeFromWorkGroup').run(context, { workGroup: '7', item: 'practice:1' });
    expect(api.removeFromWorkGroup).toHaveBeenCalledWith(7, { practices: [1] }, { silent: true });
    expect(selector.all?.practices.find((item) => item.id === 1)?.workGroups).toEqual([]);
    expect(selector.workGroupViews[7]?.items.practices).toEqual([]);
  });

  it('sets the success flag of a workgroup save, true or false, and shows the fallback words on failure', async () => {
    api.addWorkGroup.mockRejectedValueOnce(ApiError.fromStatus(400, 'You already have a workgroup named "Kept".'));
    selector.applied = { everything: false, selection: lists([practice(1)]), practiceIDs: [1] };
    await command('orgSelector.saveAsWorkGroup').run(context, { name: 'Kept' });
    expect(selector.workGroupSaved).toBe(false);
    expect(toasts.error).toHaveBeenCalledWith(
      'Error: unable to create workgroup',
      'You already have a workgroup named "Kept".',
    );
    api.addWorkGroup.mockResolvedValueOnce({ workGroupId: 9 });
    await command('orgSelector.saveAsWorkGroup').run(context, { name: 'Fresh' });
    expect(api.addWorkGroup).toHaveBeenLastCalledWith(
      'Fresh',
      { groups: [], practices: [1], facilities: [], providers: [] },
      { silent: true },
    );
    expect(selector.workGroupSaved).toBe(true);
  });

  it('says "Error: unable to delete workgroup" when the delete fails, and keeps the workgroup', async () => {
    await openSelector();
    selector.workGroups = [
      { workGroupId: 7, name: 'Morning', groups: [], practices: [1], facilities: [], providers: [] },
    ];
    api.deleteWorkGroup.mockRejectedValueOnce(ApiError.fromStatus(404, 'Workgroup not found.'));
    await command('orgSelector.deleteWorkGroup').run(context, { workGroup: '7', confirm: 'yes' });
    expect(toasts.error).toHaveBeenCalledWith('Error: unable to delete workgroup', 'Not Found.');
    expect(selector.workGroups.map((entry) => entry.workGroupId)).toEqual([7]);
  });
});
