import type { Deposit } from '../../../contract/batches.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { depositStateText } from './reconciliationText.ts';

export const DEPOSIT_COLUMNS: readonly RowColumn<Deposit>[] = [
  { id: 'kind', title: 'Kind', render: (deposit) => (deposit.kind === 'batch' ? 'Payment batch' : 'ERA check') },
  { id: 'reference', title: 'Batch / trace', render: (deposit) => deposit.reference },
  { id: 'payer', title: 'Payer', render: (deposit) => <span className="clip">{deposit.payerName ?? '—'}</span> },
  {
    id: 'date',
    title: 'Deposit date',
    render: (deposit) => (deposit.depositDate === null ? '—' : formatDate(deposit.depositDate)),
  },
  { id: 'deposited', title: 'Deposited', align: 'right', render: (deposit) => <Money cents={deposit.deposited} /> },
  { id: 'posted', title: 'Posted', align: 'right', render: (deposit) => <Money cents={deposit.posted} /> },
  {
    id: 'difference',
    title: 'Difference',
    align: 'right',
    render: (deposit) => (
      <span className={deposit.difference === 0 ? undefined : 'payments-screen__bad'}>
        {deposit.difference === 0 ? <Money cents={0} /> : <Money cents={deposit.difference} />}
      </span>
    ),
  },
  {
    id: 'state',
    title: 'Reconciled',
    render: (deposit) => (
      <span
        className={
          deposit.reconciled ? 'payments-screen__good' : deposit.difference === 0 ? undefined : 'payments-screen__bad'
        }
      >
        {depositStateText(deposit)}
      </span>
    ),
  },
];
