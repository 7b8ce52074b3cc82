import { Link } from 'wouter';
import { LAYOUTS } from '../../../layouts/index.ts';
import { workspacePath } from '../../routing/paths.ts';
import type { LayoutDeclaration } from '../../../layouts/types.ts';
import { formatBinding } from '../../console/shortcuts.ts';

function Keys({ binding }: { binding: string }) {
  return (
    <>
      {formatBinding(binding).map((press) => (
        <kbd key={press}>{press}</kbd>
      ))}
    </>
  );
}

/** The layouts to switch between, with their keys, and the keys that move between panes. */
export function LayoutBar({ active }: { active: LayoutDeclaration }) {
  return (
    <div className="workspace__bar">
      <nav className="workspace__layouts" aria-label="Workspace layouts">
        {LAYOUTS.map((layout) => (
          <Link
            key={layout.id}
            href={workspacePath(layout.id)}
            className="workspace__layout"
            aria-current={layout.id === active.id ? 'page' : undefined}
            title={layout.description}
          >
            {layout.title} <Keys binding={layout.shortcut} />
          </Link>
        ))}
      </nav>
      <span className="workspace__keys muted">
        <Keys binding="F6" /> next pane <Keys binding="$mod+1" />…<Keys binding="$mod+3" /> pane{' '}
        <Keys binding="$mod+Shift+Enter" /> maximise
      </span>
    </div>
  );
}
