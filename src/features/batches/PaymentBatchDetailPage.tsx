import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { getPaymentBatchDetail, getPaymentBatchLedger, getPaymentBatchPaidCharges } from '../../api/batches.ts';
import { runCommand } from '../../console/registry.ts';
import { useStore } from '../../state/useStore.ts';
import { RowList } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { BATCH_DOCUMENT_COLUMNS } from './batchDocumentColumns.tsx';
import { batchIDOf, PAYMENT_BATCHES_PATH } from './batchPaths.ts';
import { PaymentBatchHeader } from './PaymentBatchHeader.tsx';
import { BATCH_CHARGE_COLUMNS, BATCH_LEDGER_COLUMNS } from './paymentBatchColumns.tsx';
import { paymentBatchesOnScreen, showPaymentBatch } from './paymentBatchesOnScreen.ts';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

/** Keys of the screen that run the palette's batch commands on the batch shown. */
const BATCH_KEYS: Readonly<Record<string, string>> = { r: 'batches.reassignPaymentBatch', R: 'batches.reassignPaymentBatch', Delete: 'batches.deletePaymentBatch' };

/**
 * /app/payment-batch/<id>: one deposit, whether what was posted from it matches its total, the
 * lines it paid, its ledger postings and its scanned files. Tab moves between the lists, X
 * reverses the cursor posting, R reassigns the batch, Delete deletes it, Escape goes back.
 */
export function PaymentBatchDetailPage() {
  const [path] = useLocation();
  const paymentBatchID = batchIDOf(path, '/app/payment-batch');
  const { revision } = useStore(paymentBatchesOnScreen);
  const read = useBatchRead(paymentBatchID === null ? null : String(paymentBatchID), revision, async (signal) => {
    const id = paymentBatchID ?? 0;
    const options = { signal, silent: true };
    const [paid, ledger, detail] = await Promise.all([getPaymentBatchPaidCharges(id, options), getPaymentBatchLedger(id, options), getPaymentBatchDetail(id, options)]);
    return { batch: ledger.batch, charges: paid.charges, rows: ledger.rows, documents: detail.documents };
  });
  const detail = read.state === 'ready' ? read.value : null;
  const [chargeRow, setChargeRow] = useState(0);
  const [ledgerRow, setLedgerRow] = useState(0);
  const [fileRow, setFileRow] = useState(0);
  const cursorLedger = detail?.rows[Math.min(ledgerRow, detail.rows.length - 1)] ?? null;
  const { root, onKeyDown: onScreenKeyDown } = useBatchDetailKeys(detail !== null, read.state === 'missing' || read.state === 'failed', PAYMENT_BATCHES_PATH);

  useEffect(() => showPaymentBatch(detail?.batch ?? null, cursorLedger), [detail, cursorLedger]);
  useEffect(() => () => showPaymentBatch(null, null), []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    onScreenKeyDown(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || detail === null) return;
    const batchID = String(detail.batch.paymentBatchID);
    const inLedger = event.target instanceof HTMLElement && event.target.closest('[aria-label="Ledger postings"]') !== null;
    if ((event.key === 'x' || event.key === 'X') && inLedger && cursorLedger !== null) {
      event.preventDefault();
      void runCommand('batches.reverseLedgerPosting', 'hotkey', { paymentBatchID: batchID, ledgerID: String(cursorLedger.ledgerID) });
      return;
    }
    const commandID = BATCH_KEYS[event.key];
    if (commandID === undefined) return;
    event.preventDefault();
    void runCommand(commandID, 'hotkey', { paymentBatchID: batchID });
  }

  return (
    <div ref={root} className="era batch-detail" role="region" tabIndex={-1} aria-labelledby="payment-batch-title" onKeyDown={onKeyDown}>
      <div className="claim-detail__bar">
        <h1 id="payment-batch-title">Payment batch {detail?.batch.batchNumber ?? ''}</h1>
        <span className="claim-detail__keys muted">
          <kbd>Tab</kbd> paid lines / postings / files <kbd>X</kbd> reverse posting <kbd>R</kbd> reassign <kbd>Del</kbd> delete <kbd>Esc</kbd> back
        </span>
      </div>
      {read.state === 'loading' && <p className="claim-detail__note muted">Loading the payment batch…</p>}
      {read.state === 'missing' && <p className="claim-detail__note">No payment batch with this ID. Escape goes back to the payment batches.</p>}
      {read.state === 'failed' && (
        <p className="claim-detail__note" role="alert">
          Something went wrong: the payment batch could not be loaded.
        </p>
      )}
      {detail && (
        <>
          <PaymentBatchHeader batch={detail.batch} />
          <section className="claim-detail__section batch-detail__first" aria-label="Paid lines">
            <h2>
              Lines paid by the batch <span className="muted">{detail.charges.length.toLocaleString('en-US')}</span>
            </h2>
            <RowList label="Paid lines" columns={BATCH_CHARGE_COLUMNS} rows={detail.charges} rowKey={(line) => line.chargeID} active={chargeRow} onActiveChange={setChargeRow} empty="Nothing was paid from this batch yet." />
          </section>
          <section className="claim-detail__section batch-detail__second" aria-label="Ledger postings">
            <h2>
              Ledger postings <span className="muted">{detail.rows.length.toLocaleString('en-US')}</span>
            </h2>
            <RowList label="Ledger postings" columns={BATCH_LEDGER_COLUMNS} rows={detail.rows} rowKey={(row) => row.ledgerID} active={ledgerRow} onActiveChange={setLedgerRow} empty="No ledger postings came with this batch." />
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
