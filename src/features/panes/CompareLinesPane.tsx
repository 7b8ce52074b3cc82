import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { formatCents } from '../../../contract/money.ts';
import { runCommand } from '../../console/registry.ts';
import { setPaneCursor } from '../../state/workspace.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { formatDateRange } from '../../ui/format.ts';
import { procedureText } from './billingText.ts';
import type { ComparedLine, LineAdjustment, LineOutcome } from './claimLines.ts';
import { loadComparison } from './loadComparison.ts';
import { Money } from './Money.tsx';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { useRemote } from './useRemote.ts';

const OUTCOME_TEXT: Readonly<Record<LineOutcome, string>> = {
  settled: 'Settled',
  open: 'Balance open',
  denied: 'Denied',
  'to post': 'ERA to post',
  unanswered: 'No answer yet',
  unmatched: 'Not linked',
};

/** The pane keys: each runs the palette command of the same name on the cursor row. */
const KEYS: Readonly<Record<string, string>> = {
  l: 'claimVsEra.linkLine',
  x: 'claimVsEra.unlinkLine',
  p: 'claimVsEra.postCheck',
};

const differs = (line: ComparedLine, about: string) => line.differences.some((text) => text.includes(about));
const flagged = (on: boolean) => (on ? 'cell--differs' : undefined);

const lineNo: RowColumn<ComparedLine> = {
  id: 'line',
  title: '#',
  align: 'right',
  render: (line) => line.lineNumber ?? '—',
};

const BILLED_COLUMNS: readonly RowColumn<ComparedLine>[] = [
  lineNo,
  {
    id: 'dos',
    title: 'DOS',
    render: (line) => (line.dosFrom === '' ? '—' : formatDateRange(line.dosFrom, line.dosTo)),
  },
  {
    id: 'cpt',
    title: 'CPT-Mod',
    render: (line) =>
      line.chargeID === null ? (
        <span className="muted">not on this claim</span>
      ) : (
        <span className={flagged(differs(line, 'Billed as'))}>
          {procedureText(line.procedure.cptCode, line.procedure.modifiers)}
        </span>
      ),
  },
  { id: 'units', title: 'Units', align: 'right', render: (line) => (line.chargeID === null ? '' : line.units) },
  {
    id: 'billed',
    title: 'Billed',
    align: 'right',
    render: (line) =>
      line.chargeID === null ? (
        ''
      ) : (
        <span className={flagged(differs(line, 'the payer read'))}>
          <Money cents={line.billed} />
        </span>
      ),
  },
];

function codesText(adjustments: readonly LineAdjustment[]): string {
  return adjustments
    .map((entry) => (entry.amount === 0 ? entry.code : `${entry.code} ${formatCents(entry.amount)}`))
    .join(', ');
}

const REMITTED_COLUMNS: readonly RowColumn<ComparedLine>[] = [
  lineNo,
  // Whether it is posted shows in the outcome ('ERA to post') and the row's colour.
  {
    id: 'check',
    title: 'ERA check',
    render: (line) => (line.era === null ? '—' : <span className="clip">{line.era.traceNumber}</span>),
  },
  {
    id: 'allowed',
    title: 'Allowed',
    align: 'right',
    render: (line) => (line.era?.allowed == null ? '—' : <Money cents={line.era.allowed} />),
  },
  {
    id: 'paid',
    title: 'ERA paid',
    align: 'right',
    render: (line) =>
      line.era === null ? (
        '—'
      ) : (
        <span className={flagged(differs(line, 'this ERA paid') || differs(line, 'Not paid'))}>
          <Money cents={line.era.paid} />
        </span>
      ),
  },
  {
    id: 'codes',
    title: 'Adjustments',
    render: (line) => {
      const adjustments = line.era?.adjustments ?? line.adjustments;
      return (
        <span
          className="clip"
          title={adjustments.map((entry) => `${entry.code}: ${entry.description ?? ''}`).join('\n')}
        >
          {codesText(adjustments)}
        </span>
      );
    },
  },
  {
    id: 'balance',
    title: 'Balance',
    align: 'right',
    render: (line) => (line.chargeID === null ? '' : <Money cents={line.balance} />),
  },
  { id: 'outcome', title: 'Outcome', render: (line) => OUTCOME_TEXT[line.outcome] },
];

function rowClass(line: ComparedLine): string {
  return [`outcome--${line.outcome.replace(' ', '-')}`, line.differences.length > 0 ? 'row--differs' : '']
    .join(' ')
    .trim();
}

/** Nothing the payer sent names the claim: no ERA line answers any of its lines. */
const noEraAnswer = (lines: readonly ComparedLine[]) => lines.every((line) => line.era === null);

/** The cursor row's differences and remarks in full, under the lines (above them, the rows of the two sides would not read across): a cell cannot hold them. */
function RowNotes({
  claimID,
  line,
  unanswered,
}: {
  claimID: number | null;
  line: ComparedLine | undefined;
  unanswered: boolean;
}) {
  // Nothing to compare with: said plainly, never "alike".
  if (unanswered)
    return (
      <p className="compare-notes compare-notes--none">
        No ERA answer has arrived for claim {claimID} yet: there is nothing to compare it with.
      </p>
    );
  if (!line) return null;
  const remarks = line.era?.remarks ?? [];
  if (line.era === null && line.differences.length === 0)
    return (
      <p className="compare-notes compare-notes--none">
        Line {line.lineNumber ?? '—'}: no ERA answer for this line yet.
      </p>
    );
  if (line.differences.length === 0 && remarks.length === 0)
    return <p className="compare-notes muted">Line {line.lineNumber ?? '—'}: billed and answered alike.</p>;
  return (
    <ul className="compare-notes" aria-label="Differences on the cursor line">
      {line.differences.map((text) => (
        <li key={text} className="compare-notes__difference">
          {text}
        </li>
      ))}
      {remarks.map((remark) => (
        <li key={remark.code}>
          {remark.code}: {remark.description ?? 'not in the RARC list'}
        </li>
      ))}
    </ul>
  );
}

