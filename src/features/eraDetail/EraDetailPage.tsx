import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { EraFullDetailReply } from '../../../contract/era.ts';
import { ApiError } from '../../api/apiError.ts';
import { getEraFullDetail } from '../../api/era.ts';
import { runCommand } from '../../console/registry.ts';
import { goTo } from '../../routing/navigation.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import '../era/era.css';
import { EraCheckHeader } from './EraCheckHeader.tsx';
import { EraCheckSummary } from './EraCheckSummary.tsx';
import { ERA_CLAIM_COLUMNS, ERA_LINE_COLUMNS } from './eraDetailColumns.tsx';
import { claimRowsOf, eraDetailOnScreen, leaveEraDetail, moveToClaim, moveToLine } from './eraDetailOnScreen.ts';
import { claimName, postCheckReason } from './eraDetailText.ts';
import './eraDetail.css';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { ERA_DETAIL, ERA_PATH } from '../../routing/paths.ts';

type Loaded =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; detail: EraFullDetailReply };

function useEraDetail(eraID: number | null, revision: string): Loaded {
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded }>({ key: '', value: { state: 'loading' } });
  const key = `${eraID ?? ''}:${revision}`;
  useEffect(() => {
    if (eraID === null) return;
    const controller = new AbortController();
    getEraFullDetail(eraID, { signal: controller.signal, silent: true }).then(
      (detail) => {
        setLoaded({ key, value: { state: 'ready', detail } });
      },
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          key,
          value: thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' },
        });
      },
    );
    return () => controller.abort();
  }, [eraID, key]);
  useEffect(() => () => leaveEraDetail(), [eraID]);
  if (eraID === null) return { state: 'missing' };
  // A reload after a link keeps the file on screen until the new one arrives.
  if (loaded.key === key || (loaded.key.startsWith(`${eraID}:`) && loaded.value.state === 'ready')) return loaded.value;
  return { state: 'loading' };
}

/** Keys of the claims list and of the lines list that run the palette's commands. */
const CLAIM_KEYS: Readonly<Record<string, string>> = { l: 'eraDetail.linkClaim', L: 'eraDetail.linkClaim' };
const LINE_KEYS: Readonly<Record<string, string>> = {
  l: 'eraDetail.linkLine',
  L: 'eraDetail.linkLine',
  x: 'eraDetail.unlinkLine',
  X: 'eraDetail.unlinkLine',
};

/** The bar's hints: L links in either list (the claims' command is named), P posts, Enter opens our claim. */
const HINTS: readonly ScreenHint[] = [
  { keys: ['Tab'], label: 'claims / lines' },
  { command: 'eraDetail.linkClaim', label: 'link' },
  { command: 'eraDetail.unlinkLine', label: 'unlink line' },
  { command: 'era.postCheck', label: 'post the check' },
  { command: 'eraDetail.summary', label: 'check summary' },
  { command: 'eraDetail.openClaim', label: 'open our claim' },
  { keys: ['Esc'], label: 'back' },
];

/**
 * /app/era-detail/<eraID>: an uploaded ERA file, check by check, its claims with what they
 * matched and the cursor claim's lines. L links what matching could not, X unlinks a line, P posts
 * the check, Enter opens our claim; Tab moves between claims and lines, Escape goes back.
 */
