import { useCallback, useState } from 'react';
import { formatCents } from '../../../../contract/money.ts';
import type { PatientStatement, StoredStatement } from '../../../../contract/patientStatements.ts';
import { fetchStoredStatement, getPatientStatement } from '../../../api/patientStatements.ts';
import { CommandHints } from '../../../console/CommandHints.tsx';
import { downloadFile } from '../../../export/exportFile.ts';
import { useRecordsRevision } from '../../../state/useRecordsRevision.ts';
import { ListSection } from '../../../ui/ListSection.tsx';
import { LoadNotes } from '../../../ui/LoadNotes.tsx';
import { RowList, type RowColumn } from '../../../ui/RowList.tsx';
import { useListRead } from '../../lists/useListRead.ts';

const COLUMNS: readonly RowColumn<StoredStatement>[] = [
  { id: 'date', title: 'Statement date', render: (row) => row.statementDate },
  { id: 'due', title: 'Amount due', align: 'right', render: (row) => formatCents(row.amountDue) },
  { id: 'run', title: 'Print run', render: (row) => (row.runID === null ? '—' : String(row.runID)) },
];

/**
 * The statements sent to the patient, newest first, and what a statement would ask now. Enter on
 * a statement downloads its PDF, as it was sent, to print again.
 */
export function StatementsSection({ patientID }: { patientID: number }) {
  const read = useCallback(
    (signal: AbortSignal): Promise<PatientStatement | null> => getPatientStatement(patientID, { signal, silent: true }),
    [patientID],
  );
  const statement = useListRead(
    String(patientID),
    useRecordsRevision({ claim: 'all', posting: 'all', advance: 'all' }),
    read,
  );
  const value = statement.state === 'ready' ? statement.value : null;
  const rows = value?.statements ?? null;
  const [active, setActive] = useState(0);

  return (
    <ListSection
      label="Statements"
      title="Statements"
      count={rows === null ? '' : String(rows.length)}
      minHeight={Math.min(300, 140 + 30 * Math.max(rows?.length ?? 0, 1))}
    >
      <CommandHints
        hints={[
          { keys: ['↑', '↓'], label: 'statement' },
          { keys: ['Enter'], label: 'print it again' },
        ]}
      />
      <LoadNotes
        what="the patient's statements"
        loading={statement.state === 'loading'}
        failed={statement.state === 'failed'}
      />
      {value && <p className="patient-statements-due">A statement now would ask {formatCents(value.amountDue)}.</p>}
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
