/**
 * The organisation selector's reads, its favorites and the selection the console works on.
 *
 * The selection is kept as the user's setting 'organisationSelection' (ids by kind). It is not
 * applied here: the session reads it with the data role's scope (DATA_SCOPE_OF_USER in
 * access/dataScope.ts), so every list, report, dashboard and search that takes the request's
 * scope follows it. Saving it moves the access epoch (migration 0047), so a session remembered
 * by any server process is read again with the new scope on its next request.
 */
import {
  ORG_SELECTION_SETTING,
  EMPTY_ORG_ITEMS,
  KIND_OF_LIST,
  ORG_LISTS,
  orgItemsCount,
  orgItemsSchema,
  type OrgItemKind,
  type OrgItems,
  type RecentsReply,
  type SelectionReply,
  type SelectorItem,
  type SelectorLists,
} from '../../../contract/organisationSelector.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import { loadUserScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { RECENTS_KEPT } from '../search/recents.ts';
import {
  SELECTOR_SEARCH_LIMIT,
  distinctItems,
  itemPairs,
  refuseOutsideRole,
  roleScope,
  selectorLists,
} from './items.ts';

/** How many recently picked entries the selector shows. */
export const ORG_RECENTS_SHOWN = 20;
const ORG_KINDS_SQL = `('group', 'practice', 'facility', 'provider')`;

/** Repository/getOrganizationSelector: every entry of the data role. */
export async function organisationSelector(db: Db, actor: Actor): Promise<SelectorLists> {
  return selectorLists(db, actor, await roleScope(db, actor));
}

/** Repository/searchOrganizationSelector: entries whose name holds the text, of every kind. */
export async function searchOrganisationSelector(db: Db, actor: Actor, searchValue: string): Promise<SelectorLists> {
  return selectorLists(db, actor, await roleScope(db, actor), { search: searchValue, limit: SELECTOR_SEARCH_LIMIT });
}

/** Repository/getFavorites: the entries the user starred, still within the data role. */
export async function favorites(db: Db, actor: Actor): Promise<SelectorLists> {
  return selectorLists(db, actor, await roleScope(db, actor), { favorites: true });
}

/** The selection as kept; a value that no longer reads as one is nothing picked. */
export async function keptSelection(q: Queryable, userId: number): Promise<OrgItems> {
  const [row] = await q.query<{ value: unknown }>('SELECT value FROM user_settings WHERE user_id = $1 AND key = $2', [
    userId,
    ORG_SELECTION_SETTING,
  ]);
  const parsed = orgItemsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : EMPTY_ORG_ITEMS;
}

/** Repository/getSelectorDatabyID: the selection applied now, its entries named, and the practices it leaves. */
export async function selectionData(db: Db, actor: Actor): Promise<SelectionReply> {
  const kept = await keptSelection(db, actor.userId);
  const selection = await selectorLists(db, actor, await roleScope(db, actor), { ids: kept });
  const scope = await loadUserScope(db, actor.userId, actor.dataRoleId);
  const listed = ORG_LISTS.reduce((sum, list) => sum + selection[list].length, 0);
  return { everything: listed === 0, selection, practiceIDs: scope.practiceIds };
}

/**
 * Users/saveUserSetting with the key 'organisationSelection': the entries the console works on
 * from now on (an empty selection: everything the data role allows). Each must be within the
 * data role; the picked ones become the user's recents. One transaction with its audit row.
 */
