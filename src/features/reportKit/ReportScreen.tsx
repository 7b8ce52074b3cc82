import {
  CompactSelection,
  DataEditor,
  GridCellKind,
  type GridCell,
  type GridColumn,
  type GridKeyEventArgs,
  type GridSelection,
  type Item,
  type Rectangle,
  type Theme,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatCents } from '../../../contract/money.ts';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { drawTextWithEllipsis } from '../../grid/ellipsisText.ts';
import { gridTheme } from '../../grid/gridTheme.ts';
import type { PageFetcher } from '../../grid/pagedSource.ts';
import { nextSort, sortArrow } from '../../grid/sortState.ts';
import { useGridScope } from '../../grid/useGridScope.ts';
import { usePagedGrid } from '../../grid/usePagedGrid.ts';
import { login } from '../../state/login.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { formatDate } from '../../ui/format.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { drillAtCursor } from './drill.ts';
import { ReportParametersBar } from './ReportParametersBar.tsx';
import { cellThemeOf, rowThemeOf } from './rowThemes.ts';
import {
  reportsOnScreen,
  setOpenReport,
  setOpenReportTotal,
  setReportParam,
  setReportSort,
  type ReportCursor,
} from './reportState.ts';
import { serverRange, shownCount, shownRowAt, sortedExpansions, type Expansion } from './shownRows.ts';
import type { ReportColumn, ReportDefinition } from './types.ts';
import './reportKit.css';

/** Wait for a pause in typing before asking the server again. */
const TYPING_PAUSE_MS = 300;

const KEYBINDINGS = {
  selectRow: false,
  selectAll: false,
  activateCell: false,
  clear: false,
  copy: false,
  cut: false,
  paste: false,
  search: false,
  goToFirstCell: false,
  goToLastCell: false,
  goToFirstRow: 'primary+Home|primary+ArrowUp',
  goToLastRow: 'primary+End|primary+ArrowDown',
} as const;

const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };
const FIRST_CELL: GridSelection = {
  ...NO_SELECTION,
  current: { cell: [0, 0], range: { x: 0, y: 0, width: 1, height: 1 }, rangeStack: [] },
};

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A cell's text as the biller reads it: dollars, MM/DD/YYYY, counts with separators. */
export function cellText<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '';
  if (column.kind === 'money') return formatCents(Number(value));
  if (column.kind === 'date') return formatDate(String(value));
  if (column.kind === 'integer') return Number(value).toLocaleString('en-US');
  return String(value);
}

interface ReportScreenProps<Row> {
  definition: ReportDefinition<Row>;
  /** Above the parameters: a choice of report, a note of the screen's own. */
  toolbar?: ReactNode;
  /** The screen's command hints (the kit adds the grid's own keys). */
  hints?: readonly ScreenHint[];
  /** A plain key the grid does not use (a digit, a letter), offered to the screen: true when it took it. */
  onScreenKey?: (key: string) => boolean;
}

/**
 * A report screen drawn from its definition: title and key hints, the parameters bar, what the
 * figures mean, and the grid paged from the server with its totals row frozen at the bottom.
 * Keys in the grid: arrows move, Enter opens the claims behind a figure (or expands a row on its
 * name), E expands or collapses, S sorts by the column, / goes to the parameters.
 */
