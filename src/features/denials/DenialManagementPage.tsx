import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { DenialChargesReply, DenialReportReply } from '../../../contract/denials.ts';
import { formatCents } from '../../../contract/money.ts';
import { getDenialCharges, getDenialReport } from '../../api/crossoverDenials.ts';
import { goTo } from '../../routing/navigation.ts';
import { useStore } from '../../state/useStore.ts';
import { claimDetailPath } from '../../routing/paths.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { DENIED_LINE_COLUMNS, deniedClaimColumns } from './denialColumns.tsx';
import { DenialFiltersBar } from './DenialFiltersBar.tsx';
import { denialsOnScreen, setDenialFilters, setDenialPage } from './denialsOnScreen.ts';
import { denialQuery, lastPage, pageText, type DenialFilters } from './denialText.ts';
import './denials.css';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';

type Loading<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'claim' },
  { keys: ['Enter'], label: 'open it' },
  { keys: [']', '['], label: 'next / previous page' },
  { keys: ['Tab'], label: 'its denied charges' },
  { keys: ['Shift+Tab'], label: 'the filters (Enter comes back)' },
];

/** Arrowing through the claims should not send a call per row passed. */
const CHARGES_DELAY_MS = 120;

function useDenialReport(filters: DenialFilters, pageNumber: number): Loading<DenialReportReply> {
  const [report, setReport] = useState<Loading<DenialReportReply>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getDenialReport(denialQuery(filters, pageNumber), { signal: controller.signal, silent: true }).then(
      (value) => setReport({ state: 'ready', value }),
      () => !controller.signal.aborted && setReport({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [filters, pageNumber]);
  return report;
}

function useDeniedLines(claimID: number | null): Loading<DenialChargesReply> | null {
  const [lines, setLines] = useState<{ claimID: number; value: Loading<DenialChargesReply> } | null>(null);
  useEffect(() => {
    if (claimID === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getDenialCharges(claimID, { signal: controller.signal, silent: true, background: true }).then(
        (value) => setLines({ claimID, value: { state: 'ready', value } }),
        () => !controller.signal.aborted && setLines({ claimID, value: { state: 'failed' } }),
      );
    }, CHARGES_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [claimID]);
  if (claimID === null) return null;
  return lines?.claimID === claimID ? lines.value : { state: 'loading' };
}

/**
 * /app/denial-management: the claims payers denied, largest amount first, with their CARC reasons;
 * the cursor claim's denied charges below. Enter opens the claim, ] and [ turn the page, Tab
 * reaches the charges and Shift+Tab the filters.
 */
export function DenialManagementPage() {
  const { filters, pageNumber } = useStore(denialsOnScreen);
  const report = useDenialReport(filters, pageNumber);
  const [row, setRow] = useState(0);
  // The charges' cursor belongs to one claim: another claim starts at its first line.
  const [chargeCursor, setChargeCursor] = useState<{ claimID: number | null; row: number }>({ claimID: null, row: 0 });
  const claimsList = useRef<HTMLElement>(null);
  const ready = report.state === 'ready' ? report.value : null;
  const current = ready?.claims[Math.min(row, ready.claims.length - 1)] ?? null;
  const lines = useDeniedLines(current?.claimID ?? null);
  const columns = useMemo(() => deniedClaimColumns(ready?.reasons ?? []), [ready]);

  // New filters, from the screen's fields or the palette, start the cursor at the top.
  const [shownFilters, setShownFilters] = useState(filters);
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setRow(0);
  }

  // The keyboard starts in the claims once the first page is there.
  const firstLoad = useRef(true);
  useEffect(() => {
    if (report.state !== 'ready' || !firstLoad.current) return;
    firstLoad.current = false;
    claimsList.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
  }, [report.state]);

  const chargeRow = chargeCursor.claimID === (current?.claimID ?? null) ? chargeCursor.row : 0;
  const setChargeRow = useCallback(
    (next: number) => setChargeCursor({ claimID: current?.claimID ?? null, row: next }),
    [current?.claimID],
  );

  const onClaimsKey = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !ready) return;
      const turn = event.key === ']' ? 1 : event.key === '[' ? -1 : 0;
      const next = Math.min(lastPage(ready.totalClaims), Math.max(1, pageNumber + turn));
      if (turn === 0) return;
      event.preventDefault();
      if (next === pageNumber) return;
      setDenialPage(next);
      setRow(0);
    },
    [ready, pageNumber],
  );

  const focusClaims = useCallback(
    () => claimsList.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(),
    [],
  );
  // A palette run ("Filter denials…") that leaves the keyboard nowhere gives it back to the claims.
  useFocusAfterPalette(focusClaims);
  const onChargesKey = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      focusClaims();
    },
    [focusClaims],
  );

  const shownLines = lines?.state === 'ready' ? lines.value : null;
  return (
    <ScreenFrame title="Denial management" hints={<CommandHints hints={HINTS} />}>
      <div className="denials__filters-row">
        <DenialFiltersBar
          filters={filters}
          onChange={setDenialFilters}
          onDone={focusClaims}
          payers={ready?.payers ?? []}
          reasons={ready?.reasons ?? []}
        />
        {ready && (
          <span className="denials__totals" data-testid="denial-totals">
            {ready.totalClaims.toLocaleString('en-US')} denied claim{ready.totalClaims === 1 ? '' : 's'} ·{' '}
            {formatCents(ready.totalDeniedCents)} denied
          </span>
        )}
      </div>
      <ListSection
        sectionRef={claimsList}
        label="Denied claims"
        title="Denied claims"
        count={ready ? pageText(pageNumber, ready.claims.length, ready.totalClaims) : ''}
        grow={3}
        minHeight={160}
        onKeyDown={onClaimsKey}
      >
        <LoadNotes what="the denial report" loading={report.state === 'loading'} failed={report.state === 'failed'} />
        {ready && (
          <RowList
            label="Denied claims"
            columns={columns}
            rows={ready.claims}
            rowKey={(claim) => claim.claimID}
            active={row}
            onActiveChange={setRow}
            onOpen={(claim) => goTo(claimDetailPath(claim.claimID))}
            empty="No denied claims under these filters."
          />
        )}
      </ListSection>
      <ListSection
        label="Denied charges"
        title={current ? `Denied charges of claim ${current.claimID}` : 'Denied charges'}
        count={shownLines ? `· ${formatCents(shownLines.totalDeniedCents)} denied` : undefined}
        grow={2}
        minHeight={120}
        onKeyDown={onChargesKey}
      >
        <LoadNotes what="the denied charges" failed={lines?.state === 'failed'} />
        <RowList
          label="Denied charges"
          columns={DENIED_LINE_COLUMNS}
          rows={shownLines?.lines ?? []}
          rowKey={(line) => line.chargeID ?? 0}
          active={chargeRow}
          onActiveChange={setChargeRow}
          stale={lines?.state === 'loading'}
          empty={current ? 'Loading the denied charges…' : 'Choose a claim.'}
        />
      </ListSection>
    </ScreenFrame>
  );
}
