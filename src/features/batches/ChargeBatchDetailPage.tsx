import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ChargeBatchDetailReply } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { getChargeBatchDetail } from '../../api/batches.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import { RowList, type RowColumn } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { BATCH_DOCUMENT_COLUMNS } from './batchDocumentColumns.tsx';
import { batchIDOf, CHARGE_BATCHES_PATH } from './batchPaths.ts';
import { enteredVsExpectedText, statusText } from './batchText.ts';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

type BatchClaim = ChargeBatchDetailReply['claims'][number];

const CLAIM_COLUMNS: readonly RowColumn<BatchClaim>[] = [
  { id: 'claim', title: 'Claim', render: (claim) => claim.claimID },
  { id: 'patient', title: 'Patient', render: (claim) => <span className="clip">{claim.patientName}</span> },
  { id: 'dos', title: 'DOS', render: (claim) => formatDate(claim.dosFrom) },
  { id: 'charge', title: 'Total charge', align: 'right', render: (claim) => <Money cents={claim.totalCharge} /> },
  { id: 'balance', title: 'Balance', align: 'right', render: (claim) => <Money cents={claim.balance} /> },
];

/**
 * /app/charge-batch/<id>: a superbill run, what its claims add up to against what was expected,
 * its claims (Enter opens one) and its scanned files. Tab moves between them, Escape goes back.
 */
export function ChargeBatchDetailPage() {
  const [path] = useLocation();
  const chargeBatchID = batchIDOf(path, '/app/charge-batch');
  const read = useBatchRead(chargeBatchID === null ? null : String(chargeBatchID), 0, (signal) => getChargeBatchDetail(chargeBatchID ?? 0, { signal, silent: true }));
  const detail = read.state === 'ready' ? read.value : null;
  const [claimRow, setClaimRow] = useState(0);
  const [fileRow, setFileRow] = useState(0);
  const { root, onKeyDown } = useBatchDetailKeys(detail !== null, read.state === 'missing' || read.state === 'failed', CHARGE_BATCHES_PATH);
  const batch = detail?.batch;

  return (
    <div ref={root} className="era batch-detail" role="region" tabIndex={-1} aria-labelledby="charge-batch-title" onKeyDown={onKeyDown}>
      <div className="claim-detail__bar">
        <h1 id="charge-batch-title">Charge batch {batch?.batchNumber ?? ''}</h1>
        <span className="claim-detail__keys muted">
          <kbd>Tab</kbd> claims / files <kbd>Enter</kbd> open the claim <kbd>Esc</kbd> back
        </span>
      </div>
      {read.state === 'loading' && <p className="claim-detail__note muted">Loading the charge batch…</p>}
      {read.state === 'missing' && <p className="claim-detail__note">No charge batch with this ID. Escape goes back to the charge batches.</p>}
      {read.state === 'failed' && (
        <p className="claim-detail__note" role="alert">
          Something went wrong: the charge batch could not be loaded.
        </p>
      )}
      {detail && batch && (
        <>
          <dl className="era__stats batch-detail__header" aria-label={`Charge batch ${batch.batchNumber}`} data-testid="charge-batch-header">
            <div>
              <dt>Practice</dt>
              <dd>{batch.practiceName}</dd>
            </div>
            <div>
              <dt>Description</dt>
              <dd>{batch.description ?? '—'}</dd>
            </div>
            <div>
              <dt>Expected</dt>
              <dd>{formatCents(batch.total)}</dd>
            </div>
            <div>
              <dt>Entered</dt>
              <dd>{formatCents(batch.entered)}</dd>
            </div>
            <div>
              <dt>Entered vs expected</dt>
              <dd className={batch.total === 0 || batch.difference === 0 ? 'batch__balanced' : 'batch__off'}>{enteredVsExpectedText(batch.total, batch.entered)}</dd>
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
          <section className="claim-detail__section batch-detail__second" aria-label="Batch claims">
            <h2>
              Claims <span className="muted">{detail.claims.length.toLocaleString('en-US')}</span>
            </h2>
            <RowList
              label="Batch claims"
              columns={CLAIM_COLUMNS}
              rows={detail.claims}
              rowKey={(claim) => claim.claimID}
              active={claimRow}
              onActiveChange={setClaimRow}
              onOpen={(claim) => goTo(`/app/claim-detail/${claim.claimID}`)}
              empty="No claim was entered with this batch yet."
            />
          </section>
          <section className="claim-detail__section batch-detail__files" aria-label="Batch files">
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