export async function saveSelection(db: Db, actor: Actor, value: unknown, now: Date): Promise<void> {
  const parsed = orgItemsSchema.safeParse(value);
  if (!parsed.success)
    throw new BadRequestError(
      parsed.error.issues[0]?.message ?? 'The selection is groups, practices, facilities and providers by id.',
    );
  const items = distinctItems(parsed.data);
  await refuseOutsideRole(db, actor, await roleScope(db, actor), items);
  const picked = await selectorLists(db, actor, await roleScope(db, actor), { ids: items });
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO user_settings (user_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [actor.userId, ORG_SELECTION_SETTING, JSON.stringify(items)],
    );
    const named = ORG_LISTS.flatMap((list) => picked[list]);
    if (named.length > 0) {
      await tx.query(
        `INSERT INTO recents (user_id, item_type, item_id, label, accessed_at)
         SELECT $1, t.item_type, t.item_id::text, t.label, $5 FROM unnest($2::text[], $3::bigint[], $4::text[]) AS t(item_type, item_id, label)
         ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET label = EXCLUDED.label, accessed_at = EXCLUDED.accessed_at`,
        [
          actor.userId,
          named.map((item) => item.kind),
          named.map((item) => item.id),
          named.map((item) => item.name),
          now,
        ],
      );
      await tx.query(
        `DELETE FROM recents WHERE user_id = $1 AND item_type IN ${ORG_KINDS_SQL}
           AND (item_type, item_id) NOT IN (SELECT item_type, item_id FROM recents WHERE user_id = $1 AND item_type IN ${ORG_KINDS_SQL}
                                            ORDER BY accessed_at DESC LIMIT $2)`,
        [actor.userId, RECENTS_KEPT],
      );
    }
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'organisationSelection.save',
      recordType: 'user',
      recordId: actor.userId,
      source: actor.source,
      ip: actor.ip,
      detail: { ...items, everything: orgItemsCount(items) === 0 },
    });
  });
}

/** Repository/getRecents: the entries picked lately, newest first, those the data role still grants. */
export async function recents(db: Db, actor: Actor): Promise<RecentsReply> {
  const rows = await db.query<{ item_type: OrgItemKind; item_id: string }>(
    `SELECT item_type, item_id FROM recents WHERE user_id = $1 AND item_type IN ${ORG_KINDS_SQL} AND item_id ~ '^[0-9]{1,15}$'
      ORDER BY accessed_at DESC, item_type, item_id LIMIT $2`,
    [actor.userId, RECENTS_KEPT],
  );
  const ids: OrgItems = { groups: [], practices: [], facilities: [], providers: [] };
  for (const row of rows) {
    const list = ORG_LISTS.find((candidate) => KIND_OF_LIST[candidate] === row.item_type);
    if (list) ids[list].push(Number(row.item_id));
  }
  const lists = await selectorLists(db, actor, await roleScope(db, actor), { ids });
  const byKey = new Map<string, SelectorItem>(
    ORG_LISTS.flatMap((list) => lists[list].map((item) => [`${item.kind}:${item.id}`, item] as const)),
  );
  const ordered = rows.flatMap((row) => {
    const item = byKey.get(`${row.item_type}:${row.item_id}`);
    return item ? [item] : [];
  });
  return { recents: ordered.slice(0, ORG_RECENTS_SHOWN) };
}

/** Users/addFavorites: stars the entries given (all within the data role); starring one twice is no change. */
export async function addFavorites(db: Db, actor: Actor, requested: OrgItems): Promise<{ message: string }> {
  const items = distinctItems(requested);
  if (orgItemsCount(items) === 0)
    throw new BadRequestError('Name the groups, practices, facilities or providers to star.');
  await refuseOutsideRole(db, actor, await roleScope(db, actor), items);
  const { types, ids } = itemPairs(items);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO favorites (user_id, item_type, item_id)
       SELECT $1, t.item_type, t.item_id FROM unnest($2::text[], $3::bigint[]) AS t(item_type, item_id)
       ON CONFLICT DO NOTHING`,
      [actor.userId, types, ids],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'favorites.add',
      recordType: 'user',
      recordId: actor.userId,
      source: actor.source,
      ip: actor.ip,
      detail: { ...items },
    });
  });
  return { message: 'Added to Favorites' };
}

/** Users/unFavorites: takes the star off the entries given. */
export async function removeFavorites(db: Db, actor: Actor, requested: OrgItems): Promise<{ message: string }> {
  const items = distinctItems(requested);
  if (orgItemsCount(items) === 0)
    throw new BadRequestError('Name the groups, practices, facilities or providers to unstar.');
  const { types, ids } = itemPairs(items);
  await db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM favorites f USING unnest($2::text[], $3::bigint[]) AS t(item_type, item_id)
        WHERE f.user_id = $1 AND f.item_type = t.item_type AND f.item_id = t.item_id`,
      [actor.userId, types, ids],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'favorites.remove',
      recordType: 'user',
      recordId: actor.userId,
      source: actor.source,
      ip: actor.ip,
      detail: { ...items },
    });
  });
  return { message: 'Removed from Favorites' };
}
