/**
 * The organisation selector's state (SPEC points 3 and 4): the selection applied to the console,
 * the dialog's picks, lists, favorites, recents and workgroups, and the workgroup success flag.
 * Applying a selection saves it on the server (a user setting, so it survives a reload and
 * follows the user to another browser) and moves `scopeRevision`: the app shell draws its screen
 * again on it, so every grid, report and dashboard reads again within the new scope.
 */
import {
  EMPTY_ORG_ITEMS,
  KIND_OF_LIST,
  LIST_OF_KIND,
  ORG_LISTS,
  orgItemsCount,
  type OrgItems,
  type SelectionReply,
  type SelectorItem,
  type SelectorLists,
  type WorkGroup,
  type WorkGroupValuesReply,
} from '../../../contract/organisationSelector.ts';
import { ApiError } from '../../api/apiError.ts';
import * as api from '../../api/organisationSelector.ts';
import { defineStore } from '../../state/store.ts';
import { notify } from '../../toasts/notify.tsx';

export type SelectorTab = 'all' | 'favorites' | 'recents' | 'workgroups';
export const SELECTOR_TABS: readonly { tab: SelectorTab; label: string }[] = [
  { tab: 'all', label: 'All' },
  { tab: 'favorites', label: 'Favorites' },
  { tab: 'recents', label: 'Recents' },
  { tab: 'workgroups', label: 'Workgroups' },
];

/** The dialog picks for the console, or for a workgroup being created or edited. */
export type SelectorMode =
  | { kind: 'select' }
  | { kind: 'workgroup'; workGroupId: number | null; name: string }
  /** The search field holds the name of a new workgroup made of the picks. */
  | { kind: 'naming'; name: string };

export interface SelectorState {
  /** The selection the console works on, as the server has it; null before it is read. */
  applied: SelectionReply | null;
  /** Moves each time a new selection is applied: the screen is drawn again within it. */
  scopeRevision: number;
  open: boolean;
  mode: SelectorMode;
  tab: SelectorTab;
  search: string;
  cursor: number;
  picks: OrgItems;
  /** Names of the picked entries, by `kind:id`, for the picks line. */
  pickedNames: Record<string, string>;
  all: SelectorLists | null;
  found: SelectorLists | null;
  favorites: SelectorLists | null;
  recents: SelectorItem[] | null;
  workGroups: WorkGroup[] | null;
  /** The workgroup views read (workGroupSelectValues), by id. */
  workGroupViews: Record<number, WorkGroupValuesReply>;
  /** SPEC point 4: a workgroup create or edit sets it true or false. */
  workGroupSaved: boolean | null;
  /** A workgroup Delete was pressed on once: the second press deletes it. */
  confirmDelete: number | null;
  /** The workgroup whose entries the Workgroups tab shows (→ on it; ← goes back), if any. */
  viewing: number | null;
}

export const selector = defineStore<SelectorState>(() => ({
  applied: null,
  scopeRevision: 0,
  open: false,
  mode: { kind: 'select' },
  tab: 'all',
  search: '',
  cursor: 0,
  picks: { ...EMPTY_ORG_ITEMS },
  pickedNames: {},
  all: null,
  found: null,
  favorites: null,
  recents: null,
  workGroups: null,
  workGroupViews: {},
  workGroupSaved: null,
  confirmDelete: null,
  viewing: null,
}));

export const keyOf = (item: { kind: string; id: number }) => `${item.kind}:${item.id}`;

/** The spec's fallback words when a call fails, with the reason under them. */
async function orFallback<T>(fallback: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return null;
    notify.error(fallback, thrown instanceof Error ? thrown.message : undefined);
    return null;
  }
}

const emptyItems = (): OrgItems => ({ groups: [], practices: [], facilities: [], providers: [] });

/** Every entry of the lists, in list order. */
export function flatten(lists: SelectorLists | null): SelectorItem[] {
  return lists ? ORG_LISTS.flatMap((list) => lists[list]) : [];
}

export function isPicked(item: { kind: SelectorItem['kind']; id: number }): boolean {
  return selector.picks[LIST_OF_KIND[item.kind]].includes(item.id);
}

/** The selection applied, read once the app starts and after each change. */
export async function loadAppliedSelection(): Promise<void> {
  const applied = await orFallback('Error in Fetching WorkGroup Data', () => api.getSelectorDatabyID({ silent: true }));
  if (applied) selector.applied = applied;
}

