import { useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { getPaymentBatchDetail, getPaymentBatchLedger, getPaymentBatchPaidCharges } from '../../api/batches.ts';
import type { ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { BatchDetailScreen } from './BatchDetailScreen.tsx';
import { BatchFilesSection } from './BatchFilesSection.tsx';
import { BatchListSection } from './BatchListSection.tsx';
import { PAYMENT_BATCH, PAYMENT_BATCHES_PATH } from '../../routing/paths.ts';
import { PaymentBatchHeader } from './PaymentBatchHeader.tsx';
import { BATCH_CHARGE_COLUMNS, BATCH_LEDGER_COLUMNS } from './paymentBatchColumns.tsx';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

/** Keys of the screen that run the palette's batch commands on the batch shown. */
const BATCH_KEYS: Readonly<Record<string, string>> = {
  e: 'batches.editPaymentBatch',
  E: 'batches.editPaymentBatch',
  a: 'batches.attachBatchFile',
  A: 'batches.attachBatchFile',
  r: 'batches.reassignPaymentBatch',
  R: 'batches.reassignPaymentBatch',
  Delete: 'batches.deletePaymentBatch',
};

const HINTS: readonly ScreenHint[] = [
  { keys: ['Tab'], label: 'paid lines / postings / files' },
  { command: 'batches.reverseLedgerPosting', label: 'reverse posting' },
  { command: 'batches.editPaymentBatch', label: 'edit' },
  { command: 'batches.attachBatchFile', label: 'attach file' },
  { command: 'batches.reassignPaymentBatch', label: 'reassign' },
  { command: 'batches.deletePaymentBatch', label: 'delete' },
  { keys: ['Esc'], label: 'back' },
];

/**
 * /app/payment-batch/<id>: one deposit, whether what was posted from it matches its total, the
 * lines it paid, its ledger postings and its scanned files. Tab moves between the lists, X
 * reverses the cursor posting, E edits the batch, A attaches a file to it, R reassigns the batch, Delete deletes it, Escape goes back.
 */
export function PaymentBatchDetailPage() {
  const [path] = useLocation();
  const paymentBatchID = PAYMENT_BATCH.idIn(path);
  const revision = useRecordsRevision({
    paymentBatch: paymentBatchID === null ? [] : [paymentBatchID],
    posting: 'all',
  });
  const read = useBatchRead(paymentBatchID === null ? null : String(paymentBatchID), revision, async (signal) => {
    const id = paymentBatchID ?? 0;
    const options = { signal, silent: true };
    const [paid, ledger, detail] = await Promise.all([
      getPaymentBatchPaidCharges(id, options),
      getPaymentBatchLedger(id, options),
      getPaymentBatchDetail(id, options),
    ]);
    return { batch: ledger.batch, charges: paid.charges, rows: ledger.rows, documents: detail.documents };
  });
  const detail = read.state === 'ready' ? read.value : null;
  const [chargeRow, setChargeRow] = useState(0);
  const [ledgerRow, setLedgerRow] = useState(0);
  const [fileRow, setFileRow] = useState(0);
  const cursorLedger = detail?.rows[Math.min(ledgerRow, detail.rows.length - 1)] ?? null;
  const { root, onKeyDown: onScreenKeyDown } = useBatchDetailKeys(
    detail !== null,
    read.state === 'missing' || read.state === 'failed',
    PAYMENT_BATCHES_PATH,
  );

  // The batch shown and its ledger list's cursor posting are the commands' targets.
  const batch = detail?.batch;
  usePublishedTarget(
    'paymentBatch',
    'paymentBatch',
    useMemo(
      () =>
        batch === undefined
          ? undefined
          : { kind: 'paymentBatch' as const, id: batch.paymentBatchID, batch, open: true },
      [batch],
    ),
  );
  usePublishedTarget(
    'paymentBatch',
    'posting',
    useMemo(
      () =>
        cursorLedger === null
          ? undefined
          : {
              kind: 'posting' as const,
              id: cursorLedger.ledgerID,
              ledger: 'deposit' as const,
              claimID: cursorLedger.claimID,
              row: cursorLedger,
            },
      [cursorLedger],
    ),
  );

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    onScreenKeyDown(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || detail === null) return;
    const batchID = String(detail.batch.paymentBatchID);
    const inLedger =
      event.target instanceof HTMLElement && event.target.closest('[aria-label="Ledger postings"]') !== null;
    if ((event.key === 'x' || event.key === 'X') && inLedger && cursorLedger !== null) {
      event.preventDefault();
      void runCommand('batches.reverseLedgerPosting', 'hotkey', {
        paymentBatchID: batchID,
        ledgerID: String(cursorLedger.ledgerID),
      });
      return;
    }
    const commandID = BATCH_KEYS[event.key];
    if (commandID === undefined) return;
    event.preventDefault();
    void runCommand(commandID, 'hotkey', { paymentBatchID: batchID });
  }

  return (
    <BatchDetailScreen
      kind="payment"
      batchNumber={detail?.batch.batchNumber ?? ''}
      hints={HINTS}
      state={read.state}
      root={root}
      onKeyDown={onKeyDown}
    >
      {detail && (
        <>
          <PaymentBatchHeader batch={detail.batch} />
          <BatchListSection
            place="first"
            label="Paid lines"
            title="Lines paid by the batch"
            columns={BATCH_CHARGE_COLUMNS}
            rows={detail.charges}
            rowKey={(line) => line.chargeID}
            active={chargeRow}
            onActiveChange={setChargeRow}
            empty="Nothing was paid from this batch yet."
          />
          <BatchListSection
            place="second"
            label="Ledger postings"
            title="Ledger postings"
            columns={BATCH_LEDGER_COLUMNS}
            rows={detail.rows}
            rowKey={(row) => row.ledgerID}
            active={ledgerRow}
            onActiveChange={setLedgerRow}
            empty="No ledger postings came with this batch."
          />
          <BatchFilesSection documents={detail.documents} active={fileRow} onActiveChange={setFileRow} />
        </>
      )}
    </BatchDetailScreen>
  );
}
