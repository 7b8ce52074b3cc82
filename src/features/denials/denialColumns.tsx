import type { DenialChargesReply, DenialReportReply } from '../../../contract/denials.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { lineReasons, lineText, reasonsText } from './denialText.ts';

type DeniedClaim = DenialReportReply['claims'][number];
type DeniedLine = DenialChargesReply['lines'][number];

/** The denied claims; the reasons column needs the report's CARC texts. */
export function deniedClaimColumns(reasons: DenialReportReply['reasons']): readonly RowColumn<DeniedClaim>[] {
  return [
    { id: 'claim', title: 'Claim', align: 'right', render: (claim) => claim.claimID },
    { id: 'patient', title: 'Patient', render: (claim) => claim.patientName },
    { id: 'payer', title: 'Payer', render: (claim) => claim.payerName ?? '—' },
    { id: 'dos', title: 'DOS', render: (claim) => formatDate(claim.dosFrom) },
    {
      id: 'reasons',
      title: 'Denial reasons (CARC)',
      render: (claim) => <span className="clip">{reasonsText(claim.reasonCodes, reasons)}</span>,
    },
    { id: 'denied', title: 'Denied', align: 'right', render: (claim) => <Money cents={claim.deniedCents} /> },
    { id: 'balance', title: 'Balance', align: 'right', render: (claim) => <Money cents={claim.balanceCents} /> },
  ];
}

export const DENIED_LINE_COLUMNS: readonly RowColumn<DeniedLine>[] = [
  { id: 'line', title: 'Charge', render: (line) => lineText(line) },
  { id: 'denied', title: 'Denied', align: 'right', render: (line) => <Money cents={line.deniedCents} /> },
  { id: 'reasons', title: 'Reasons', render: (line) => <span className="clip">{lineReasons(line)}</span> },
  {
    id: 'remarks',
    title: 'Remarks (RARC)',
    render: (line) => (
      <span className="clip">
        {line.remarks.map((remark) => [remark.code, remark.description].filter(Boolean).join(' ')).join('; ')}
      </span>
    ),
  },
  { id: 'posted', title: 'Posted', render: (line) => formatDate(line.denials[0]?.postingDate ?? '') },
];
