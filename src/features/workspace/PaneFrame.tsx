import { useEffect, useRef, type ReactNode } from 'react';
import { pushScope } from '../../console/focus.ts';
import { setFocusedPane } from '../../state/workspace.ts';

interface PaneFrameProps {
  paneId: string;
  number: number;
  title: string;
  focused: boolean;
  maximised: boolean;
  /** Another pane is maximised: this one is covered and out of the tab order. */
  covered: boolean;
  children: ReactNode;
}

/**
 * One pane of a workspace: its number and title, an outline while it holds the keyboard, and the
 * 'pane' focus scope for the pane keys. The scope stays with the last focused pane while the
 * keyboard is elsewhere on the page (the header), so F6 still finds its way back.
 */
export function PaneFrame({ paneId, number, title, focused, maximised, covered, children }: PaneFrameProps) {
  const popScope = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      popScope.current?.();
      popScope.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!focused) {
      popScope.current?.();
      popScope.current = null;
    } else if (!popScope.current) {
      popScope.current = pushScope('pane', `pane:${paneId}`);
    }
  }, [focused, paneId]);

  const classes = ['pane', focused && 'pane--focused', maximised && 'pane--maximised'].filter(Boolean).join(' ');
  return (
    <section
      className={classes}
      data-pane-id={paneId}
      data-focused={focused ? 'true' : undefined}
      aria-label={`Pane ${number}: ${title}`}
      tabIndex={-1}
      inert={covered}
      onFocus={() => setFocusedPane(paneId)}
    >
      <header className="pane__title">
        <span className="pane__number" aria-hidden>
          {number}
        </span>
        <h2>{title}</h2>
        {maximised && <span className="pane__badge">Maximised</span>}
      </header>
      <div className="pane__body">{children}</div>
    </section>
  );
}
