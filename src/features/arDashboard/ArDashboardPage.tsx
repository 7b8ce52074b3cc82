import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { RecentlyAccessedReply } from '../../../contract/arDashboard.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { goTo } from '../../routing/navigation.ts';
import { PATIENT_FORM, claimDetailPath } from '../../routing/paths.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { dashboardOnScreen, WIDGETS, type WidgetId } from './dashboardState.ts';
import { drillIntoWidget } from './drill.ts';
import {
  ActionNeededWidget,
  ArDaysWidget,
  AverageChargeWidget,
  AverageRevenueWidget,
  CollectedWidget,
  ExpectedWidget,
  OpenItemsWidget,
  RecentWidget,
  TasksWidget,
} from './widgets.tsx';
import './arDashboard.css';

const HINTS: readonly ScreenHint[] = [
  { keys: ['←', '→'], label: 'widget' },
  { keys: ['↑', '↓'], label: 'row in it' },
  { keys: ['Enter'], label: 'the claims behind it' },
  { command: 'arDashboard.makeLandingPage', label: 'land here after sign-in' },
];

/** Money, claims and tasks changed by a command elsewhere: the figures are read again. */
const WATCHED = { claim: 'all', posting: 'all' } as const;

function openRecent(record: RecentlyAccessedReply['records'][number]): void {
  goTo(record.type === 'claim' ? claimDetailPath(record.id) : PATIENT_FORM.path(record.id));
}

/**
 * /app/ar-dashboard: the receivables at a glance. ← and → move between widgets, ↑ and ↓ through
 * a widget's rows, Enter lists the claims behind the widget (or its row) in the claims list, or
 * opens the task's claim or the record.
 */
export function ArDashboardPage() {
  const { widget } = useStore(dashboardOnScreen);
  const [rowOf, setRowOf] = useState<Partial<Record<WidgetId, number>>>({});
  const rows = useRef<Partial<Record<WidgetId, number>>>({});
  const grid = useRef<HTMLDivElement>(null);
  const revision = useRecordsRevision(WATCHED);
  const onRows = useCallback((id: WidgetId, count: number) => {
    rows.current[id] = count;
  }, []);

  const focusGrid = useCallback(() => grid.current?.focus(), []);
  useEffect(() => focusGrid(), [focusGrid]);
  useFocusAfterPalette(focusGrid);

  const row = rowOf[widget] ?? -1;
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const index = WIDGETS.indexOf(widget);
      const move = (next: number) => {
        event.preventDefault();
        dashboardOnScreen.widget = WIDGETS[(next + WIDGETS.length) % WIDGETS.length]!;
      };
      switch (event.key) {
        case 'ArrowRight':
          return move(index + 1);
        case 'ArrowLeft':
          return move(index - 1);
        case 'ArrowDown':
        case 'ArrowUp': {
          event.preventDefault();
          const count = rows.current[widget] ?? 0;
          const next = event.key === 'ArrowDown' ? Math.min(count - 1, row + 1) : Math.max(-1, row - 1);
          setRowOf((before) => ({ ...before, [widget]: next }));
          return;
        }
        case 'Enter':
          event.preventDefault();
          drillIntoWidget();
          return;
        default:
      }
    },
    [widget, row],
  );

  const props = (id: WidgetId) => ({ active: widget === id, row: rowOf[id] ?? -1, revision, onRows });
  return (
    <ScreenFrame title="AR dashboard" hints={<CommandHints hints={HINTS} />} className="ar-dashboard">
      <div
        className="ar-dashboard__grid"
        ref={grid}
        tabIndex={0}
        role="group"
        aria-label="Dashboard widgets"
        aria-activedescendant={undefined}
        data-pane-focus
        onKeyDown={onKeyDown}
      >
        <ArDaysWidget {...props('arDays')} />
        <CollectedWidget {...props('collected')} />
        <ExpectedWidget {...props('expected')} />
        <ActionNeededWidget {...props('actionNeeded')} />
        <OpenItemsWidget {...props('openItems')} />
        <AverageRevenueWidget {...props('averageRevenue')} />
        <AverageChargeWidget {...props('averageCharge')} />
        <TasksWidget {...props('tasks')} />
        <RecentWidget {...props('recent')} open={openRecent} />
      </div>
    </ScreenFrame>
  );
}
