/**
 * The organisation selector's actions: open it (Alt+G), work on one entry, a workgroup (Alt+W)
 * or a recent pick, go back to everything the data role allows (Alt+Q), star and unstar,
 * and keep workgroups (new, save the current selection, edit, rename, delete, remove an entry).
 * The dialog's own keys (Enter pick, Ctrl+Enter apply, Alt+S star...) are listed in it.
 */
import {
  EMPTY_ORG_ITEMS,
  LIST_OF_KIND,
  ORG_LISTS,
  type OrgItems,
  type SelectorItem,
  type SelectorLists,
} from '../../contract/organisationSelector.ts';
import { getFavorites, getOrganizationSelector, getRecents } from '../../src/api/organisationSelector.ts';
import type { Command, CommandChoice } from '../../src/console/types.ts';
import {
  applySelection,
  appliedSummary,
  deleteWorkGroup,
  flatten,
  loadAppliedSelection,
  loadWorkGroups,
  openSelector,
  removeFromWorkGroup,
  renameWorkGroup,
  saveWorkGroup,
  selector,
  toggleFavorite,
  workGroupView,
} from '../../src/features/organisationSelector/index.ts';
import { notify } from '../../src/toasts/notify.tsx';

const GROUP = 'Organisation selector';
const KIND_WORD: Record<SelectorItem['kind'], string> = {
  group: 'Group',
  practice: 'Practice',
  facility: 'Facility',
  provider: 'Provider',
};
const quiet = { silent: true, background: true } as const;

const itemChoice = (item: SelectorItem): CommandChoice => ({
  value: `${item.kind}:${item.id}`,
  label: `${item.isFavorite ? '★ ' : ''}${item.name}`,
  hint: item.kind === 'group' ? 'Group' : `${KIND_WORD[item.kind]} · ${item.detail}`,
});

/** "practice:12" as the one-entry selection it names. */
function itemsOf(value: unknown): OrgItems | null {
  const match = /^(group|practice|facility|provider):(\d+)$/.exec(String(value));
  if (!match) return null;
  const items: OrgItems = { groups: [], practices: [], facilities: [], providers: [] };
  items[LIST_OF_KIND[match[1] as SelectorItem['kind']]].push(Number(match[2]));
  return items;
}

const idsOf = (lists: SelectorLists): OrgItems => ({
  groups: lists.groups.map((item) => item.id),
  practices: lists.practices.map((item) => item.id),
  facilities: lists.facilities.map((item) => item.id),
  providers: lists.providers.map((item) => item.id),
});

async function workOn(items: OrgItems): Promise<void> {
  if (await applySelection(items)) notify.success(`Working on ${appliedSummary(selector.applied)}.`);
}

const workGroupChoices = async (): Promise<CommandChoice[]> =>
  (await loadWorkGroups()).map((workGroup) => ({
    value: String(workGroup.workGroupId),
    label: workGroup.name,
    hint: `${ORG_LISTS.reduce((sum, list) => sum + workGroup[list].length, 0)} entries`,
  }));

const workGroupStep = (title: string) => ({
  key: 'workGroup',
  kind: 'choice' as const,
  title,
  choices: workGroupChoices,
});

const nameRule = (value: string) =>
  value.trim() === '' ? 'Name the workgroup.' : value.trim().length > 100 ? 'At most 100 characters.' : null;

const noSelection = () =>
  selector.applied && !selector.applied.everything ? null : 'You work on everything your data role allows already.';