export function ReportScreen<Row>({ definition, toolbar, hints = [], onScreenKey }: ReportScreenProps<Row>) {
  const accent = (useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL).primaryColor;
  const theme = useMemo(() => gridTheme(accent), [accent]);
  const stored = useStore(reportsOnScreen);
  const typed = stored.params[definition.id] ?? definition.defaults;
  const params = useSettled(typed, TYPING_PAUSE_MS);
  const sort = stored.sort[definition.id] ?? definition.defaultSort;
  const revision = useRecordsRevision({ claim: 'all' });
  const [meta, setMeta] = useState<{ totals: Row | null; note: string | undefined }>({
    totals: null,
    note: undefined,
  });
  const [expansions, setExpansions] = useState<ReadonlyMap<number, Expansion<Row>>>(new Map());
  const [arrivals, setArrivals] = useState(0);
  const [selection, setSelection] = useState<GridSelection>(NO_SELECTION);
  const parametersForm = useRef<HTMLFormElement>(null);

  const fetcher = useCallback<PageFetcher<Row>>(
    async (pageIndex, pageSize, signal) => {
      const page = await definition.fetchPage(
        params,
        { pageNumber: pageIndex + 1, pageSize, sortColumn: sort.column, sortOrder: sort.order },
        signal,
      );
      if (!signal.aborted) {
        setMeta({ totals: page.totals, note: page.note });
        setArrivals((count) => count + 1);
      }
      return { total: page.total, rows: page.rows };
    },
    [definition, params, sort.column, sort.order],
  );
  const paged = usePagedGrid(fetcher, revision);
  const { gridRef, total, rowAt } = paged;

  // A new query: rows expanded under the old one are no longer where they were.
  const [shownFetcher, setShownFetcher] = useState(() => fetcher);
  if (shownFetcher !== fetcher) {
    setShownFetcher(() => fetcher);
    setExpansions(new Map());
  }

  const sorted = useMemo(() => sortedExpansions(expansions.values()), [expansions]);
  const hasTotals = meta.totals !== null && total !== null && total > 0;
  const rows = total === null ? 0 : shownCount(total, sorted, hasTotals);

  useEffect(() => setOpenReportTotal(definition.id, total), [definition.id, total]);

  /** The row shown at `index`: a server row, a child row under an expanded one, or the totals. */
  const shownRow = useCallback(
    (index: number): { row: Row | undefined; kind: ReportCursor['kind'] } | null => {
      const at = shownRowAt(index, total ?? 0, sorted, hasTotals);
      if (at === null) return null;
      if (at.kind === 'totals') return { row: meta.totals ?? undefined, kind: 'totals' };
      if (at.kind === 'child') return { row: expansions.get(at.parentIndex)?.children[at.childIndex], kind: 'child' };
      return { row: rowAt(at.index), kind: 'row' };
    },
    [total, sorted, hasTotals, meta.totals, expansions, rowAt],
  );

  const onVisibleRegionChanged = useCallback(
    (range: Rectangle) => {
      const wanted = serverRange(range.y, range.height, total ?? 0, sorted);
      paged.onVisibleRegionChanged({ ...range, y: wanted.first, height: Math.max(1, wanted.count) });
    },
    [paged, total, sorted],
  );

  const columns = useMemo<GridColumn[]>(
    () =>
      definition.columns.map((column) => ({
        id: column.id,
        title:
          column.sortColumn !== undefined && column.sortColumn === sort.column
            ? `${column.title} ${sortArrow(sort.order)}`
            : column.title,
        width: column.width,
      })),
    [definition.columns, sort],
  );

  const getCellContent = useCallback(
    ([col, index]: Item): GridCell => {
      void arrivals;
      const column = definition.columns[col];
      const shown = shownRow(index);
      if (!column || !shown?.row) return { kind: GridCellKind.Loading, allowOverlay: false };
      let text = cellText(column, shown.row);
      if (col === 0) {
        if (shown.kind === 'totals') text = text || 'Totals';
        else if (shown.kind === 'child') text = `    ${text}`;
        else if (definition.expand?.canExpand(shown.row)) {
          const at = shownRowAt(index, total ?? 0, sorted, hasTotals);
          const expanded = at?.kind === 'row' && expansions.has(at.index);
          text = `${expanded ? '▾' : '▸'} ${text}`;
        }
      }
      const negative = column.kind === 'money' && Number(column.value(shown.row)) < 0;
      const themeOverride = cellThemeOf(shown.kind, negative);
      return {
        kind: GridCellKind.Text,
        data: text,
        displayData: text,
        allowOverlay: false,
        contentAlign: column.kind === 'money' || column.kind === 'integer' ? 'right' : 'left',
        ...(themeOverride ? { themeOverride } : {}),
      };
    },
    [definition, shownRow, expansions, sorted, total, hasTotals, arrivals],
  );

  const getRowThemeOverride = useCallback(
    (index: number): Partial<Theme> | undefined => rowThemeOf(shownRowAt(index, total ?? 0, sorted, hasTotals)),
    [total, sorted, hasTotals],
  );

  // The handle commands use, always reading the screen as it is now.
  const arrived = total !== null;
  // Keyboard-first: the cursor starts on the first cell once there are rows.
  const shownSelection = selection.current || !arrived ? selection : FIRST_CELL;
  const latest = useRef({ selection: shownSelection, shownRow, expansions, sorted, total, params });
  useEffect(() => {
    latest.current = { selection: shownSelection, shownRow, expansions, sorted, total, params };
  });

  const cursor = useCallback((): ReportCursor | null => {
    const cell = latest.current.selection.current?.cell;
    if (!cell) return null;
    const shown = latest.current.shownRow(cell[1]);
    const column = definition.columns[cell[0]];
    if (!shown?.row || !column) return null;
    return { row: shown.row, columnId: column.id, kind: shown.kind };
  }, [definition]);

  const toggleExpand = useCallback(async () => {
    const { expand } = definition;
    const cell = latest.current.selection.current?.cell;
    if (!expand || !cell) return;
    const at = shownRowAt(cell[1], latest.current.total ?? 0, latest.current.sorted, false);
    if (at === null || at.kind === 'totals') return;
    const parentIndex = at.kind === 'child' ? at.parentIndex : at.index;
    if (latest.current.expansions.has(parentIndex)) {
      setExpansions((before) => {
        const next = new Map(before);
        next.delete(parentIndex);
        return next;
      });
      if (at.kind === 'child') {
        const row = cell[1] - at.childIndex - 1;
        setSelection({
          ...NO_SELECTION,
          current: { cell: [cell[0], row], range: { x: cell[0], y: row, width: 1, height: 1 }, rangeStack: [] },
        });
      }
      return;
    }
    const parent = rowAt(parentIndex);
    if (!parent || !expand.canExpand(parent)) {
      notify.info('This row has nothing under it to show.');
      return;
    }
    const children = await expand.children(parent, latest.current.params, new AbortController().signal);
    setExpansions((before) => new Map(before).set(parentIndex, { index: parentIndex, children }));
  }, [definition, rowAt]);

  const focusGrid = useCallback(() => gridRef.current?.focus(), [gridRef]);
  const focusParameters = useCallback(
    () => parametersForm.current?.querySelector<HTMLElement>('input, select')?.focus(),
    [],
  );
  useFocusAfterPalette(focusGrid);
  const scope = useGridScope(`report-${definition.id}`, focusGrid);

  useEffect(() => {
    setOpenReport({
      definition: definition as ReportDefinition<unknown>,
      cursor,
      toggleExpand,
      focusParameters,
    });
    return () => setOpenReport(null);
  }, [definition, cursor, toggleExpand, focusParameters]);

  // Keyboard-first: the grid takes the keyboard once it has rows.
  useEffect(() => {
    if (arrived) gridRef.current?.focus();
  }, [arrived, gridRef]);

  const onKeyDown = useCallback(
    (event: GridKeyEventArgs) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
      if (!plain) return;
      const key = event.key.toLowerCase();
      const handled = () => {
        event.cancel();
        event.preventDefault();
      };
      const column = event.location ? definition.columns[event.location[0]] : undefined;
      if (key === 'enter') {
        handled();
        if (column?.drills) void drillAtCursor();
        else void toggleExpand();
      } else if (key === 'e' && definition.expand) {
        handled();
        void toggleExpand();
      } else if (key === 's' && column?.sortColumn !== undefined) {
        handled();
        setReportSort(definition.id, nextSort(sort, column.sortColumn));
      } else if (key === '/') {
        handled();
        focusParameters();
      } else if (onScreenKey?.(key)) {
        handled();
      }
    },
    [definition, sort, toggleExpand, focusParameters, onScreenKey],
  );

  const gridHints: ScreenHint[] = [
    { keys: ['↑', '↓', '←', '→'], label: 'move' },
    { keys: ['Enter'], label: definition.expand ? 'claims behind a figure / expand' : 'claims behind a figure' },
    ...(definition.expand ? [{ keys: ['E'], label: 'expand or collapse' }] : []),
    { keys: ['S'], label: 'sort' },
    { keys: ['/'], label: 'parameters' },
    ...hints,
  ];
  const countText = total === null ? 'Loading…' : `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}`;

  return (
    <ScreenFrame title={definition.title} note={countText} hints={<CommandHints hints={gridHints} />}>
      {toolbar}
      <ReportParametersBar
        formRef={parametersForm}
        parameters={definition.parameters}
        params={typed}
        onChange={(key, value) => setReportParam(definition as ReportDefinition<unknown>, key, value)}
        onDone={focusGrid}
      />
      {meta.note && (
        <p className="report-kit__note" data-testid="report-note">
          {meta.note}
        </p>
      )}
      <div className="report-kit__grid" data-refocuses-itself onFocus={scope.onFocus} onBlur={scope.onBlur}>
        <DataEditor
          ref={gridRef}
          columns={columns}
          rows={rows}
          getCellContent={getCellContent}
          drawCell={drawTextWithEllipsis}
          onVisibleRegionChanged={onVisibleRegionChanged}
          gridSelection={shownSelection}
          onGridSelectionChange={setSelection}
          getRowThemeOverride={getRowThemeOverride}
          onKeyDown={onKeyDown}
          freezeTrailingRows={hasTotals ? 1 : 0}
          keybindings={KEYBINDINGS}
          editOnType={false}
          rowSelect="none"
          columnSelect="none"
          rowMarkers="none"
          rowHeight={26}
          headerHeight={30}
          theme={theme}
          width="100%"
          height="100%"
        />
      </div>
    </ScreenFrame>
  );
}
