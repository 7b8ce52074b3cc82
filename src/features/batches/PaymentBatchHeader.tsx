import type { PaymentBatch } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import { BatchFigure, BatchWorkFigures } from './BatchFigure.tsx';
import { paymentSourceText, postedVsTotalText } from './batchText.ts';

/** The batch's figures: who paid, when, the deposit total, what was posted, and whether they match. */
export function PaymentBatchHeader({ batch }: { batch: PaymentBatch }) {
  const date = batch.depositDate ?? batch.checkDate;
  return (
    <dl className="era__stats batch-detail__header" aria-label={`Payment batch ${batch.batchNumber}`} data-testid="payment-batch-header">
      <BatchFigure term="Payer or source">{paymentSourceText(batch)}</BatchFigure>
      <BatchFigure term="Check / slip">{batch.checkNumber ?? '—'}</BatchFigure>
      <BatchFigure term="Deposit date">{date === null ? '—' : formatDate(date)}</BatchFigure>
      <BatchFigure term="Total">{formatCents(batch.total)}</BatchFigure>
      <BatchFigure term="Posted">{formatCents(batch.posted)}</BatchFigure>
      <BatchFigure term="Posted vs total" className={batch.difference === 0 ? 'batch__balanced' : 'batch__off'} testID="payment-batch-balance">
        {postedVsTotalText(batch.total, batch.posted)}
      </BatchFigure>
      <BatchWorkFigures batch={batch} />
    </dl>
  );
}
