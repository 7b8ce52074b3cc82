import { useCallback, useState } from 'react';
import { formatCents } from '../../../contract/money.ts';
import { setPaneCursor } from '../../state/workspace.ts';
import { formatDateRange } from '../../ui/format.ts';
import { procedureText } from './billingText.ts';
import type { ComparedLine, LineOutcome } from './claimLines.ts';
import { loadComparison } from './loadComparison.ts';
import { Money } from './Money.tsx';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { RowList, type RowColumn } from './RowList.tsx';
import { useRemote } from './useRemote.ts';

const OUTCOME_TEXT: Readonly<Record<LineOutcome, string>> = {
  settled: 'Settled',
  open: 'Balance open',
  denied: 'Denied',
  unanswered: 'No answer yet',
};

const lineNo: RowColumn<ComparedLine> = { id: 'line', title: '#', align: 'right', render: (line) => line.lineNumber };

const BILLED_COLUMNS: readonly RowColumn<ComparedLine>[] = [
  lineNo,
  { id: 'dos', title: 'DOS', render: (line) => formatDateRange(line.dosFrom, line.dosTo) },
  { id: 'cpt', title: 'CPT-Mod', render: (line) => procedureText(line.procedure.cptCode, line.procedure.modifiers) },
  { id: 'units', title: 'Units', align: 'right', render: (line) => line.units },
  { id: 'billed', title: 'Billed', align: 'right', render: (line) => <Money cents={line.billed} /> },
];

function codesText(line: ComparedLine): string {
  return line.adjustments.map((entry) => (entry.amount === 0 ? entry.code : `${entry.code} ${formatCents(entry.amount)}`)).join(', ');
}

const REMITTED_COLUMNS: readonly RowColumn<ComparedLine>[] = [
  lineNo,
  { id: 'payerPaid', title: 'Payer paid', align: 'right', render: (line) => <Money cents={line.payerPaid} /> },
  { id: 'patientPaid', title: 'Patient paid', align: 'right', render: (line) => <Money cents={line.patientPaid} /> },
  { id: 'adjusted', title: 'Adjusted', align: 'right', render: (line) => <Money cents={line.adjusted} /> },
  {
    id: 'codes',
    title: 'Codes',
    render: (line) => (
      <span className="clip" title={line.adjustments.map((entry) => `${entry.code}: ${entry.description ?? ''}`).join('\n')}>
        {codesText(line)}
      </span>
    ),
  },
  { id: 'difference', title: 'Difference', align: 'right', render: (line) => <Money cents={line.balance} /> },
  { id: 'outcome', title: 'Outcome', render: (line) => OUTCOME_TEXT[line.outcome] },
];

/**
 * One side of Claim vs ERA: the lines as billed, or as the payer answered them. Both sides list
 * the same lines in the same order with the same row height, so they read across; lines not
 * settled are highlighted on both; moving the cursor on one side moves it on the other.
 */
export function CompareLinesPane({ layoutId, pane, side }: PaneViewProps & { side: 'billed' | 'remitted' }) {
  const claimID = useLinked(layoutId, pane, 'claim');
  const otherLine = useLinked(layoutId, pane, 'chargeLine');
  const load = useCallback((id: number) => loadComparison(id), []);
  const remote = useRemote<number, ComparedLine[]>(claimID, load);
  const [active, setActive] = useState(0);
  const [followed, setFollowed] = useState<number | null>(null);
  const lines = remote.state === 'ready' ? remote.data : remote.state === 'loading' ? remote.stale : null;

  // The other side moved its cursor: follow it to the same charge line.
  const otherIndex = lines?.findIndex((line) => line.lineNumber === otherLine) ?? -1;
  if (otherLine !== followed && otherIndex >= 0) {
    setFollowed(otherLine);
    setActive(otherIndex);
  }

  const move = (index: number) => {
    setActive(index);
    const line = lines?.[index];
    if (line) setPaneCursor(layoutId, pane.id, { chargeLine: line.lineNumber });
  };

  if (remote.state === 'idle') return <PaneMessage>Move to a claim to compare it with its remittance.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The claim could not be loaded.</PaneMessage>;
  if (!lines) return <PaneMessage>Loading…</PaneMessage>;
  const unsettled = lines.filter((line) => line.outcome !== 'settled').length;
  const total = lines.reduce((sum, line) => sum + (side === 'billed' ? line.billed : line.payerPaid), 0);
  return (
    <>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        Claim <strong>{claimID}</strong> · {side === 'billed' ? 'billed' : 'payer paid'} <Money cents={total} />
        {unsettled > 0 && <span className="pane-summary__flag"> · {unsettled} {unsettled === 1 ? 'line' : 'lines'} not settled</span>}
      </p>
      <RowList
        label={side === 'billed' ? `Lines of claim ${claimID ?? ''} as billed` : `Lines of claim ${claimID ?? ''} as remitted`}
        columns={side === 'billed' ? BILLED_COLUMNS : REMITTED_COLUMNS}
        rows={lines}
        rowKey={(line) => line.chargeID}
        active={active}
        onActiveChange={move}
        rowClassName={(line) => `outcome--${line.outcome}`}
        empty="This claim has no charge lines."
        stale={remote.state === 'loading'}
      />
    </>
  );
}
