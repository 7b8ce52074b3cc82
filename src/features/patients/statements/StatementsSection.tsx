import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { formatCents } from '../../../../contract/money.ts';
import { jobFinished } from '../../../../contract/jobs.ts';
import type { PatientStatement, StoredStatement } from '../../../../contract/patientStatements.ts';
import { fetchStoredStatement, getPatientStatement } from '../../../api/patientStatements.ts';
import { CommandHints } from '../../../console/CommandHints.tsx';
import { runCommand } from '../../../console/registry.ts';
import { isScreenKey } from '../../../console/shortcuts.ts';
import { useRegistry } from '../../../console/useRegistry.ts';
import { downloadFile } from '../../../export/exportFile.ts';
import { useRecordsRevision } from '../../../state/useRecordsRevision.ts';
import { useStore } from '../../../state/useStore.ts';
import { ListSection } from '../../../ui/ListSection.tsx';
import { LoadNotes } from '../../../ui/LoadNotes.tsx';
import { RowList, type RowColumn } from '../../../ui/RowList.tsx';
import { outcomeText, progressText, useRun } from '../../bulk/index.ts';
import { useListRead } from '../../lists/useListRead.ts';
import { noteStatementRunEnded, statementRuns } from './statementRuns.ts';

const COLUMNS: readonly RowColumn<StoredStatement>[] = [
  { id: 'date', title: 'Statement date', render: (row) => row.statementDate },
  { id: 'due', title: 'Amount due', align: 'right', render: (row) => formatCents(row.amountDue) },
  { id: 'run', title: 'Print run', render: (row) => (row.runID === null ? '—' : String(row.runID)) },
];

/** The newest statement run started here, as its bulk job last reported it. */
function StatementRunLine() {
  const { latest } = useStore(statementRuns);
  // Read on every render: the store's snapshot follows only what the last render read.
  const keptOutcome = latest?.outcome ?? null;
  const job = useRun(latest?.jobID ?? null);
  const ended = job !== null && jobFinished(job.status) ? outcomeText(job) : null;
  // Kept for after the report is closed and the bulk runs forget the run.
  useEffect(() => {
    if (latest !== null && ended !== null) noteStatementRunEnded(latest.jobID, ended);
  }, [latest, ended]);
  if (latest === null) return null;
  const text = job === null ? (keptOutcome ?? 'Ended.') : (ended ?? `Running: ${progressText(job)}`);
  return (
    <p className="patient-statements-run" data-testid="statement-run" role="status">
      Statement run {latest.runID}: {text}
    </p>
  );
}

/**
 * The statements sent to the patient, newest first, what a statement would ask now, and the
 * progress of the statement run started last. Enter on a statement downloads its PDF, as it was
 * sent, to print again; the open-file key downloads the run's combined file once it has ended.
 */
export function StatementsSection({ patientID }: { patientID: number }) {
  const read = useCallback(
    (signal: AbortSignal): Promise<PatientStatement | null> => getPatientStatement(patientID, { signal, silent: true }),
    [patientID],
  );
  const { latest } = useStore(statementRuns);
  const runJob = useRun(latest?.jobID ?? null);
  // A run that ended may have billed this patient: read the list again then.
  const runEnded = runJob !== null && jobFinished(runJob.status) ? 1 : 0;
  const statement = useListRead(
    `${patientID}:${latest?.runID ?? 0}:${runEnded}`,
    useRecordsRevision({ claim: 'all', posting: 'all', advance: 'all', patientCoverages: [patientID] }),
    read,
  );
  const value = statement.state === 'ready' ? statement.value : null;
  const rows = value?.statements ?? null;
  const [active, setActive] = useState(0);

  const openKey = useRegistry().find((command) => command.id === 'patients.openStatementRunFile')?.screenKey;
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (openKey === undefined || !isScreenKey(openKey, event.key)) return;
      event.preventDefault();
      void runCommand('patients.openStatementRunFile', 'hotkey');
    },
    [openKey],
  );

  return (
    <ListSection
      label="Statements"
      title="Statements"
      count={rows === null ? '' : String(rows.length)}
      minHeight={Math.min(420, 250 + 30 * Math.max(rows?.length ?? 0, 1))}
      onKeyDown={onKeyDown}
    >
      <CommandHints
        hints={[
          { keys: ['↑', '↓'], label: 'statement' },
          { keys: ['Enter'], label: 'print it again' },
          { command: 'patients.openStatementRunFile', label: "open the run's file" },
        ]}
      />
      <LoadNotes
        what="the patient's statements"
        loading={statement.state === 'loading'}
        failed={statement.state === 'failed'}
      />
      {value && <p className="patient-statements-due">A statement now would ask {formatCents(value.amountDue)}.</p>}
      {value && (
        <p className="patient-statements-collections" data-testid="patient-collections">
          {value.inCollections
            ? 'In collections: statement runs skip this patient.'
            : 'Not in collections: statement runs bill this patient.'}
        </p>
      )}
      <StatementRunLine />
      {rows && (
        <RowList
          label="Statements sent"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.statementID}
          active={active}
          onActiveChange={setActive}
          onOpen={(row) => {
            void fetchStoredStatement(row.statementID).then(downloadFile);
          }}
          empty="No statement sent to this patient yet."
        />
      )}
    </ListSection>
  );
}
