import { useState } from 'react';
import { useLocation } from 'wouter';
import { getDocumentBatchDetail } from '../../api/batches.ts';
import { RowList } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { BATCH_DOCUMENT_COLUMNS } from './batchDocumentColumns.tsx';
import { batchIDOf, DOCUMENT_BATCHES_PATH } from './batchPaths.ts';
import { statusText } from './batchText.ts';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

/** /app/document-batch/<id>: a stack of scanned mail, its type and its files; Escape goes back. */
export function DocumentBatchDetailPage() {
  const [path] = useLocation();
  const documentBatchID = batchIDOf(path, '/app/document-batch');
  const read = useBatchRead(documentBatchID === null ? null : String(documentBatchID), 0, (signal) => getDocumentBatchDetail(documentBatchID ?? 0, { signal, silent: true }));
  const detail = read.state === 'ready' ? read.value : null;
  const [fileRow, setFileRow] = useState(0);
  const { root, onKeyDown } = useBatchDetailKeys(detail !== null, read.state === 'missing' || read.state === 'failed', DOCUMENT_BATCHES_PATH);
  const batch = detail?.batch;

  return (
    <div ref={root} className="era batch-detail" role="region" tabIndex={-1} aria-labelledby="document-batch-title" onKeyDown={onKeyDown}>
      <div className="claim-detail__bar">
        <h1 id="document-batch-title">Document batch {batch?.batchNumber ?? ''}</h1>
        <span className="claim-detail__keys muted">
          <kbd>↑</kbd>
          <kbd>↓</kbd> file <kbd>Esc</kbd> back
        </span>
      </div>
      {read.state === 'loading' && <p className="claim-detail__note muted">Loading the document batch…</p>}
      {read.state === 'missing' && <p className="claim-detail__note">No document batch with this ID. Escape goes back to the document batches.</p>}
      {read.state === 'failed' && (
        <p className="claim-detail__note" role="alert">
          Something went wrong: the document batch could not be loaded.
        </p>
      )}
      {detail && batch && (
        <>
          <dl className="era__stats batch-detail__header" aria-label={`Document batch ${batch.batchNumber}`}>
            <div>
              <dt>Type</dt>
              <dd>{batch.batchType}</dd>
            </div>
            <div>
              <dt>Practice</dt>
              <dd>{batch.practiceName}</dd>
            </div>
            <div>
              <dt>Description</dt>
              <dd>{batch.description ?? '—'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{statusText(batch.status)}</dd>
            </div>
            <div>
              <dt>Assigned to</dt>
              <dd>{batch.assignedTo ?? '—'}</dd>
            </div>
          </dl>
          <section className="claim-detail__section batch-detail__second" aria-label="Batch files">
            <h2>
              Scanned files <span className="muted">{detail.documents.length.toLocaleString('en-US')}</span>
            </h2>
            <RowList label="Batch files" columns={BATCH_DOCUMENT_COLUMNS} rows={detail.documents} rowKey={(file) => file.documentID} active={fileRow} onActiveChange={setFileRow} empty="No files were filed with this batch." />
          </section>
        </>
      )}
    </div>
  );
}
