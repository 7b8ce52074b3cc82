import type { PaymentBatch } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { BatchWorkFigures } from './BatchWorkFigures.tsx';
import { paymentSourceText, postedVsTotalText } from './batchText.ts';

/** The batch's figures: who paid, when, the deposit total, what was posted, and whether they match. */
export function PaymentBatchHeader({ batch }: { batch: PaymentBatch }) {
  const date = batch.depositDate ?? batch.checkDate;
  return (
    <Stats size="compact" label={`Payment batch ${batch.batchNumber}`} testID="payment-batch-header">
      <Figure term="Payer or source">{paymentSourceText(batch)}</Figure>
      <Figure term="Check / slip">{batch.checkNumber ?? '—'}</Figure>
      <Figure term="Deposit date">{date === null ? '—' : formatDate(date)}</Figure>
      <Figure term="Total">{formatCents(batch.total)}</Figure>
      <Figure term="Posted">{formatCents(batch.posted)}</Figure>
      <Figure term="Posted vs total" tone={batch.difference === 0 ? 'good' : 'bad'} testID="payment-batch-balance">
        {postedVsTotalText(batch.total, batch.posted)}
      </Figure>
      <BatchWorkFigures batch={batch} />
    </Stats>
  );
}
