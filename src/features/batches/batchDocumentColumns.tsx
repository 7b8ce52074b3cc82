import type { BatchDocumentRow } from '../../../contract/batches.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { fileSizeText } from './batchText.ts';

/** The scanned files filed with a batch. */
export const BATCH_DOCUMENT_COLUMNS: readonly RowColumn<BatchDocumentRow>[] = [
  { id: 'file', title: 'File', render: (file) => <span className="clip">{file.fileName}</span> },
  { id: 'type', title: 'Type', render: (file) => file.mimeType },
  { id: 'size', title: 'Size', align: 'right', render: (file) => fileSizeText(file.sizeBytes) },
  { id: 'uploaded', title: 'Uploaded', render: (file) => formatDate(file.uploadedAt) },
  { id: 'active', title: 'Active', render: (file) => (file.active ? 'Yes' : 'No') },
];
