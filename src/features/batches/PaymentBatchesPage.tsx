import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { getPaymentBatches } from '../../api/batches.ts';
import { runCommand } from '../../console/registry.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { LoadNotes } from '../lists/LoadNotes.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useListFocus } from '../lists/useListFocus.ts';
import { RowList } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { PAYMENT_BATCH_COLUMNS } from './paymentBatchColumns.tsx';
import { useBatchRead } from './useBatchRead.ts';

/** The newest batches shown at once (the server's page limit): a month of deposits of a large group. */
const PAGE_SIZE = 500;

/** Keys of the list that run the palette's batch commands on the batch under the cursor. */
const KEY_COMMANDS: Readonly<Record<string, string>> = { n: 'batches.newPaymentBatch', N: 'batches.newPaymentBatch', r: 'batches.reassignPaymentBatch', R: 'batches.reassignPaymentBatch', e: 'batches.editPaymentBatch', E: 'batches.editPaymentBatch', Delete: 'batches.deletePaymentBatch' };

/**
 * /app/payment-batches: the deposits being posted, newest first, with what is still to post on
 * each. Enter opens the batch, N opens a new one, E edits the cursor batch, R reassigns the cursor batch, Delete deletes it
 * (after a confirm step; only a batch nothing was posted to).
 */
export function PaymentBatchesPage() {
  // A batch created, changed or deleted, or a posting made or reversed, changes what the list shows.
  const revision = useRecordsRevision({ paymentBatch: 'all', posting: 'all' });
  const read = useBatchRead('all', revision, (signal) => getPaymentBatches({ pageSize: PAGE_SIZE }, { signal, silent: true }));
  const batches = read.state === 'ready' ? read.value.batches : null;
  // The cursor follows its batch across reloads; a deleted batch leaves it on the one at its place.
  const { row, current, setRow } = useCursorRow(batches, (batch) => batch.paymentBatchID);

  // The cursor batch is the commands' target; an empty list says so (null).
  usePublishedTarget(
    'paymentBatches',
    'paymentBatch',
    useMemo(() => (batches === null ? undefined : current === null ? null : { kind: 'paymentBatch' as const, id: current.paymentBatchID, batch: current, open: false }), [batches, current]),
  );

  const list = useListFocus(read.state === 'ready');

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const commandID = KEY_COMMANDS[event.key];
      if (commandID === undefined) return;
      const onBatch = commandID !== 'batches.newPaymentBatch';
      if (onBatch && current === null) return;
      event.preventDefault();
      void runCommand(commandID, 'hotkey', onBatch && current !== null ? { paymentBatchID: String(current.paymentBatchID) } : undefined);
    },
    [current],
  );

  return (
    <div className="era">
      <div className="claim-detail__bar">
        <h1>Payment batches</h1>
        <span className="claim-detail__keys muted">
          <kbd>↑</kbd>
          <kbd>↓</kbd> batch <kbd>Enter</kbd> open it <kbd>N</kbd> new batch <kbd>E</kbd> edit <kbd>R</kbd> reassign <kbd>Del</kbd> delete
        </span>
      </div>
      <section ref={list} className="claim-detail__section era__checks" aria-label="Payment batches" onKeyDown={onKeyDown}>
        <h2>
          All batches <span className="muted">{read.state === 'ready' ? read.value.count.toLocaleString('en-US') : ''}</span>
        </h2>
        <LoadNotes what="the payment batches" loading={read.state === 'loading'} failed={read.state === 'failed' || read.state === 'missing'} />
        {batches && (
          <RowList
            label="Payment batches"
            columns={PAYMENT_BATCH_COLUMNS}
            rows={batches}
            rowKey={(batch) => batch.paymentBatchID}
            active={row}
            onActiveChange={setRow}
            onOpen={() => void runCommand('batches.openPaymentBatch', 'hotkey')}
            empty="No payment batches yet. N opens one (“New payment batch…” in the palette, Ctrl+K)."
          />
        )}
      </section>
    </div>
  );
}
