import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RecentlyAccessedReply } from '../../../contract/arDashboard.ts';
import type { CallOptions } from '../../api/client.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { screenCommandFor } from '../../console/shortcuts.ts';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import { goTo } from '../../routing/navigation.ts';
import { AR_DASHBOARD_PATH, PATIENT_FORM, claimDetailPath } from '../../routing/paths.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { localToday } from '../../ui/format.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { ReportParametersBar } from '../reportKit/index.ts';
import { dashboardCalls } from './api.ts';
import { groupChoices, payerChoices } from './choices.ts';
import {
  dashboardParameters,
  dashboardParams,
  dashboardQueries,
  horizonOf,
  paramsFromSearch,
  paramsSearch,
  rangeProblem,
  setDashboardParam,
  setDashboardParams,
  shownParams,
  type DashboardChoice,
} from './dashboardParams.ts';
import { dashboardOnScreen, setDrillGroupName, setParametersFocus, WIDGETS, type WidgetId } from './dashboardState.ts';
import { drillIntoWidget } from './drill.ts';
import {
  ActionNeededWidget,
  ArDaysWidget,
  AverageChargeWidget,
  AverageRevenueWidget,
  CollectedWidget,
  type Loader,
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
  { keys: ['/'], label: 'parameters' },
  { keys: ['P'], label: 'period' },
  { keys: ['F'], label: 'group' },
  { command: 'arDashboard.makeLandingPage', label: 'land here after sign-in' },
];

/** The screen's own keys, each a palette command (commands/reports/arDashboard.ts). */
export const SCREEN_COMMANDS = [
  'arDashboard.editParameters',
  'arDashboard.setPeriod',
  'arDashboard.setPostingDates',
  'arDashboard.setArDaysPeriod',
  'arDashboard.setExpectedHorizon',
  'arDashboard.setGroup',
  'arDashboard.setPayer',
  'arDashboard.clearParameters',
] as const;

/**
 * The parameters the address names win (a reload, a link); without any, the ones kept from the
 * last visit are put back into the address. Read once, before the widgets first ask.
 */
function takeAddressParams(): true {
  const fromAddress = paramsFromSearch(window.location.search);
  if (fromAddress !== null) setDashboardParams(fromAddress);
  return true;
}

/**
 * A widget's call bound to its query, the same function while the query is the same: a change of
 * period asks the money widgets again, not the tasks.
 */
function useLoader<Q, T>(call: (query: Q, options?: CallOptions) => Promise<T>, query: Q): Loader<T> {
  const key = JSON.stringify(query);
  return useMemo(() => {
    const asked = JSON.parse(key) as Q;
    return (options: CallOptions) => call(asked, options);
  }, [call, key]);
}

/** The groups of the user's data role and the payers awaited in the group: the bar's choices. */
function useChoices(groupID: number | undefined): { groups: DashboardChoice[]; payers: DashboardChoice[] } {
  const [groups, setGroups] = useState<DashboardChoice[]>([]);
  const [payers, setPayers] = useState<DashboardChoice[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    groupChoices({ signal: controller.signal, silent: true, background: true }).then(setGroups, () => undefined);
    return () => controller.abort();
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    payerChoices(groupID, { signal: controller.signal, silent: true, background: true }).then(
      setPayers,
      () => undefined,
    );
    return () => controller.abort();
  }, [groupID]);
  return { groups, payers };
}

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
  useState(takeAddressParams);
  const { params } = useStore(dashboardParams);
  const today = localToday();
  const queries = useMemo(() => dashboardQueries(params, today), [params, today]);
  const loads = {
    arDays: useLoader(dashboardCalls.arDays, queries.arDays),
    collected: useLoader(dashboardCalls.collected, queries.posting),
    expected: useLoader(dashboardCalls.expected, queries.expected),
    actionNeeded: useLoader(dashboardCalls.actionNeeded, queries.group),
    openItems: useLoader(dashboardCalls.openItems, queries.group),
    averageRevenue: useLoader(dashboardCalls.averageRevenue, queries.posting),
    averageCharge: useLoader(dashboardCalls.averageCharge, queries.posting),
    tasks: useLoader(dashboardCalls.tasks, queries.group),
    recent: useLoader(dashboardCalls.recent, queries.group),
  };
  const { groups, payers } = useChoices(queries.group.groupID);
  const parameters = useMemo(() => dashboardParameters(groups, payers), [groups, payers]);
  const groupName = groups.find((group) => group.id === queries.group.groupID)?.name ?? null;
  const payerName = payers.find((payer) => payer.id === queries.expected.insuranceID)?.name ?? null;
  useEffect(() => {
    setDrillGroupName(groupName);
    return () => setDrillGroupName(null);
  }, [groupName]);
  const problem = rangeProblem(params, today);
  const parametersForm = useRef<HTMLFormElement>(null);

  // The address follows the parameters, so a reload shows the same figures.
  const search = paramsSearch(params);
  useEffect(() => {
    if (window.location.pathname === AR_DASHBOARD_PATH && window.location.search !== search)
      goTo(`${AR_DASHBOARD_PATH}${search}`, { replace: true });
  }, [search]);
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
  useEffect(() => {
    setParametersFocus(() => parametersForm.current?.querySelector<HTMLElement>('input, select')?.focus());
    return () => setParametersFocus(null);
  }, []);

  const commands = useRegistry();

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
        default: {
          const command = screenCommandFor(commands, SCREEN_COMMANDS, event.key);
          if (!command) return;
          event.preventDefault();
          void runCommand(command.id, 'hotkey');
        }
      }
    },
    [widget, row, commands],
  );

  const props = (id: WidgetId) => ({ active: widget === id, row: rowOf[id] ?? -1, revision, onRows });
  return (
    <ScreenFrame title="AR dashboard" hints={<CommandHints hints={HINTS} />} className="ar-dashboard">
      <ReportParametersBar
        formRef={parametersForm}
        label="Dashboard parameters"
        parameters={parameters}
        params={shownParams(params, today)}
        onChange={(key, value) => setDashboardParam(key, value, today)}
        onDone={focusGrid}
      />
      {problem !== null && (
        <p className="report-kit__note" role="alert">
          {problem}
        </p>
      )}
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
        <ArDaysWidget {...props('arDays')} load={loads.arDays} />
        <CollectedWidget {...props('collected')} load={loads.collected} />
        <ExpectedWidget
          {...props('expected')}
          load={loads.expected}
          payerName={payerName}
          horizonDays={horizonOf(params)}
        />
        <ActionNeededWidget {...props('actionNeeded')} load={loads.actionNeeded} />
        <OpenItemsWidget {...props('openItems')} load={loads.openItems} />
        <AverageRevenueWidget
          {...props('averageRevenue')}
          load={loads.averageRevenue}
          groupID={queries.group.groupID}
        />
        <AverageChargeWidget {...props('averageCharge')} load={loads.averageCharge} groupID={queries.group.groupID} />
        <TasksWidget {...props('tasks')} load={loads.tasks} />
        <RecentWidget {...props('recent')} open={openRecent} load={loads.recent} />
      </div>
    </ScreenFrame>
  );
}
