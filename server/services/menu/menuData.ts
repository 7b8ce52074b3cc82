import type { MenuData } from '../../../contract/menu.ts';
import type { Queryable } from '../../db/types.ts';

/**
 * The menu of a role: every link whose module the role holds, and every menu type. The client
 * builds the tree and drops types left without links, so the server sends flat lists.
 */
export async function menuDataForRole(q: Queryable, roleId: number): Promise<MenuData> {
  const menuTypes = await q.query<MenuData['menuTypes'][number]>(
    `SELECT menu_type_id AS id, parent_id AS "parentID", title, icon, sort_order AS "order"
         FROM menu_types ORDER BY sort_order, menu_type_id`,
  );
  // Not in parallel with the query above: on a transaction both share one connection.
  const menuLinks = await q.query<MenuData['menuLinks'][number]>(
    `SELECT l.menu_type_id AS "parentID", l.title, l.link, l.sort_order AS "order"
         FROM menu_links l
         JOIN role_modules rm ON rm.module_id = l.module_id AND rm.role_id = $1
         JOIN modules m ON m.module_id = l.module_id AND m.active
        ORDER BY l.sort_order, l.menu_link_id`,
    [roleId],
  );
  return { menuTypes, menuLinks };
}