export function EraDetailPage() {
  const [path] = useLocation();
  const eraID = ERA_DETAIL.idIn(path);
  const { claimRow, lineRow, summaryShown } = useStore(eraDetailOnScreen);
  // Read again after a link, an unlink or a posting announced by a command: the check reads Posted here too.
  const revision = useRecordsRevision({ eraCheck: 'all', eraClaim: 'all', eraLine: 'all' });
  const loaded = useEraDetail(eraID, String(revision));
  const detail = loaded.state === 'ready' ? loaded.detail : null;
  const rows = useMemo(() => claimRowsOf(detail), [detail]);
  const row = rows[Math.min(claimRow, rows.length - 1)] ?? null;
  const lines = row?.claim.lines ?? [];
  const line = lines[Math.min(lineRow, lines.length - 1)] ?? null;

  // The cursor ERA claim and line are the commands' targets (link, unlink, open our claim).
  usePublishedTarget(
    'eraDetail',
    'eraClaim',
    useMemo(() => {
      if (detail === null) return undefined;
      if (row === null) return null;
      const { check, claim } = row;
      return {
        kind: 'eraClaim' as const,
        id: claim.eraClaimID,
        claimID: claim.claimID,
        posted: claim.posted,
        patientControlNumber: claim.patientControlNumber,
        patientName: claim.patientName,
        check: {
          eraCheckID: check.eraCheckID,
          traceNumber: check.traceNumber,
          payerName: check.payerName,
          totalPaid: check.totalPaid,
          status: check.status,
        },
      };
    }, [detail, row]),
  );
  usePublishedTarget(
    'eraDetail',
    'eraLine',
    useMemo(
      () =>
        row === null || line === null
          ? undefined
          : {
              kind: 'eraLine' as const,
              id: line.eraLineID,
              eraCheckID: row.check.eraCheckID,
              posted: row.check.status === 'posted' || row.claim.posted,
              claimID: row.claim.claimID,
              chargeID: line.chargeID,
              lineNumber: null,
              procedureCode: line.procedureCode,
              modifiers: line.modifiers,
            },
      [row, line],
    ),
  );
  const claimsList = useRef<HTMLElement>(null);
  const linesList = useRef<HTMLElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const focusIn = useCallback(
    (section: HTMLElement | null) => section?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(),
    [],
  );

  // The keyboard starts in the claims; without a file to show, on the screen, so Escape leads back.
  useEffect(() => {
    if (loaded.state === 'ready') focusIn(claimsList.current);
    else if (loaded.state !== 'loading') root.current?.focus();
  }, [loaded.state, focusIn]);
  // A palette run (a link) that leaves the keyboard nowhere gives it back to the claims.
  const focusClaims = useCallback(() => focusIn(claimsList.current), [focusIn]);
  useFocusAfterPalette(focusClaims);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      goTo(ERA_PATH);
      return;
    }
    if (event.key === 'Tab') {
      event.preventDefault();
      const inClaims = claimsList.current?.contains(document.activeElement) ?? false;
      focusIn(inClaims ? linesList.current : claimsList.current);
      return;
    }
    if (event.key === 'p' || event.key === 'P') {
      event.preventDefault();
      const reason = postCheckReason(row);
      if (reason !== null || row === null) notify.warning(`Post ERA check…: ${reason ?? ''}`);
      else void runCommand('era.postCheck', 'hotkey', { eraCheckID: String(row.check.eraCheckID) });
      return;
    }
    if (event.key === 's' || event.key === 'S') {
      event.preventDefault();
      void runCommand('eraDetail.summary', 'hotkey');
      return;
    }
    const inLines = linesList.current?.contains(event.target as Node) ?? false;
    const commandID = (inLines ? LINE_KEYS : CLAIM_KEYS)[event.key];
    if (commandID === undefined) return;
    event.preventDefault();
    void runCommand(commandID, 'hotkey');
  }

  return (
    <ScreenFrame
      title={`ERA ${detail?.fileName ?? ''}`}
      titleID="era-detail-title"
      region
      frameRef={root}
      className="era-detail"
      onKeyDown={onKeyDown}
      hints={<CommandHints hints={HINTS} />}
    >
      <LoadNotes
        what="the ERA"
        loading={loaded.state === 'loading'}
        failed={loaded.state === 'failed'}
        missing={loaded.state === 'missing' ? 'No ERA file with this ID. Escape goes back to the ERA checks.' : null}
      />
      {detail?.checks.map((check) => (
        <EraCheckHeader key={check.eraCheckID} check={check} current={check.eraCheckID === row?.check.eraCheckID} />
      ))}
      {detail && summaryShown && row !== null && (
        <EraCheckSummary eraCheckID={row.check.eraCheckID} revision={String(revision)} />
      )}
      {detail && (
        <>
          <ListSection
            sectionRef={claimsList}
            label="ERA claims"
            title="Claims"
            count={rows.length.toLocaleString('en-US')}
            grow={3}
            minHeight={180}
          >
            <RowList
              label="ERA claims"
              columns={ERA_CLAIM_COLUMNS}
              rows={rows}
              rowKey={({ claim }) => claim.eraClaimID}
              active={claimRow}
              onActiveChange={moveToClaim}
              onOpen={() => void runCommand('eraDetail.openClaim', 'hotkey')}
              empty="This ERA holds no claim."
            />
          </ListSection>
          <ListSection
            sectionRef={linesList}
            label="ERA lines"
            title={`Lines of ${row === null ? 'the claim' : claimName(row.claim)}`}
            count={lines.length.toLocaleString('en-US')}
            grow={2}
            minHeight={120}
          >
            <RowList
              label="ERA lines"
              columns={ERA_LINE_COLUMNS}
              rows={lines}
              rowKey={(line) => line.eraLineID}
              active={lineRow}
              onActiveChange={moveToLine}
              empty="The ERA claim has no service line: the payer paid the claim as a whole."
            />
          </ListSection>
        </>
      )}
    </ScreenFrame>
  );
}
