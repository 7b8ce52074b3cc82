import type { ListedAdvance } from '../../../contract/advancePaymentList.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { methodText, statusText } from './advanceText.ts';

/** A reversed advance stands out; a refunded one is done with. */
const STATUS_CLASSES: Readonly<Record<ListedAdvance['status'], string | undefined>> = {
  active: undefined,
  reversed: 'payments-screen__bad',
  refunded: 'muted',
};

export const ADVANCE_COLUMNS: readonly RowColumn<ListedAdvance>[] = [
  { id: 'id', title: 'Advance', align: 'right', render: (row) => `#${row.advancePaymentID}` },
  { id: 'patient', title: 'Patient', render: (row) => <span className="clip">{row.patientName}</span> },
  { id: 'account', title: 'Account', render: (row) => row.accountNumber },
  { id: 'received', title: 'Received', render: (row) => formatDate(row.receivedOn) },
  { id: 'dos', title: 'DOS', render: (row) => (row.dateOfService === null ? '—' : formatDate(row.dateOfService)) },
  { id: 'amount', title: 'Amount', align: 'right', render: (row) => <Money cents={row.amount} /> },
  { id: 'applied', title: 'Applied', align: 'right', render: (row) => <Money cents={row.applied} /> },
  { id: 'refunded', title: 'Refunded', align: 'right', render: (row) => <Money cents={row.refunded} /> },
  { id: 'unapplied', title: 'Unapplied credit', align: 'right', render: (row) => <Money cents={row.unapplied} /> },
  {
    id: 'status',
    title: 'Status',
    render: (row) => <span className={STATUS_CLASSES[row.status]}>{statusText(row)}</span>,
  },
  { id: 'method', title: 'Method / reference', render: (row) => methodText(row) },
];