export const organisationSelectorCommands: readonly Command[] = [
  {
    id: 'orgSelector.open',
    title: 'Open the organisation selector',
    group: GROUP,
    keywords: ['group', 'practice', 'facility', 'provider', 'workgroup', 'favorites', 'recents', 'switch', 'scope'],
    shortcut: 'Alt+g',
    run: () => openSelector(),
  },
  {
    id: 'orgSelector.workOn',
    title: 'Work on one group, practice, facility or provider…',
    group: GROUP,
    keywords: ['organisation', 'switch practice', 'select practice', 'narrow', 'scope'],
    steps: [
      {
        key: 'item',
        kind: 'choice',
        title: 'What the console works on',
        choices: async () => flatten(await getOrganizationSelector(quiet)).map(itemChoice),
      },
    ],
    run: async (_ctx, args) => {
      const items = itemsOf(args.item);
      if (items) await workOn(items);
    },
  },
  {
    id: 'orgSelector.everything',
    title: 'Work on everything my data role allows',
    group: GROUP,
    keywords: ['organisation', 'clear selection', 'all practices', 'all groups', 'reset scope'],
    shortcut: 'Alt+q',
    disabledReason: noSelection,
    run: async () => {
      if (await applySelection({ ...EMPTY_ORG_ITEMS })) notify.success('Working on everything your data role allows.');
    },
  },
  {
    id: 'orgSelector.applyWorkGroup',
    title: 'Work on a workgroup…',
    group: GROUP,
    keywords: ['organisation', 'workgroup', 'saved selection', 'switch'],
    shortcut: 'Alt+w',
    steps: [workGroupStep('Workgroup to work on')],
    run: async (_ctx, args) => {
      const view = await workGroupView(Number(args.workGroup));
      if (view) await workOn(idsOf(view.items));
    },
  },
  {
    id: 'orgSelector.recent',
    title: 'Work on a recent pick…',
    group: GROUP,
    keywords: ['organisation', 'recents', 'recently picked', 'history'],
    steps: [
      {
        key: 'item',
        kind: 'choice',
        title: 'Picked lately',
        choices: async () => (await getRecents(quiet)).map(itemChoice),
      },
    ],
    run: async (_ctx, args) => {
      const items = itemsOf(args.item);
      if (items) await workOn(items);
    },
  },
  {
    id: 'orgSelector.star',
    title: 'Star a group, practice, facility or provider…',
    group: GROUP,
    keywords: ['favorite', 'favourite', 'organisation', 'bookmark'],
    steps: [
      {
        key: 'item',
        kind: 'choice',
        title: 'Entry to star',
        choices: async () =>
          flatten(await getOrganizationSelector(quiet))
            .filter((item) => !item.isFavorite)
            .map(itemChoice),
      },
    ],
    run: async (_ctx, args) => {
      const [kind, id] = String(args.item).split(':');
      if (
        kind &&
        id &&
        (await toggleFavorite({ kind: kind as SelectorItem['kind'], id: Number(id), isFavorite: false }))
      )
        notify.success('Added to Favorites');
    },
  },
  {
    id: 'orgSelector.unstar',
    title: 'Unstar a favorite…',
    group: GROUP,
    keywords: ['favorite', 'favourite', 'organisation', 'remove star'],
    steps: [
      {
        key: 'item',
        kind: 'choice',
        title: 'Favorite to unstar',
        choices: async () => flatten(await getFavorites(quiet)).map(itemChoice),
      },
    ],
    run: async (_ctx, args) => {
      const [kind, id] = String(args.item).split(':');
      if (
        kind &&
        id &&
        (await toggleFavorite({ kind: kind as SelectorItem['kind'], id: Number(id), isFavorite: true }))
      )
        notify.success('Removed from Favorites');
    },
  },
  {
    id: 'orgSelector.newWorkGroup',
    title: 'New workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'create', 'organisation', 'saved selection'],
    steps: [{ key: 'name', kind: 'text', title: 'Name of the workgroup (then pick its entries)', validate: nameRule }],
    run: async (_ctx, args) => {
      await loadAppliedSelection();
      await openSelector({ kind: 'workgroup', workGroupId: null, name: String(args.name).trim() });
    },
  },
  {
    id: 'orgSelector.saveAsWorkGroup',
    title: 'Save what I work on as a workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'create', 'organisation', 'save selection'],
    disabledReason: () =>
      selector.applied && !selector.applied.everything ? null : 'Pick what to work on first (Alt+G).',
    steps: [{ key: 'name', kind: 'text', title: 'Name of the workgroup', validate: nameRule }],
    run: async (_ctx, args) => {
      if (!selector.applied) return;
      await saveWorkGroup(null, String(args.name).trim(), idsOf(selector.applied.selection));
    },
  },
  {
    id: 'orgSelector.editWorkGroup',
    title: 'Edit a workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'change', 'organisation'],
    steps: [workGroupStep('Workgroup to edit')],
    run: async (_ctx, args) => {
      const view = await workGroupView(Number(args.workGroup));
      if (view) await openSelector({ kind: 'workgroup', workGroupId: view.workGroupId, name: view.name }, view.items);
    },
  },
  {
    id: 'orgSelector.renameWorkGroup',
    title: 'Rename a workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'name', 'organisation'],
    steps: [
      workGroupStep('Workgroup to rename'),
      { key: 'name', kind: 'text', title: 'Its new name', validate: nameRule },
    ],
    run: async (_ctx, args) => {
      await renameWorkGroup(Number(args.workGroup), String(args.name).trim());
    },
  },
  {
    id: 'orgSelector.deleteWorkGroup',
    title: 'Delete a workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'remove', 'organisation'],
    steps: [
      workGroupStep('Workgroup to delete'),
      {
        key: 'confirm',
        kind: 'choice',
        title: 'Delete it? (its groups, practices, facilities and providers stay)',
        choices: () => [
          { value: 'yes', label: 'Delete the workgroup' },
          { value: 'no', label: 'Keep it' },
        ],
      },
    ],
    run: async (_ctx, args) => {
      if (args.confirm === 'yes') await deleteWorkGroup(Number(args.workGroup));
    },
  },
  {
    id: 'orgSelector.removeFromWorkGroup',
    title: 'Remove an entry from a workgroup…',
    group: GROUP,
    keywords: ['workgroup', 'take out', 'organisation'],
    steps: [
      workGroupStep('Workgroup'),
      {
        key: 'item',
        kind: 'choice',
        title: 'Entry to take out of it',
        choices: async (_ctx, answers) => {
          const view = await workGroupView(Number(answers.workGroup));
          return view ? flatten(view.items).map(itemChoice) : [];
        },
      },
    ],
    run: async (_ctx, args) => {
      const [kind, id] = String(args.item).split(':');
      if (kind && id)
        await removeFromWorkGroup(Number(args.workGroup), { kind: kind as SelectorItem['kind'], id: Number(id) });
    },
  },
];
