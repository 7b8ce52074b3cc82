import type { PaymentBatch } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import { paymentSourceText, postedVsTotalText, statusText } from './batchText.ts';

/** The batch's figures: who paid, when, the deposit total, what was posted, and whether they match. */
export function PaymentBatchHeader({ batch }: { batch: PaymentBatch }) {
  const date = batch.depositDate ?? batch.checkDate;
  return (
    <dl className="era__stats batch-detail__header" aria-label={`Payment batch ${batch.batchNumber}`} data-testid="payment-batch-header">
      <div>
        <dt>Payer or source</dt>
        <dd>{paymentSourceText(batch)}</dd>
      </div>
      <div>
        <dt>Check / slip</dt>
        <dd>{batch.checkNumber ?? '—'}</dd>
      </div>
      <div>
        <dt>Deposit date</dt>
        <dd>{date === null ? '—' : formatDate(date)}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{formatCents(batch.total)}</dd>
      </div>
      <div>
        <dt>Posted</dt>
        <dd>{formatCents(batch.posted)}</dd>
      </div>
      <div>
        <dt>Posted vs total</dt>
        <dd className={batch.difference === 0 ? 'batch__balanced' : 'batch__off'} data-testid="payment-batch-balance">
          {postedVsTotalText(batch.total, batch.posted)}
        </dd>
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
  );
}
