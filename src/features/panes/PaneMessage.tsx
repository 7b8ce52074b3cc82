import type { ReactNode } from 'react';

/** The quiet line a pane shows when it has nothing to list yet. */
export function PaneMessage({ children }: { children: ReactNode }) {
  return (
    <p className="pane-message muted" tabIndex={-1} data-pane-focus>
      {children}
    </p>
  );
}
