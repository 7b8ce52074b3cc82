import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { formatCents } from '../../../../contract/money.ts';
import {
  AGING_BUCKETS,
  type AgingBucket,
  type PatientFinancialsReply,
  type PatientTransaction,
  type PatientTransactionsReply,
} from '../../../../contract/patientFinancials.ts';
import { getPatientFinancials, getPatientTransactions } from '../../../api/patientFinancials.ts';
import { CLAIM_DETAIL } from '../../../routing/paths.ts';
import { useRecordsRevision } from '../../../state/useRecordsRevision.ts';
import { CommandHints } from '../../../console/CommandHints.tsx';
import { ListSection } from '../../../ui/ListSection.tsx';
import { LoadNotes } from '../../../ui/LoadNotes.tsx';
import { RowList, type RowColumn } from '../../../ui/RowList.tsx';
import { useListRead } from '../../lists/useListRead.ts';

const BUCKET_TITLES: Record<AgingBucket, string> = {
  days0to30: '0-30',
  days31to60: '31-60',
  days61to90: '61-90',
  days91to120: '91-120',
  over120: '120+',
};

const COLUMNS: readonly RowColumn<PatientTransaction>[] = [
  { id: 'posted', title: 'Posted', render: (row) => row.postingDate },
  { id: 'claim', title: 'Claim', render: (row) => (row.claimID === null ? '—' : String(row.claimID)) },
  { id: 'dos', title: 'Service', render: (row) => row.dosFrom ?? '—' },
  { id: 'what', title: 'Posting', render: (row) => row.description },
  { id: 'amount', title: 'Amount', align: 'right', render: (row) => formatCents(row.amount) },
  { id: 'balance', title: 'Balance', align: 'right', render: (row) => formatCents(row.balance) },
];

interface Money {
  financials: PatientFinancialsReply;
  transactions: PatientTransactionsReply;
}

/**
 * What the patient's ledger adds up to: who owes what (the payers, the patient, less a deposit not
 * yet applied), aged by date of service, then every posting with its running balance. Read-only:
 * it reads again when a posting on the patient is announced; Enter on a posting opens its claim.
 */
export function FinancialsSection({ patientID }: { patientID: number }) {
  const [, navigate] = useLocation();
  const read = useCallback(
    async (signal: AbortSignal): Promise<Money> => {
      const [financials, transactions] = await Promise.all([
        getPatientFinancials(patientID, { signal, silent: true }),
        getPatientTransactions(patientID, { signal, silent: true }),
      ]);
      return { financials, transactions };
    },
    [patientID],
  );
  const money = useListRead(
    String(patientID),
    useRecordsRevision({ claim: 'all', posting: 'all', advance: 'all' }),
    read,
  );
  const value = money.state === 'ready' ? money.value : null;
  const rows = value?.transactions.rows ?? null;
  const [active, setActive] = useState(0);

  return (
    <ListSection
      label="Financials"
      title="Financials"
      count={rows === null ? '' : String(rows.length)}
      minHeight={Math.min(420, 200 + 30 * Math.max(rows?.length ?? 0, 1))}
    >
      <CommandHints
        hints={[
          { keys: ['↑', '↓'], label: 'posting' },
          { keys: ['Enter'], label: 'open its claim' },
        ]}
      />
      <LoadNotes
        what="the patient's financials"
        loading={money.state === 'loading'}
        failed={money.state === 'failed'}
      />
      {value && <Balances financials={value.financials} />}
      {rows && (
        <RowList
          label="Postings"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.ledgerID}
          active={active}
          onActiveChange={setActive}
          onOpen={(row) => {
            if (row.claimID !== null) navigate(CLAIM_DETAIL.path(row.claimID));
          }}
          empty="Nothing posted on this patient yet."
        />
      )}
    </ListSection>
  );
}

function Balances({ financials }: { financials: PatientFinancialsReply }) {
  const figures: [string, number][] = [
    ['Charges', financials.totals.charges],
    ['Insurance paid', financials.totals.insurancePaid],
    ['Patient paid', financials.totals.patientPaid],
    [
      'Adjusted',
      financials.totals.contractualAdjustments + financials.totals.writeOffs + financials.totals.otherAdjustments,
    ],
    ['Insurance balance', financials.insuranceBalance],
    ['Patient balance', financials.patientBalanceDue],
    ['Unapplied credit', financials.unappliedCredit],
    ['Patient owes', financials.patientNet],
  ];
  return (
    <div className="patient-financials">
      <dl className="patient-financials-figures">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      <table className="patient-financials-aging" aria-label="Aging by date of service">
        <thead>
          <tr>
            <th scope="col">Aging</th>
            {AGING_BUCKETS.map((bucket) => (
              <th key={bucket} scope="col">
                {BUCKET_TITLES[bucket]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Insurance</th>
            {AGING_BUCKETS.map((bucket) => (
              <td key={bucket}>{formatCents(financials.insuranceAging[bucket])}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Patient</th>
            {AGING_BUCKETS.map((bucket) => (
              <td key={bucket}>{formatCents(financials.patientAging[bucket])}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
