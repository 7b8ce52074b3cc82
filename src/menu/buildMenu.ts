import type { MenuData, MenuLink, MenuType } from '../../contract/menu.ts';

export interface MenuGroupNode {
  kind: 'group';
  id: number;
  title: string;
  icon: string;
  order: number;
  children: MenuNode[];
}

export interface MenuLinkNode {
  kind: 'link';
  title: string;
  link: string;
  order: number;
}

export type MenuNode = MenuGroupNode | MenuLinkNode;

/** Sub-groups before links when two entries share an order, so ties stay stable and predictable. */
function byOrder(a: MenuNode, b: MenuNode): number {
  if (a.order !== b.order) return a.order - b.order;
  if (a.kind !== b.kind) return a.kind === 'group' ? -1 : 1;
  return a.title.localeCompare(b.title);
}

function linkNode(link: MenuLink): MenuLinkNode {
  return { kind: 'link', title: link.title, link: link.link, order: link.order };
}

/**
 * SPEC point 1: the sidebar tree from the server's menu data. Top-level types (no parentID) hold
 * nested sub-groups and links, each level sorted by order; a group left with no children is
 * dropped, recursively. A parentID loop cannot recurse forever: each type is placed once.
 */
export function buildMenu(menuData: MenuData): MenuGroupNode[] {
  const typesByParent = new Map<number | null, MenuType[]>();
  for (const type of menuData.menuTypes) {
    const siblings = typesByParent.get(type.parentID) ?? [];
    siblings.push(type);
    typesByParent.set(type.parentID, siblings);
  }
  const linksByParent = new Map<number, MenuLink[]>();
  for (const link of menuData.menuLinks) {
    const siblings = linksByParent.get(link.parentID) ?? [];
    siblings.push(link);
    linksByParent.set(link.parentID, siblings);
  }

  const placed = new Set<number>();
  const groupOf = (type: MenuType): MenuGroupNode | null => {
    if (placed.has(type.id)) return null;
    placed.add(type.id);
    const subGroups = (typesByParent.get(type.id) ?? []).map(groupOf).filter((group) => group !== null);
    const links = (linksByParent.get(type.id) ?? []).map(linkNode);
    const children = [...subGroups, ...links].sort(byOrder);
    if (children.length === 0) return null;
    return { kind: 'group', id: type.id, title: type.title, icon: type.icon, order: type.order, children };
  };

  return (typesByParent.get(null) ?? [])
    .map(groupOf)
    .filter((group) => group !== null)
    .sort(byOrder);
}

/** The links of a built menu, depth first, in the order the sidebar shows them. */
export function linksInMenuOrder(menu: readonly MenuNode[]): string[] {
  return menu.flatMap((node) => (node.kind === 'link' ? [node.link] : linksInMenuOrder(node.children)));
}
