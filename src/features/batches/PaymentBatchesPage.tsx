import type { PaymentBatch } from '../../../contract/batches.ts';
import { getPaymentBatches } from '../../api/batches.ts';
import { runCommand } from '../../console/registry.ts';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { BATCH_PAGE_SIZE } from './batchText.ts';
import { PAYMENT_BATCH_COLUMNS } from './paymentBatchColumns.tsx';

const onBatch = (batch: PaymentBatch) => ({ paymentBatchID: String(batch.paymentBatchID) });

/**
 * /app/payment-batches: the deposits being posted, newest first, with what is still to post on
 * each. Enter opens the batch, N opens a new one, E edits the cursor batch, R reassigns it, Delete
 * deletes it (after a confirm step; only a batch nothing was posted to).
 */
export const PAYMENT_BATCHES: ListScreenDescriptor<PaymentBatch, 'paymentBatch'> = {
  title: 'Payment batches',
  listTitle: 'All batches',
  rowName: 'batch',
  columns: PAYMENT_BATCH_COLUMNS,
  rowKey: (batch) => batch.paymentBatchID,
  read: async (signal) => {
    const reply = await getPaymentBatches({ pageSize: BATCH_PAGE_SIZE }, { signal, silent: true });
    return { count: reply.count, rows: reply.batches };
  },
  // A batch created, changed or deleted, or a posting made or reversed, changes what the list shows.
  watch: { paymentBatch: 'all', posting: 'all' },
  target: {
    owner: 'paymentBatches',
    kind: 'paymentBatch',
    of: (batch) => ({ kind: 'paymentBatch', id: batch.paymentBatchID, batch, open: false }),
  },
  open: { hint: 'open it', run: () => void runCommand('batches.openPaymentBatch', 'hotkey') },
  commands: {
    add: { command: 'batches.newPaymentBatch', hint: 'new batch' },
    update: { command: 'batches.editPaymentBatch', hint: 'edit', forRow: onBatch },
    others: [
      { command: 'batches.reassignPaymentBatch', hint: 'reassign', forRow: onBatch },
      { command: 'batches.deletePaymentBatch', hint: 'delete', forRow: onBatch },
    ],
  },
  empty: 'No payment batches yet. N opens one (“New payment batch…” in the palette, Ctrl+K).',
};

export function PaymentBatchesPage() {
  return <ListScreen screen={PAYMENT_BATCHES} />;
}
