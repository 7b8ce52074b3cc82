import type { BatchCharge, BatchLedgerRow, PaymentBatch } from '../../../contract/batches.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { paymentSourceText, postingTypeText, reversalText, statusText } from './batchText.ts';

const dateOrDash = (value: string | null) => (value === null ? '—' : formatDate(value));

export const PAYMENT_BATCH_COLUMNS: readonly RowColumn<PaymentBatch>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'date', title: 'Deposit / check date', render: (batch) => dateOrDash(batch.depositDate ?? batch.checkDate) },
  {
    id: 'payer',
    title: 'Payer or source',
    render: (batch) => <span className="clip clip--narrow">{paymentSourceText(batch)}</span>,
  },
  {
    id: 'practice',
    title: 'Practice',
    render: (batch) => <span className="clip clip--narrow">{batch.practiceName}</span>,
  },
  { id: 'total', title: 'Total', align: 'right', render: (batch) => <Money cents={batch.total} /> },
  { id: 'posted', title: 'Posted', align: 'right', render: (batch) => <Money cents={batch.posted} /> },
  { id: 'unposted', title: 'Unposted', align: 'right', render: (batch) => <Money cents={batch.difference} /> },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'assignee', title: 'Assigned to', render: (batch) => <span className="clip">{batch.assignedTo ?? '—'}</span> },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

export const BATCH_CHARGE_COLUMNS: readonly RowColumn<BatchCharge>[] = [
  { id: 'claim', title: 'Claim', render: (line) => line.claimID },
  { id: 'patient', title: 'Patient', render: (line) => <span className="clip">{line.patientName}</span> },
  { id: 'cpt', title: 'CPT', render: (line) => line.cptCode },
  { id: 'dos', title: 'DOS', render: (line) => formatDate(line.dosFrom) },
  { id: 'charge', title: 'Charge', align: 'right', render: (line) => <Money cents={line.charge} /> },
  { id: 'paid', title: 'Paid by batch', align: 'right', render: (line) => <Money cents={line.paid} /> },
  { id: 'adjusted', title: 'Adjusted', align: 'right', render: (line) => <Money cents={line.adjusted} /> },
  { id: 'balance', title: 'Balance now', align: 'right', render: (line) => <Money cents={line.balance} /> },
];

/**
 * A deposit's ledger rows (the payment batch detail, the reconciliation screen). Ledger amounts are
 * from the claim's side (a payment lowers what is owed); shown as money received.
 */
export const BATCH_LEDGER_COLUMNS: readonly RowColumn<BatchLedgerRow>[] = [
  { id: 'ledger', title: 'Ledger', render: (row) => row.ledgerID },
  { id: 'date', title: 'Posting date', render: (row) => formatDate(row.postingDate) },
  { id: 'type', title: 'Type', render: (row) => postingTypeText(row.entryType) },
  { id: 'claim', title: 'Claim', render: (row) => row.claimID ?? '—' },
  { id: 'charge', title: 'Line', render: (row) => row.chargeID ?? '—' },
  { id: 'amount', title: 'Amount', align: 'right', render: (row) => <Money cents={-row.amount} /> },
  { id: 'reason', title: 'Reason', render: (row) => row.reasonCode ?? '' },
  {
    id: 'reversal',
    title: 'Reversal',
    render: (row) => <span className={row.reversedByLedgerID === null ? undefined : 'muted'}>{reversalText(row)}</span>,
  },
  { id: 'note', title: 'Note', render: (row) => <span className="clip">{row.note ?? ''}</span> },
];
