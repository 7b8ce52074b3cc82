import type { EraProfileRow } from '../../../contract/era.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { balancedText } from './eraText.ts';

export const ERA_CHECK_COLUMNS: readonly RowColumn<EraProfileRow>[] = [
  { id: 'trace', title: 'Trace number', render: (check) => check.traceNumber },
  { id: 'payer', title: 'Payer', render: (check) => <span className="clip">{check.payerName}</span> },
  { id: 'method', title: 'Method', render: (check) => check.paymentMethod },
  {
    id: 'date',
    title: 'Check date',
    render: (check) => (check.checkDate === null ? '—' : formatDate(check.checkDate)),
  },
  { id: 'paid', title: 'Total paid', align: 'right', render: (check) => <Money cents={check.totalPaid} /> },
  { id: 'plb', title: 'Provider adj.', align: 'right', render: (check) => <Money cents={check.providerAdjustments} /> },
  { id: 'claims', title: 'Claims', align: 'right', render: (check) => check.claims.toLocaleString('en-US') },
  {
    id: 'unmatched',
    title: 'Unmatched',
    align: 'right',
    render: (check) => check.unmatchedClaims.toLocaleString('en-US'),
  },
  {
    id: 'balanced',
    title: 'Balancing',
    render: (check) => (
      <span className={check.balanced ? 'era__balanced' : 'era__unbalanced'}>{balancedText(check.balanced)}</span>
    ),
  },
  {
    id: 'status',
    title: 'Status',
    render: (check) =>
      check.status === 'posted'
        ? 'Posted'
        : check.status === 'partial'
          ? `Partly posted (${check.unpostedClaims.toLocaleString('en-US')} to link)`
          : 'Unposted',
  },
  { id: 'uploaded', title: 'Uploaded', render: (check) => formatDate(check.uploadedAt) },
  { id: 'file', title: 'File', render: (check) => <span className="clip era__file">{check.fileName}</span> },
];