/** What the header says the console works on. */
export function appliedSummary(applied: SelectionReply | null): string {
  if (!applied || applied.everything) return 'All of my organisation';
  const names = flatten(applied.selection).map((item) => item.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names[0]} +${names.length - 1}`;
}

function picksOf(lists: SelectorLists): { picks: OrgItems; names: Record<string, string> } {
  const picks = emptyItems();
  const names: Record<string, string> = {};
  for (const item of flatten(lists)) {
    picks[LIST_OF_KIND[item.kind]].push(item.id);
    names[keyOf(item)] = item.name;
  }
  return { picks, names };
}

async function loadTab(tab: SelectorTab): Promise<void> {
  if (tab === 'all' && !selector.all)
    selector.all = await orFallback('Error in Fetching search data', () =>
      api.getOrganizationSelector({ silent: true }),
    );
  if (tab === 'favorites')
    selector.favorites = await orFallback('Error in Fetching Favorities', () => api.getFavorites({ silent: true }));
  if (tab === 'recents')
    selector.recents = await orFallback('Error in Fetching recents', () => api.getRecents({ silent: true }));
  if (tab === 'workgroups') await loadWorkGroups();
}

export async function loadWorkGroups(): Promise<WorkGroup[]> {
  const workGroups = await orFallback('Error in Fetching WorkGroups', () => api.getWorkGroups({ silent: true }));
  if (workGroups) selector.workGroups = workGroups;
  return workGroups ?? [];
}

/** Opens the dialog on the selection applied now (or on a workgroup's entries, to edit it). */
export async function openSelector(mode: SelectorMode = { kind: 'select' }, picksFrom?: SelectorLists): Promise<void> {
  if (!selector.applied) await loadAppliedSelection();
  const from = picksFrom ?? (mode.kind === 'select' ? selector.applied?.selection : undefined);
  const { picks, names } = from ? picksOf(from) : { picks: emptyItems(), names: {} };
  Object.assign(selector, {
    open: true,
    mode,
    tab: 'all',
    search: '',
    found: null,
    cursor: 0,
    picks,
    pickedNames: names,
    workGroupSaved: null,
    confirmDelete: null,
    all: null,
    workGroupViews: {},
    viewing: null,
  });
  await loadTab('all');
}

export function closeSelector(): void {
  selector.open = false;
  selector.mode = { kind: 'select' };
  selector.search = '';
  selector.found = null;
}

export async function showTab(tab: SelectorTab): Promise<void> {
  selector.tab = tab;
  selector.cursor = 0;
  selector.confirmDelete = null;
  selector.viewing = null;
  await loadTab(tab);
}

export function nextTab(step: 1 | -1): Promise<void> {
  const index = SELECTOR_TABS.findIndex((entry) => entry.tab === selector.tab);
  const next = SELECTOR_TABS[(index + step + SELECTOR_TABS.length) % SELECTOR_TABS.length]!;
  return showTab(next.tab);
}

let searchSeq = 0;
/** The search field's text: searched on the server (searchOrganizationSelector) after a pause. */
export async function setSearch(text: string): Promise<void> {
  if (selector.mode.kind === 'naming') {
    selector.mode = { kind: 'naming', name: text };
    return;
  }
  selector.search = text;
  selector.cursor = 0;
  const seq = ++searchSeq;
  if (text.trim() === '') {
    selector.found = null;
    return;
  }
  if (selector.tab !== 'all') selector.tab = 'all';
  await new Promise((resolve) => setTimeout(resolve, 150));
  if (seq !== searchSeq) return;
  const found = await orFallback('Error in Fetching search data', () =>
    api.searchOrganizationSelector(text.trim(), { silent: true, background: true }),
  );
  if (seq === searchSeq && found) selector.found = found;
}

/** The rows the dialog shows now: entries, or workgroups on the Workgroups tab. */
export type SelectorRow = { type: 'item'; item: SelectorItem } | { type: 'workgroup'; workGroup: WorkGroup };

export function rowsOf(state: SelectorState): SelectorRow[] {
  if (state.tab === 'workgroups' && state.search.trim() === '') {
    if (state.viewing !== null) {
      const view = state.workGroupViews[state.viewing];
      return flatten(view?.items ?? null).map((item) => ({ type: 'item', item }));
    }
    return (state.workGroups ?? []).map((workGroup) => ({ type: 'workgroup', workGroup }));
  }
  const items =
    state.search.trim() !== ''
      ? flatten(state.found)
      : state.tab === 'favorites'
        ? flatten(state.favorites)
        : state.tab === 'recents'
          ? (state.recents ?? [])
          : flatten(state.all);
  return items.map((item) => ({ type: 'item', item }));
}

export function moveCursor(step: number, rows: number): void {
  if (rows === 0) return;
  selector.cursor = Math.max(0, Math.min(rows - 1, selector.cursor + step));
  selector.confirmDelete = null;
}

export function togglePick(item: SelectorItem): void {
  const list = selector.picks[LIST_OF_KIND[item.kind]];
  const at = list.indexOf(item.id);
  if (at >= 0) list.splice(at, 1);
  else {
    list.push(item.id);
    selector.pickedNames[keyOf(item)] = item.name;
  }
}

export function clearPicks(): void {
  selector.picks = emptyItems();
}

/** The picks as names, for the line under the list. */
export function pickedLabels(state: SelectorState): string[] {
  return ORG_LISTS.flatMap((list) =>
    state.picks[list].map((id) => state.pickedNames[`${KIND_OF_LIST[list]}:${id}`] ?? `${KIND_OF_LIST[list]} ${id}`),
  );
}

/** Saves `items` as the console's selection and has every screen read again within it. */
export async function applySelection(items: OrgItems): Promise<boolean> {
  const saved = await orFallback('Something went wrong', () => api.saveSelection(items, { silent: true }));
  if (!saved) return false;
  await loadAppliedSelection();
  selector.scopeRevision += 1;
  return true;
}

/** Ctrl+Enter in the dialog: the picks become the selection, or the workgroup is saved. */
export async function confirmDialog(): Promise<void> {
  const mode = selector.mode;
  if (mode.kind === 'workgroup') {
    await saveWorkGroup(mode.workGroupId, mode.name, selector.picks);
    if (selector.workGroupSaved) closeSelector();
    return;
  }
  if (mode.kind === 'naming') {
    await saveWorkGroup(null, mode.name, selector.picks);
    if (selector.workGroupSaved) {
      selector.mode = { kind: 'select' };
      selector.search = '';
      selector.found = null;
      await showTab('workgroups');
    }
    return;
  }
  const picks = { ...selector.picks };
  if (await applySelection(picks)) {
    closeSelector();
    const count = orgItemsCount(picks);
    notify.success(
      count === 0 ? 'Working on everything your data role allows.' : `Working on ${appliedSummary(selector.applied)}.`,
    );
  }
}

/** Creates (no id) or edits a workgroup; sets the success flag either way (SPEC point 4). */
export async function saveWorkGroup(workGroupId: number | null, name: string, items: OrgItems): Promise<boolean> {
  const done = await orFallback(
    workGroupId === null ? 'Error: unable to create workgroup' : 'Error: unable to edit workgroup',
    async (): Promise<unknown> =>
      workGroupId === null
        ? api.addWorkGroup(name, items, { silent: true })
        : api.editWorkGroup(workGroupId, name, items, { silent: true }),
  );
  selector.workGroupSaved = done !== null;
  if (done) {
    notify.success(workGroupId === null ? `Workgroup "${name.trim()}" created.` : `Workgroup "${name.trim()}" saved.`);
    if (workGroupId !== null) delete selector.workGroupViews[workGroupId];
    await loadWorkGroups();
    selector.all = null;
    if (selector.open) await loadTab(selector.tab);
  }
  return done !== null;
}

export async function renameWorkGroup(workGroupId: number, name: string): Promise<boolean> {
  const done = await orFallback('Error: unable to rename workgroup', () =>
    api.renameWorkGroup(workGroupId, name, { silent: true }),
  );
  if (!done) return false;
  notify.success(done.message);
  const workGroup = selector.workGroups?.find((candidate) => candidate.workGroupId === workGroupId);
  if (workGroup) workGroup.name = name.trim();
  const view = selector.workGroupViews[workGroupId];
  if (view) view.name = name.trim();
  return true;
}

export async function deleteWorkGroup(workGroupId: number): Promise<boolean> {
  const done = await orFallback('Error: unable to delete workgroup', () =>
    api.deleteWorkGroup(workGroupId, { silent: true }),
  );
  if (!done) return false;
  notify.success(done.response);
  selector.workGroups = (selector.workGroups ?? []).filter((candidate) => candidate.workGroupId !== workGroupId);
  delete selector.workGroupViews[workGroupId];
  for (const item of everyCachedItem()) item.workGroups = item.workGroups.filter((id) => id !== workGroupId);
  selector.confirmDelete = null;
  selector.cursor = Math.max(0, Math.min(selector.cursor, selector.workGroups.length - 1));
  return true;
}

/** The entries of a workgroup, named (the cached view, else read). */
export async function workGroupView(workGroupId: number): Promise<WorkGroupValuesReply | null> {
  const cached = selector.workGroupViews[workGroupId];
  if (cached) return cached;
  const view = await orFallback('Error in Fetching WorkGroup Data', () =>
    api.workGroupSelectValues(workGroupId, { silent: true }),
  );
  if (view) selector.workGroupViews[workGroupId] = view;
  return view;
}

/** Enter on a workgroup: its entries become the picks. */
export async function pickWorkGroup(workGroupId: number): Promise<void> {
  const view = await workGroupView(workGroupId);
  if (!view) return;
  const { picks, names } = picksOf(view.items);
  selector.picks = picks;
  Object.assign(selector.pickedNames, names);
}

/** Every entry the selector holds in memory: a change to one is made to all its copies. */
function everyCachedItem(): SelectorItem[] {
  return [
    ...flatten(selector.all),
    ...flatten(selector.found),
    ...flatten(selector.favorites),
    ...(selector.recents ?? []),
    ...Object.values(selector.workGroupViews).flatMap((view) => flatten(view.items)),
  ];
}

/**
 * SPEC point 4: removing an entry from a workgroup drops the workgroup's id from the entry and
 * takes the entry out of the cached workgroup view.
 */
export async function removeFromWorkGroup(
  workGroupId: number,
  item: { kind: SelectorItem['kind']; id: number },
): Promise<boolean> {
  const list = LIST_OF_KIND[item.kind];
  const done = await orFallback('Error: unable to remove item', () =>
    api.removeFromWorkGroup(workGroupId, { [list]: [item.id] }, { silent: true }),
  );
  if (!done) return false;
  notify.success(done.message);
  for (const cached of everyCachedItem())
    if (cached.kind === item.kind && cached.id === item.id)
      cached.workGroups = cached.workGroups.filter((id) => id !== workGroupId);
  const view = selector.workGroupViews[workGroupId];
  if (view) view.items[list] = view.items[list].filter((entry) => entry.id !== item.id);
  const workGroup = selector.workGroups?.find((candidate) => candidate.workGroupId === workGroupId);
  if (workGroup) workGroup[list] = workGroup[list].filter((id) => id !== item.id);
  return true;
}

/** SPEC point 4: starring sets isFavorite on the entry here at once; the favorites list is read again. */
export async function toggleFavorite(item: {
  kind: SelectorItem['kind'];
  id: number;
  isFavorite: boolean;
}): Promise<boolean> {
  const list = LIST_OF_KIND[item.kind];
  const star = !item.isFavorite;
  const done = await orFallback('Something went wrong', () =>
    star
      ? api.addFavorites({ [list]: [item.id] }, { silent: true })
      : api.unFavorites({ [list]: [item.id] }, { silent: true }),
  );
  if (!done) return false;
  for (const cached of everyCachedItem())
    if (cached.kind === item.kind && cached.id === item.id) cached.isFavorite = star;
  if (selector.open && selector.tab !== 'favorites') selector.favorites = null;
  else if (selector.favorites && !star)
    selector.favorites[list] = selector.favorites[list].filter((entry) => entry.id !== item.id);
  return true;
}

/** Alt+N: the search field takes the name of a new workgroup made of the picks. */
export function startNaming(): void {
  selector.mode = { kind: 'naming', name: '' };
}

/** Escape while naming: back to picking. */
export function stopNaming(): void {
  selector.mode = { kind: 'select' };
}

/** Delete on a workgroup: the first press asks, the second deletes. */
export function deleteWorkGroupAsked(workGroupId: number): void {
  if (selector.confirmDelete === workGroupId) void deleteWorkGroup(workGroupId);
  else selector.confirmDelete = workGroupId;
}

export function pointAt(index: number): void {
  selector.cursor = index;
}

/** → on a workgroup: its entries (workGroupSelectValues), where Delete takes one out of it. */
export async function viewWorkGroup(workGroupId: number): Promise<void> {
  const view = await workGroupView(workGroupId);
  if (!view) return;
  selector.viewing = workGroupId;
  selector.cursor = 0;
  selector.confirmDelete = null;
}

/** ← from a workgroup's entries: back to the workgroups, on the one viewed. */
export function leaveWorkGroup(): void {
  const viewed = selector.viewing;
  selector.viewing = null;
  const index = (selector.workGroups ?? []).findIndex((workGroup) => workGroup.workGroupId === viewed);
  selector.cursor = Math.max(0, index);
}
