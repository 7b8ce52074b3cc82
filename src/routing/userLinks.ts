import type { SessionUser } from '../../contract/auth.ts';
import { buildMenu, linksInMenuOrder } from '../menu/buildMenu.ts';
import { allowedLinksFor } from './allowedLinks.ts';

/** The allowed links of a signed-in user: what their menu shows plus SPEC point 2's extras. */
export function allowedLinksOfUser(user: SessionUser): string[] {
  return allowedLinksFor(linksInMenuOrder(buildMenu(user.menuData)));
}
