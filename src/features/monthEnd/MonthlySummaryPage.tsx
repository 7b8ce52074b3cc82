import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LastSummaryDateReply, MonthlySummaryReply, MonthlySummaryRow } from '../../../contract/monthEnd.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { screenCommandFor } from '../../console/shortcuts.ts';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { formatDate } from '../../ui/format.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { getLastSummaryDate, getMonthlySummary, getPracticeChoices } from './monthEndApi.ts';
import { monthEndOnScreen, setSummaryCursor, setSummaryGroup } from './monthEndOnScreen.ts';
import { monthEnd, monthLabel } from './monthEndText.ts';
import { SUMMARY_COLUMNS } from './summaryColumns.ts';
import './monthEnd.css';

type Loading<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** The screen's own keys, each a palette command. */
export const SCREEN_COMMANDS = [
  'monthEnd.chooseMonths',
  'monthEnd.filter',
  'monthEnd.lockMonth',
  'monthEnd.reload',
  'monthEnd.export',
] as const;

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'row' },
  { command: 'monthEnd.chooseMonths', label: 'months' },
  { command: 'monthEnd.filter', label: 'filters' },
  { command: 'monthEnd.lockMonth', label: 'lock month…' },
  { command: 'monthEnd.reload', label: 'reload' },
  { command: 'monthEnd.export', label: 'export' },
];

function useSummary(
  groupID: number | null,
  key: string,
  read: () => Promise<[MonthlySummaryReply, LastSummaryDateReply]>,
): Loading<[MonthlySummaryReply, LastSummaryDateReply]> {
  const [summary, setSummary] = useState<Loading<[MonthlySummaryReply, LastSummaryDateReply]>>({ state: 'loading' });
  useEffect(() => {
    if (groupID === null) return;
    let current = true;
    read().then(
      (value) => current && setSummary({ state: 'ready', value }),
      () => current && setSummary({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
    // `key` says everything the read depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupID, key]);
  return summary;
}

function lockedNote(last: LastSummaryDateReply | null): string {
  if (!last) return '';
  const locked = last.lastLockedMonth ? `Locked through ${monthLabel(last.lastLockedMonth)}` : 'No month locked yet';
  const checked = last.reloadedAt
    ? ` · reloaded ${formatDate(last.reloadedAt.slice(0, 10))}${last.reloadedBy ? ` by ${last.reloadedBy}` : ''}`
    : '';
  return `${locked}${checked}`;
}

/**
 * /app/monthly-summary: month by month, the group's charges, payments, adjustments, refunds and AR
 * at the start and end of the month, each practice's and each provider's under it, and whether
 * the month is locked at month-end. M months, F filters, L lock month…, R reload, E export.
 */
export function MonthlySummaryPage() {
  const screen = useStore(monthEndOnScreen);
  const { groupID, fromMonth, toMonth, filters, revision } = screen;
  const postings = useRecordsRevision({ claim: 'all', posting: 'all', advance: 'all' });
  const [row, setRow] = useState(0);
  const list = useRef<HTMLElement>(null);

  // The first group of the data role until the biller picks another.
  useEffect(() => {
    if (groupID !== null) return;
    getPracticeChoices({ silent: true }).then(
      ({ practices }) => {
        const first = practices[0];
        if (first) setSummaryGroup(first.groupID, first.groupName);
      },
      () => undefined,
    );
  }, [groupID]);

  const key = JSON.stringify([fromMonth, toMonth, filters, revision, postings]);
  const summary = useSummary(groupID, key, () => {
    const ids = (list: number[]) => (list.length > 0 ? list.join(',') : undefined);
    const query = {
      groupID: groupID ?? 0,
      fromDate: fromMonth,
      toDate: monthEnd(toMonth),
      ...(ids(filters.practiceIDs) ? { practiceIDs: ids(filters.practiceIDs) } : {}),
      ...(ids(filters.providerIDs) ? { providerIDs: ids(filters.providerIDs) } : {}),
      ...(ids(filters.facilityIDs) ? { facilityIDs: ids(filters.facilityIDs) } : {}),
    };
    return Promise.all([
      getMonthlySummary(query, { silent: true }),
      getLastSummaryDate(groupID ?? 0, { silent: true }),
    ]);
  });
  const ready = summary.state === 'ready' ? summary.value[0] : null;
  const rows: readonly MonthlySummaryRow[] = ready?.rows ?? [];
  const cursorRow = rows[Math.min(row, rows.length - 1)] ?? null;

  useEffect(() => {
    setSummaryCursor(cursorRow ? { monthStart: cursorRow.monthStart, practiceID: cursorRow.practiceID } : null);
  }, [cursorRow]);
  useEffect(() => () => setSummaryCursor(null), []);

  const focusList = useCallback(() => list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(), []);
  const firstLoad = useRef(true);
  useEffect(() => {
    if (summary.state !== 'ready' || !firstLoad.current) return;
    firstLoad.current = false;
    focusList();
  }, [summary.state, focusList]);
  useFocusAfterPalette(focusList);

  const commands = useRegistry();
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const command = screenCommandFor(commands, SCREEN_COMMANDS, event.key);
      if (!command) return;
      event.preventDefault();
      void runCommand(command.id, 'hotkey');
    },
    [commands],
  );

  const months = `${monthLabel(fromMonth)} – ${monthLabel(toMonth)}`;
  const filtered =
    filters.practiceIDs.length + filters.providerIDs.length + filters.facilityIDs.length > 0 ? ' · filtered' : '';
  return (
    <ScreenFrame
      title="Monthly summary"
      note={`${screen.groupName || 'Group'} · ${months}${filtered}`}
      hints={<CommandHints hints={HINTS} />}
      className="month-summary"
    >
      <p className="muted" data-testid="month-end-state">
        {summary.state === 'ready' ? lockedNote(summary.value[1]) : ''}
      </p>
      <ListSection
        sectionRef={list}
        label="Monthly summary"
        title="By month, practice and provider"
        count={ready ? `${rows.filter((each) => each.level === 'group').length} months` : ''}
        grow={1}
        minHeight={240}
        onKeyDown={onKeyDown}
      >
        <LoadNotes
          what="the monthly summary"
          loading={summary.state === 'loading'}
          failed={summary.state === 'failed'}
        />
        {ready && (
          <RowList
            label="Monthly summary"
            columns={SUMMARY_COLUMNS}
            rows={rows}
            rowKey={(each) => `${each.monthStart}:${each.level}:${each.practiceID ?? ''}:${each.providerID ?? ''}`}
            active={row}
            onActiveChange={setRow}
            rowClassName={(each) => `month-summary__row--${each.level}`}
            empty="No practice of this group is in your data role."
            stale={summary.state !== 'ready'}
          />
        )}
      </ListSection>
    </ScreenFrame>
  );
}
