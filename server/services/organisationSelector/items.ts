/**
 * The organisation selector's entries: the groups, practices, facilities and providers of the
 * user's data role (never narrowed by the selection itself: the selector offers everything the
 * role allows), each with whether the user starred it and which of their workgroups hold it.
 */
import {
  KIND_OF_LIST,
  ORG_LISTS,
  type OrgItemKind,
  type OrgItems,
  type SelectorItem,
  type SelectorLists,
} from '../../../contract/organisationSelector.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { loadDataScope, type DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';

/** The most entries of one kind a list or a search answers. */
export const SELECTOR_LIST_LIMIT = 1000;
export const SELECTOR_SEARCH_LIMIT = 50;

/** The data role alone: what the selector offers and what may be picked, starred or kept. */
export function roleScope(q: Queryable, actor: Actor): Promise<DataScope> {
  return loadDataScope(q, actor.dataRoleId);
}

const PROVIDER_NAME = `CASE WHEN pr.provider_type = 'organization' THEN pr.last_name
                            ELSE pr.last_name || coalesce(', ' || nullif(pr.first_name, ''), '') END`;

/**
 * Per kind: the entry's columns over its tables, and the condition keeping it inside the data
 * role ($1 the role's groups, $2 its practices). Every query also takes $3 the user, $4 a search
 * text (or null), $5 ids (or null) and $6 the limit.
 */
const KINDS: Record<OrgItemKind, { from: string; id: string; name: string; detail: string; inRole: string }> = {
  group: {
    from: 'groups g',
    id: 'g.group_id',
    name: 'g.name',
    detail: `'Group'`,
    inRole: 'g.group_id = ANY($1::bigint[])',
  },
  practice: {
    from: 'practices p JOIN groups g ON g.group_id = p.group_id',
    id: 'p.practice_id',
    name: 'p.name',
    detail: 'g.name',
    inRole: 'p.practice_id = ANY($2::bigint[])',
  },
  facility: {
    from: 'facilities f JOIN practices p ON p.practice_id = f.practice_id JOIN groups g ON g.group_id = p.group_id',
    id: 'f.facility_id',
    name: 'f.name',
    detail: `g.name || ' › ' || p.name`,
    inRole: 'f.practice_id = ANY($2::bigint[])',
  },
  provider: {
    from: 'providers pr JOIN groups g ON g.group_id = pr.group_id LEFT JOIN practices p ON p.practice_id = pr.practice_id',
    id: 'pr.provider_id',
    name: PROVIDER_NAME,
    detail: `g.name || coalesce(' › ' || p.name, '')`,
    inRole: '(pr.practice_id = ANY($2::bigint[]) OR (pr.practice_id IS NULL AND pr.group_id = ANY($1::bigint[])))',
  },
};

const GROUP_OF: Record<OrgItemKind, string> = {
  group: 'g.group_id',
  practice: 'p.group_id',
  facility: 'p.group_id',
  provider: 'pr.group_id',
};
const PRACTICE_OF: Record<OrgItemKind, string> = {
  group: 'NULL::bigint',
  practice: 'p.practice_id',
  facility: 'f.practice_id',
  provider: 'pr.practice_id',
};
const ACTIVE_OF: Record<OrgItemKind, string> = {
  group: 'g.active',
  practice: 'p.active',
  facility: 'f.active',
  provider: 'pr.active',
};

function itemsSql(kind: OrgItemKind, extra = ''): string {
  const k = KINDS[kind];
  return `SELECT '${kind}' AS kind, ${k.id}::bigint AS id, ${k.name} AS name, ${k.detail} AS detail,
                 ${GROUP_OF[kind]}::bigint AS "groupID", ${PRACTICE_OF[kind]}::bigint AS "practiceID", ${ACTIVE_OF[kind]} AS active,
                 EXISTS (SELECT 1 FROM favorites fav WHERE fav.user_id = $3 AND fav.item_type = '${kind}' AND fav.item_id = ${k.id}) AS "isFavorite",
                 ARRAY(SELECT wi.work_group_id FROM work_group_items wi JOIN work_groups w ON w.work_group_id = wi.work_group_id
                        WHERE w.user_id = $3 AND wi.item_type = '${kind}' AND wi.item_id = ${k.id} ORDER BY wi.work_group_id) AS "workGroups"
            FROM ${k.from}
           WHERE ${k.inRole} AND $1::bigint[] IS NOT NULL AND $2::bigint[] IS NOT NULL
             AND ($4::text IS NULL OR ${k.name} ILIKE '%' || $4 || '%' ESCAPE '\\')
             AND ($5::bigint[] IS NULL OR ${k.id} = ANY($5::bigint[]))
             ${extra}
           ORDER BY ${ACTIVE_OF[kind]} DESC, lower(${k.name}), ${k.id}
           LIMIT $6`;
}