/**
 * One side of Claim vs ERA: the lines as billed, or as the payer answered them on its newest ERA
 * (posted or not). Both sides list the same rows in the same order with the same row height, so
 * they read across; where billed and answered disagree the cells are marked on both sides and
 * the cursor row's differences are spelt out. Moving the cursor on one side moves it on the other.
 * L links the cursor's ERA line to a charge, X unlinks it, P posts its ERA check.
 */
export function CompareLinesPane({ layoutId, pane, side }: PaneViewProps & { side: 'billed' | 'remitted' }) {
  const claimID = useLinked(layoutId, pane, 'claim');
  const otherLine = useLinked(layoutId, pane, 'chargeLine');
  // Both sides read the claim again after a change to it, to an ERA's check, claims or lines, or to postings.
  const revision = useRecordsRevision({
    claim: claimID === null ? [] : [claimID],
    eraCheck: 'all',
    eraClaim: 'all',
    eraLine: 'all',
    posting: 'all',
  });
  const load = useCallback((key: string) => {
    const [id, version] = key.split(':');
    return loadComparison(Number(id), Number(version));
  }, []);
  const remote = useRemote<string, ComparedLine[]>(claimID === null ? null : `${claimID}:${revision}`, load);
  const [active, setActive] = useState(0);
  const [followed, setFollowed] = useState<number | null>(null);
  const lines = remote.state === 'ready' ? remote.data : remote.state === 'loading' ? remote.stale : null;

  // The other side moved its cursor: follow it to the same row.
  const otherIndex = lines?.findIndex((line) => line.rowNumber === otherLine) ?? -1;
  if (otherLine !== followed && otherIndex >= 0) {
    setFollowed(otherLine);
    setActive(otherIndex);
  }
  const cursorLine = lines?.[Math.min(active, lines.length - 1)];
  // The cursor row is the commands' target: its ERA line, or the billed line no ERA line answered.
  const ready = remote.state === 'ready';
  const owner = `${layoutId}:${pane.id}`;
  const era = cursorLine?.era ?? null;
  usePublishedTarget(
    owner,
    'eraLine',
    useMemo(
      () =>
        !ready || claimID === null || cursorLine === undefined || era === null
          ? undefined
          : {
              kind: 'eraLine' as const,
              id: era.eraLineID,
              eraCheckID: era.eraCheckID,
              posted: era.posted,
              claimID,
              chargeID: cursorLine.chargeID,
              lineNumber: cursorLine.lineNumber,
              procedureCode: cursorLine.procedure.cptCode,
              modifiers: cursorLine.procedure.modifiers,
            },
      [ready, claimID, cursorLine, era],
    ),
  );
  usePublishedTarget(
    owner,
    'chargeLine',
    useMemo(
      () =>
        !ready || claimID === null || cursorLine === undefined || era !== null || cursorLine.chargeID === null
          ? undefined
          : { kind: 'chargeLine' as const, id: cursorLine.chargeID, claimID, lineNumber: cursorLine.lineNumber ?? 0 },
      [ready, claimID, cursorLine, era],
    ),
  );

  const move = (index: number) => {
    setActive(index);
    const line = lines?.[index];
    if (line) setPaneCursor(layoutId, pane.id, { chargeLine: line.rowNumber });
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const commandID = KEYS[event.key.toLowerCase()];
    if (commandID === undefined) return;
    event.preventDefault();
    void runCommand(commandID, 'hotkey');
  }

  if (remote.state === 'idle') return <PaneMessage>Move to a claim to compare it with its remittance.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The claim could not be loaded.</PaneMessage>;
  if (!lines) return <PaneMessage>Loading…</PaneMessage>;
  const unsettled = lines.filter((line) => line.outcome !== 'settled').length;
  const differing = lines.filter((line) => line.differences.length > 0).length;
  const total = lines.reduce((sum, line) => sum + (side === 'billed' ? line.billed : (line.era?.paid ?? 0)), 0);
  const unanswered = noEraAnswer(lines);
  return (
    <div className="compare-lines" onKeyDown={onKeyDown}>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        Claim <strong>{claimID}</strong> ·{' '}
        {side === 'remitted' && unanswered ? (
          <span className="pane-summary__flag">no ERA answer has arrived for this claim yet</span>
        ) : (
          <>
            {side === 'billed' ? 'billed' : 'ERA paid'} <Money cents={total} />
            {unsettled > 0 && (
              <span className="pane-summary__flag">
                {' '}
                · {unsettled} {unsettled === 1 ? 'line' : 'lines'} not settled
              </span>
            )}
            {differing > 0 && (
              <span className="pane-summary__flag">
                {' '}
                · {differing} {differing === 1 ? 'difference' : 'differences'}
              </span>
            )}
          </>
        )}
      </p>
      <RowList
        label={
          side === 'billed'
            ? `Lines of claim ${claimID ?? ''} as billed`
            : `Lines of claim ${claimID ?? ''} as the ERA answered`
        }
        columns={side === 'billed' ? BILLED_COLUMNS : REMITTED_COLUMNS}
        rows={lines}
        rowKey={(line) => line.rowNumber}
        active={active}
        onActiveChange={move}
        rowClassName={rowClass}
        empty="This claim has no charge lines."
        stale={remote.state === 'loading'}
      />
      {side === 'remitted' && <RowNotes claimID={claimID} line={cursorLine} unanswered={unanswered} />}
    </div>
  );
}
