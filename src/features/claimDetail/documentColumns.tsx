import type { ClaimDocument } from '../../../contract/documents.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { sizeText, tagsText } from './documentText.ts';

/** A claim's documents: what the file is, whether it goes to the payer with the claim, who added it. */
export const DOCUMENT_COLUMNS: readonly RowColumn<ClaimDocument>[] = [
  { id: 'name', title: 'Name', render: (document) => <span className="clip">{document.fileName}</span> },
  { id: 'category', title: 'Category', render: (document) => document.category ?? '' },
  { id: 'tags', title: 'Tags', render: (document) => <span className="clip">{tagsText(document.tags)}</span> },
  {
    id: 'eAttach',
    title: 'E-attach',
    render: (document) => (document.eAttached ? <span aria-label="marked for e-attachment">✓ e-attach</span> : ''),
  },
  { id: 'by', title: 'Uploaded by', render: (document) => document.uploadedBy ?? '' },
  { id: 'on', title: 'Uploaded on', render: (document) => formatDate(document.uploadedAt) },
  { id: 'size', title: 'Size', align: 'right', render: (document) => sizeText(document.sizeBytes) },
];