interface ItemRow {
  kind: OrgItemKind;
  id: number | string;
  name: string;
  detail: string;
  groupID: number | string;
  practiceID: number | string | null;
  active: boolean;
  isFavorite: boolean;
  workGroups: (number | string)[];
}

function itemOf(row: ItemRow): SelectorItem {
  return {
    kind: row.kind,
    id: Number(row.id),
    name: row.name,
    detail: row.detail,
    groupID: Number(row.groupID),
    practiceID: row.practiceID === null ? null : Number(row.practiceID),
    active: row.active,
    isFavorite: row.isFavorite,
    workGroups: row.workGroups.map(Number),
  };
}

/** A search text as an ILIKE pattern's inside: % and _ are plain characters. */
function literal(search: string): string {
  return search.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface ItemFilter {
  search?: string;
  /** Only these ids, by kind; a kind left out lists none. */
  ids?: OrgItems;
  /** Only entries the user starred. */
  favorites?: boolean;
  limit?: number;
}

/** The data role's entries of every kind, as the filter narrows them. */
export async function selectorLists(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  filter: ItemFilter = {},
): Promise<SelectorLists> {
  const lists: SelectorLists = { groups: [], practices: [], facilities: [], providers: [] };
  for (const list of ORG_LISTS) {
    const kind = KIND_OF_LIST[list];
    const ids = filter.ids ? filter.ids[list] : null;
    if (ids && ids.length === 0) continue;
    const extra = filter.favorites
      ? `AND EXISTS (SELECT 1 FROM favorites fav WHERE fav.user_id = $3 AND fav.item_type = '${kind}' AND fav.item_id = ${KINDS[kind].id})`
      : '';
    const rows = await q.query<ItemRow>(itemsSql(kind, extra), [
      scope.groupIds,
      scope.practiceIds,
      actor.userId,
      filter.search === undefined ? null : literal(filter.search),
      ids,
      filter.limit ?? SELECTOR_LIST_LIMIT,
    ]);
    lists[list] = rows.map(itemOf);
  }
  return lists;
}

const KIND_WORD: Record<OrgItemKind, string> = {
  group: 'Group',
  practice: 'Practice',
  facility: 'Facility',
  provider: 'Provider',
};

/**
 * Refuses, naming the first one, an entry the data role does not grant (or that does not exist:
 * the two answer alike, so nothing about another group's organisation shows). Nothing is changed.
 */
export async function refuseOutsideRole(q: Queryable, actor: Actor, scope: DataScope, items: OrgItems): Promise<void> {
  for (const list of ORG_LISTS) {
    const wanted = [...new Set(items[list])];
    if (wanted.length === 0) continue;
    const kind = KIND_OF_LIST[list];
    const rows = await q.query<{ id: number | string }>(`SELECT id FROM (${itemsSql(kind)}) x`, [
      scope.groupIds,
      scope.practiceIds,
      actor.userId,
      null,
      wanted,
      wanted.length,
    ]);
    const found = new Set(rows.map((row) => Number(row.id)));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined)
      throw new NotFoundError(`${KIND_WORD[kind]} ${missing} is not one your data role grants.`);
  }
}

/** Each list without repeats, in the order given. */
export function distinctItems(items: OrgItems): OrgItems {
  return {
    groups: [...new Set(items.groups)],
    practices: [...new Set(items.practices)],
    facilities: [...new Set(items.facilities)],
    providers: [...new Set(items.providers)],
  };
}

/** The (item_type, item_id) pairs of the lists, for one insert or delete of them all. */
export function itemPairs(items: OrgItems): { types: OrgItemKind[]; ids: number[] } {
  const types: OrgItemKind[] = [];
  const ids: number[] = [];
  for (const list of ORG_LISTS)
    for (const id of new Set(items[list])) {
      types.push(KIND_OF_LIST[list]);
      ids.push(id);
    }
  return { types, ids };
}
