import { Fragment, useEffect } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useLocation } from 'wouter';
import { findLayout, layoutIdOfPath } from '../../../layouts/index.ts';
import type { LayoutDeclaration } from '../../../layouts/types.ts';
import { NotFoundPage } from '../../routing/NotFoundPage.tsx';
import { useStore } from '../../state/useStore.ts';
import { closeWorkspace, openWorkspace, workspace } from '../../state/workspace.ts';
import { PaneView } from '../panes/PaneView.tsx';
import { LayoutBar } from './LayoutBar.tsx';
import { PaneFrame } from './PaneFrame.tsx';
import { focusPane } from './paneFocus.ts';
import { usePaneSizes } from './usePaneSizes.ts';
import './workspace.css';

function Workspace({ layout }: { layout: LayoutDeclaration }) {
  const { focusedPane, maximisedPane } = useStore(workspace);
  const { sizes, onLayoutChanged } = usePaneSizes(layout);

  useEffect(() => {
    openWorkspace(
      layout.id,
      layout.panes.map((pane) => pane.id),
    );
    return () => closeWorkspace(layout.id);
  }, [layout]);

  // Keyboard-first: the first pane takes the keyboard as soon as the panes are drawn.
  useEffect(() => {
    if (sizes.ready) focusPane(layout.panes[0]?.id ?? '');
  }, [sizes.ready, layout]);

  if (!sizes.ready) return <div className="workspace__loading muted">Opening {layout.title}…</div>;
  return (
    <Group
      key={layout.id}
      id={`workspace-${layout.id}`}
      orientation="horizontal"
      className={maximisedPane ? 'workspace__panes workspace__panes--maximised' : 'workspace__panes'}
      defaultLayout={sizes.defaultLayout}
      onLayoutChanged={onLayoutChanged}
    >
      {layout.panes.map((pane, index) => (
        <Fragment key={pane.id}>
          {index > 0 && (
            <Separator
              id={`separator-${pane.id}`}
              className="workspace__separator"
              aria-label={`Resize ${layout.panes[index - 1]?.title ?? ''} and ${pane.title}`}
            />
          )}
          <Panel id={pane.id} defaultSize={pane.defaultSize} minSize={pane.minSize} className="workspace__panel">
            <PaneFrame
              paneId={pane.id}
              number={index + 1}
              title={pane.title}
              focused={focusedPane === pane.id}
              maximised={maximisedPane === pane.id}
              covered={maximisedPane !== null && maximisedPane !== pane.id}
            >
              <PaneView view={pane.view} layoutId={layout.id} pane={pane} />
            </PaneFrame>
          </Panel>
        </Fragment>
      ))}
    </Group>
  );
}

/** /app/workspace/<layoutId>: the panes of one layout side by side. */
export function WorkspacePage() {
  const [path] = useLocation();
  const layoutId = layoutIdOfPath(path);
  const layout = layoutId === null ? undefined : findLayout(layoutId);
  if (!layout) return <NotFoundPage signedIn />;
  return (
    <div className="workspace">
      <LayoutBar active={layout} />
      <Workspace layout={layout} />
    </div>
  );
}
