import { describe, expect, it } from 'vitest';
import type { MenuData } from '../../contract/menu.ts';
import { buildMenu, linksInMenuOrder } from './buildMenu.ts';

const type = (id: number, parentID: number | null, title: string, order: number) => ({
  id,
  parentID,
  title,
  icon: title.toLowerCase(),
  order,
});
const link = (parentID: number, title: string, order: number) => ({
  parentID,
  title,
  link: `/x/${title.toLowerCase()}`,
  order,
});

describe('buildMenu (SPEC point 1)', () => {
  it('nests sub-groups and links under top-level types, each level by order', () => {
    const data: MenuData = {
      menuTypes: [type(2, null, 'Payments', 2), type(1, null, 'Claims', 1), type(3, 1, 'Work Lists', 2)],
      menuLinks: [link(3, 'AR', 2), link(3, 'All', 1), link(1, 'Create', 1), link(2, 'ERA', 1)],
    };
    const menu = buildMenu(data);
    expect(menu.map((group) => group.title)).toEqual(['Claims', 'Payments']);
    expect(menu[0]!.children.map((child) => child.title)).toEqual(['Create', 'Work Lists']);
    expect(linksInMenuOrder(menu)).toEqual(['/x/create', '/x/all', '/x/ar', '/x/era']);
  });

  it('drops entries with no children, recursively', () => {
    const data: MenuData = {
      menuTypes: [
        type(1, null, 'Reports', 1),
        type(2, 1, 'Aging', 1),
        type(3, 2, 'Deeper', 1),
        type(4, null, 'Claims', 2),
      ],
      menuLinks: [link(4, 'All', 1)],
    };
    expect(buildMenu(data).map((group) => group.title)).toEqual(['Claims']);
  });

  it('drops links whose type is unknown and survives a parent loop', () => {
    const data: MenuData = {
      menuTypes: [type(1, null, 'Claims', 1), type(5, 6, 'Loop A', 1), type(6, 5, 'Loop B', 1)],
      menuLinks: [link(1, 'All', 1), link(42, 'Orphan', 1), link(5, 'Lost', 1)],
    };
    expect(linksInMenuOrder(buildMenu(data))).toEqual(['/x/all']);
  });

  it('puts a sub-group before a link of the same order', () => {
    const data: MenuData = {
      menuTypes: [type(1, null, 'Claims', 1), type(2, 1, 'Lists', 1)],
      menuLinks: [link(1, 'Create', 1), link(2, 'All', 1)],
    };
    expect(buildMenu(data)[0]!.children.map((child) => child.kind)).toEqual(['group', 'link']);
  });

  it('builds nothing from nothing', () => {
    expect(buildMenu({ menuTypes: [], menuLinks: [] })).toEqual([]);
  });
});
