import type { BatchDocumentRow } from '../../../contract/batches.ts';
import { BATCH_DOCUMENT_COLUMNS } from './batchDocumentColumns.tsx';
import { BatchListSection } from './BatchListSection.tsx';

interface BatchFilesSectionProps {
  documents: readonly BatchDocumentRow[];
  active: number;
  onActiveChange: (index: number) => void;
}

/** The scanned files filed with a batch, the last list of every batch detail screen. */
export function BatchFilesSection({ documents, active, onActiveChange }: BatchFilesSectionProps) {
  return (
    <BatchListSection
      place="files"
      label="Batch files"
      title="Scanned files"
      columns={BATCH_DOCUMENT_COLUMNS}
      rows={documents}
      rowKey={(file) => file.documentID}
      active={active}
      onActiveChange={onActiveChange}
      empty="No files were filed with this batch."
    />
  );
}
