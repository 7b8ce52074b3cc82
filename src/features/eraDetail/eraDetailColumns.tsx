import { formatCents } from '../../../contract/money.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { EraClaimRow, EraDetailLine } from './eraDetailOnScreen.ts';
import {
  adjustmentHint,
  adjustmentText,
  claimPostingText,
  dateText,
  procedureText,
  remarkHint,
  UNMATCHED,
} from './eraDetailText.ts';

function Matched({ id, by }: { id: number | null; by: string | null }) {
  if (id === null) return <span className="era-detail__unmatched">{UNMATCHED}</span>;
  return <span title={by === null ? undefined : `Matched by ${by}`}>{id}</span>;
}

function Adjustments({ adjustments }: { adjustments: EraDetailLine['adjustments'] }) {
  if (adjustments.length === 0) return <span className="muted">—</span>;
  return (
    <span className="era-detail__codes">
      {adjustments.map((adjustment, index) => (
        <span
          key={index}
          className={`era-detail__adjustment era-detail__adjustment--${adjustment.treatment}`}
          title={`${adjustmentHint(adjustment)}${adjustment.quantity === null ? '' : ` (quantity ${adjustment.quantity})`} · ${TREATMENT_TEXT[adjustment.treatment]}`}
        >
          {adjustmentText(adjustment)}
        </span>
      ))}
    </span>
  );
}

function Remarks({ remarks }: { remarks: EraDetailLine['remarks'] }) {
  if (remarks.length === 0) return <span className="muted">—</span>;
  return (
    <span className="era-detail__codes">
      {remarks.map((remark) => (
        <span key={remark.code} title={remarkHint(remark)}>
          {remark.code}
        </span>
      ))}
    </span>
  );
}

/** How each adjustment posts, as the posting rules say (contract/postingRules.ts). */
const TREATMENT_TEXT: Readonly<Record<EraDetailLine['adjustments'][number]['treatment'], string>> = {
  write_off: 'posts as a write-off',
  patient: 'moves to the patient',
  informational: 'informational: no money moves',
};

export const ERA_CLAIM_COLUMNS: readonly RowColumn<EraClaimRow>[] = [
  { id: 'pcn', title: 'Patient control no.', render: ({ claim }) => claim.patientControlNumber },
  { id: 'claim', title: 'Our claim ID', render: ({ claim }) => <Matched id={claim.claimID} by={claim.matchedBy} /> },
  {
    id: 'posting',
    title: 'Posting',
    render: ({ claim }) => (
      <span className="clip" title={claim.heldReason ?? undefined}>
        {claimPostingText(claim)}
      </span>
    ),
  },
  { id: 'status', title: 'ERA status', render: ({ claim }) => <span className="clip">{claim.status}</span> },
  { id: 'patient', title: 'Patient', render: ({ claim }) => <span className="clip">{claim.patientName ?? '—'}</span> },
  { id: 'billed', title: 'Billed', align: 'right', render: ({ claim }) => <Money cents={claim.billed} /> },
  { id: 'paid', title: 'Paid', align: 'right', render: ({ claim }) => <Money cents={claim.paid} /> },
  {
    id: 'pr',
    title: 'Patient resp.',
    align: 'right',
    render: ({ claim }) => <Money cents={claim.patientResponsibility} />,
  },
  {
    id: 'interest',
    title: 'Interest',
    align: 'right',
    render: ({ claim }) => (claim.interest === 0 ? <span className="muted">—</span> : <Money cents={claim.interest} />),
  },
  { id: 'dos', title: 'DOS', render: ({ claim }) => dateText(claim.serviceDate) },
  {
    id: 'adjustments',
    title: 'Claim adjustments',
    render: ({ claim }) => <Adjustments adjustments={claim.adjustments} />,
  },
  { id: 'remarks', title: 'Remarks', render: ({ claim }) => <Remarks remarks={claim.remarks} /> },
];

export const ERA_LINE_COLUMNS: readonly RowColumn<EraDetailLine>[] = [
  { id: 'procedure', title: 'Procedure', render: (line) => procedureText(line) },
  { id: 'billed', title: 'Billed', align: 'right', render: (line) => <Money cents={line.billed} /> },
  {
    id: 'allowed',
    title: 'Allowed',
    align: 'right',
    render: (line) => (line.allowed === null ? '—' : formatCents(line.allowed)),
  },
  { id: 'paid', title: 'Paid', align: 'right', render: (line) => <Money cents={line.paid} /> },
  {
    id: 'units',
    title: 'Units',
    align: 'right',
    render: (line) => (line.units === null ? '—' : line.units.toLocaleString('en-US')),
  },
  { id: 'dos', title: 'DOS', render: (line) => dateText(line.serviceDate) },
  { id: 'adjustments', title: 'Adjustments', render: (line) => <Adjustments adjustments={line.adjustments} /> },
  { id: 'remarks', title: 'Remarks', render: (line) => <Remarks remarks={line.remarks} /> },
  { id: 'charge', title: 'Our charge ID', render: (line) => <Matched id={line.chargeID} by={line.matchedBy} /> },
];
