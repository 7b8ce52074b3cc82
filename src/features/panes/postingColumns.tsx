import type { LedgerRow } from '../../../contract/ledger.ts';
import { formatDate } from '../../ui/format.ts';
import { adjustmentCode, entryTypeText } from './billingText.ts';
import { Money } from './Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';

const posted: RowColumn<LedgerRow> = { id: 'posted', title: 'Posted', render: (row) => formatDate(row.postingDate) };
/** A reversed row says so where the biller reads its kind; its reversal follows it in the list. */
const type: RowColumn<LedgerRow> = {
  id: 'type',
  title: 'Type',
  render: (row) =>
    row.reversedByLedgerID === null ? entryTypeText(row.entryType) : `${entryTypeText(row.entryType)} (reversed)`,
};
const line: RowColumn<LedgerRow> = {
  id: 'line',
  title: 'Line',
  render: (row) => (row.chargeLine === null ? '' : `${row.chargeLine} ${row.cptCode ?? ''}`),
};
const amount: RowColumn<LedgerRow> = {
  id: 'amount',
  title: 'Amount',
  align: 'right',
  render: (row) => <Money cents={row.amount} />,
};
const code: RowColumn<LedgerRow> = {
  id: 'code',
  title: 'Code',
  render: (row) => (
    <span title={row.reasonDescription ?? undefined}>{adjustmentCode(row.groupCode, row.reasonCode)}</span>
  ),
};
const reason: RowColumn<LedgerRow> = {
  id: 'reason',
  title: 'Reason',
  render: (row) => <span className="clip">{row.reasonDescription ?? ''}</span>,
};
const from: RowColumn<LedgerRow> = {
  id: 'from',
  title: 'Payer / note',
  render: (row) => <span className="clip">{[row.payerName, row.note].filter(Boolean).join(' · ')}</span>,
};
const claim: RowColumn<LedgerRow> = { id: 'claim', title: 'Claim', align: 'right', render: (row) => row.claimID ?? '' };

/** A claim's postings (ERA and manual), as the postings pane and the claim detail list them. */
export const POSTING_COLUMNS: readonly RowColumn<LedgerRow>[] = [posted, type, line, amount, code, reason, from];

/** A patient's ledger: the same, with the claim each row belongs to. */
export const PATIENT_LEDGER_COLUMNS: readonly RowColumn<LedgerRow>[] = [
  posted,
  claim,
  type,
  line,
  amount,
  code,
  reason,
  from,
];
