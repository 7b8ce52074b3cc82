import { useCallback, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { PatientDocument } from '../../../../contract/patientDocuments.ts';
import { downloadPatientDocument } from '../../../../commands/patients/documents.ts';
import { getPatientDocuments } from '../../../api/patientDocuments.ts';
import { CommandHints } from '../../../console/CommandHints.tsx';
import { runCommand } from '../../../console/registry.ts';
import { isScreenKey } from '../../../console/shortcuts.ts';
import { useRegistry } from '../../../console/useRegistry.ts';
import { PATIENT_FORM } from '../../../routing/paths.ts';
import { useRecordsRevision } from '../../../state/useRecordsRevision.ts';
import { formatDate } from '../../../ui/format.ts';
import { ListSection } from '../../../ui/ListSection.tsx';
import { LoadNotes } from '../../../ui/LoadNotes.tsx';
import { RowList, type RowColumn } from '../../../ui/RowList.tsx';
import { sizeText } from '../../claimDetail/index.ts';
import { useListRead } from '../../lists/useListRead.ts';

const COLUMNS: readonly RowColumn<PatientDocument>[] = [
  { id: 'name', title: 'Name', render: (document) => <span className="clip">{document.fileName}</span> },
  {
    id: 'on',
    title: 'On',
    render: (document) => (document.claimID === null ? 'Patient' : `Claim ${document.claimID}`),
  },
  { id: 'category', title: 'Category', render: (document) => document.category ?? '' },
  { id: 'by', title: 'Uploaded by', render: (document) => document.uploadedBy ?? '' },
  { id: 'date', title: 'Uploaded on', render: (document) => formatDate(document.uploadedAt) },
  { id: 'size', title: 'Size', align: 'right', render: (document) => sizeText(document.sizeBytes) },
];

/** The patient's documents, their own and their claims'. A attaches a file to the patient, Enter downloads. */
function DocumentsSection({ patientID }: { patientID: number }) {
  const read = useCallback(
    (signal: AbortSignal) => getPatientDocuments(patientID, { signal, silent: true }),
    [patientID],
  );
  const list = useListRead(String(patientID), useRecordsRevision({ document: 'all' }), read);
  const rows = list.state === 'ready' ? list.value : null;
  const [active, setActive] = useState(0);

  // The attach command's screen key, as the biller may have rebound it.
  const attachKey = useRegistry().find((command) => command.id === 'patients.attachDocument')?.screenKey;
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (attachKey === undefined || !isScreenKey(attachKey, event.key)) return;
      event.preventDefault();
      void runCommand('patients.attachDocument', 'hotkey');
    },
    [attachKey],
  );

  return (
    <ListSection
      label="Documents"
      title="Documents"
      count={rows === null ? '' : String(rows.length)}
      minHeight={Math.min(360, 96 + 30 * Math.max(rows?.length ?? 0, 1))}
      onKeyDown={onKeyDown}
    >
      <CommandHints
        hints={[
          { keys: ['↑', '↓'], label: 'document' },
          { keys: ['Enter'], label: 'download' },
          { command: 'patients.attachDocument', label: 'attach' },
        ]}
      />
      <LoadNotes what="the documents" loading={list.state === 'loading'} failed={list.state === 'failed'} />
      {rows && (
        <RowList
          label="Patient documents"
          columns={COLUMNS}
          rows={rows}
          rowKey={(document) => document.documentID}
          active={active}
          onActiveChange={setActive}
          onOpen={(document) => void downloadPatientDocument(document, 'hotkey')}
          empty="No document yet. A attaches one (“Attach a document to the patient…” in the palette, Ctrl+K)."
        />
      )}
    </ListSection>
  );
}

/** The documents of the patient open at /app/register-patient/[patient_id]. */
export function PatientDocumentsSection() {
  const [path] = useLocation();
  const patientID = PATIENT_FORM.idIn(path);
  return patientID === null ? null : <DocumentsSection key={patientID} patientID={patientID} />;
}
