import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { buildMenu, type MenuNode } from '../../menu/buildMenu.ts';
import { matchesAllowedLink } from '../../routing/matchesAllowedLink.ts';
import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';

function MenuEntries({ nodes, path, depth }: { nodes: readonly MenuNode[]; path: string; depth: number }) {
  return (
    <ul className={`menu__list menu__list--depth-${Math.min(depth, 2)}`}>
      {nodes.map((node) =>
        node.kind === 'link' ? (
          <li key={`link:${node.link}`}>
            <Link
              href={node.link}
              className="menu__link"
              aria-current={matchesAllowedLink(path, node.link) ? 'page' : undefined}
            >
              {node.title}
            </Link>
          </li>
        ) : (
          <li key={`group:${node.id}`} className="menu__group">
            <span className="menu__group-title">{node.title}</span>
            <MenuEntries nodes={node.children} path={path} depth={depth + 1} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The menu the server sends for this user (SPEC point 1), as a tree of groups and links. */
export function Sidebar() {
  const [path] = useLocation();
  const { user } = useStore(session);
  const menu = useMemo(() => (user ? buildMenu(user.menuData) : []), [user]);
  return (
    <nav id="main-menu" className="shell__sidebar menu" aria-label="Main menu">
      <MenuEntries nodes={menu} path={path} depth={0} />
    </nav>
  );
}
