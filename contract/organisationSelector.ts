import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * The organisation selector (SPEC points 1, 3, 4 and 7): the groups, practices, facilities and
 * providers the console works on, picked within the user's data role; favorites (starred
 * entries), recents (entries picked lately) and workgroups (named selections kept per user).
 * Every list the console shows is limited to what is picked; nothing picked is everything the
 * data role allows.
 */
export const ORG_ITEM_KINDS = ['group', 'practice', 'facility', 'provider'] as const;
export type OrgItemKind = (typeof ORG_ITEM_KINDS)[number];

/** The four lists of a selection, a workgroup or a favorites change, by their catalogue names. */
export const ORG_LISTS = ['groups', 'practices', 'facilities', 'providers'] as const;
export type OrgList = (typeof ORG_LISTS)[number];
export const LIST_OF_KIND: Record<OrgItemKind, OrgList> = {
  group: 'groups',
  practice: 'practices',
  facility: 'facilities',
  provider: 'providers',
};
export const KIND_OF_LIST: Record<OrgList, OrgItemKind> = {
  groups: 'group',
  practices: 'practice',
  facilities: 'facility',
  providers: 'provider',
};

/** The most entries of one kind a selection, workgroup or favorites change may hold. */
export const ORG_LIST_MAX = 500;
export const WORKGROUP_NAME_MAX = 100;
/** The setting (Users/saveUserSetting) that keeps the selection applied to the console. */
export const ORG_SELECTION_SETTING = 'organisationSelection';

const idList = (label: string) =>
  z
    .array(z.number().int().positive(`${label} are ids (whole numbers above 0).`), {
      error: `${label} are a list of ids.`,
    })
    .max(ORG_LIST_MAX, `At most ${ORG_LIST_MAX} ${label.toLowerCase()} at a time.`)
    .default([]);

const itemLists = () => ({
  groups: idList('Groups'),
  practices: idList('Practices'),
  facilities: idList('Facilities'),
  providers: idList('Providers'),
});

/** Groups, practices, facilities and providers by id: a selection, a favorites change. */
export const orgItemsSchema = deferred(() => z.object(itemLists()).strict());
export type OrgItems = z.output<typeof orgItemsSchema>;
export type OrgItemsInput = z.input<typeof orgItemsSchema>;

export const EMPTY_ORG_ITEMS: OrgItems = { groups: [], practices: [], facilities: [], providers: [] };

const workGroupName = () =>
  z
    .string({ error: 'Name the workgroup.' })
    .trim()
    .min(1, 'Name the workgroup.')
    .max(WORKGROUP_NAME_MAX, `A workgroup's name takes at most ${WORKGROUP_NAME_MAX} characters.`);
const workGroupId = () => numeric(z.number({ error: 'workGroupId is the id of a workgroup.' }).int().positive());

/** One entry of the selector (SPEC point 3: id, isFavorite, workGroups). */
export const selectorItemSchema = deferred(() =>
  z.object({
    kind: z.enum(ORG_ITEM_KINDS),
    id: z.number().int(),
    name: z.string(),
    /** Where it sits: the group's name, "Group › Practice" for a facility or a provider. */
    detail: z.string(),
    groupID: z.number().int(),
    practiceID: z.number().int().nullable(),
    active: z.boolean(),
    isFavorite: z.boolean(),
    /** The user's workgroups that hold this entry. */
    workGroups: z.array(z.number().int()),
  }),
);
export type SelectorItem = z.infer<typeof selectorItemSchema>;

/** Entries by kind: the selector's lists, a search's hits, favorites, a workgroup's entries. */
export const selectorListsSchema = deferred(() =>
  z.object({
    groups: z.array(selectorItemSchema),
    practices: z.array(selectorItemSchema),
    facilities: z.array(selectorItemSchema),
    providers: z.array(selectorItemSchema),
  }),
);
export type SelectorLists = z.infer<typeof selectorListsSchema>;

export const selectorSearchQuerySchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().min(1, 'Type something to search for.').max(100, 'The search is too long.'),
    })
    .strict(),
);

/** Repository/getSelectorDatabyID: the selection applied to the console, its entries named. */
export const selectionReplySchema = deferred(() =>
  z.object({
    /** Nothing picked: every practice of the data role. */
    everything: z.boolean(),
    selection: selectorListsSchema,
    /** The practices the console works on now (the data role's, narrowed by the selection). */
    practiceIDs: z.array(z.number().int()),
  }),
);
export type SelectionReply = z.infer<typeof selectionReplySchema>;

export const workGroupSchema = deferred(() =>
  z.object({
    workGroupId: z.number().int(),
    name: z.string(),
    groups: z.array(z.number().int()),
    practices: z.array(z.number().int()),
    facilities: z.array(z.number().int()),
    providers: z.array(z.number().int()),
  }),
);
export type WorkGroup = z.infer<typeof workGroupSchema>;

export const workGroupsReplySchema = deferred(() => z.object({ workGroups: z.array(workGroupSchema) }));
export type WorkGroupsReply = z.infer<typeof workGroupsReplySchema>;

export const workGroupIDQuerySchema = deferred(() => z.object({ workGroupID: workGroupId() }).strict());
export const workGroupIdQuerySchema = deferred(() => z.object({ workGroupId: workGroupId() }).strict());

/** Repository/workGroupSelectValues: a workgroup's entries, named (those still in the data role). */
export const workGroupValuesReplySchema = deferred(() =>
  z.object({ workGroupId: z.number().int(), name: z.string(), items: selectorListsSchema }),
);
export type WorkGroupValuesReply = z.infer<typeof workGroupValuesReplySchema>;

export const recentsReplySchema = deferred(() => z.object({ recents: z.array(selectorItemSchema) }));
export type RecentsReply = z.infer<typeof recentsReplySchema>;

export const addWorkGroupRequestSchema = deferred(() => z.object({ name: workGroupName(), ...itemLists() }).strict());
export type AddWorkGroupRequest = z.input<typeof addWorkGroupRequestSchema>;
export const addWorkGroupReplySchema = deferred(() => z.object({ workGroupId: z.number().int(), message: z.string() }));

/** Users/editWorkGroup: its name and its entries, all replaced. */
export const editWorkGroupRequestSchema = deferred(() =>
  z.object({ workGroupId: workGroupId(), name: workGroupName(), ...itemLists() }).strict(),
);
export type EditWorkGroupRequest = z.input<typeof editWorkGroupRequestSchema>;

export const renameWorkGroupRequestSchema = deferred(() =>
  z.object({ workGroupId: workGroupId(), name: workGroupName() }).strict(),
);

export const deleteWorkGroupReplySchema = deferred(() => z.object({ response: z.string() }));

/** Users/removeFromWorkGroup: the body names the workgroup and the entries to take out of it. */
export const removeFromWorkGroupRequestSchema = deferred(() =>
  z.object({ workGroupID: workGroupId(), ...itemLists() }).strict(),
);
export type RemoveFromWorkGroupRequest = z.input<typeof removeFromWorkGroupRequestSchema>;

/** The selection as kept in the user's settings: ids only, checked like a request. */
export function orgItemsCount(items: OrgItems): number {
  return items.groups.length + items.practices.length + items.facilities.length + items.providers.length;
}
