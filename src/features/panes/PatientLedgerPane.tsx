import { useCallback, useState } from 'react';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import { Money } from './Money.tsx';
import { getPaymentLedgers } from './paneApi.ts';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { PATIENT_LEDGER_COLUMNS } from './postingColumns.tsx';
import { RowList } from './RowList.tsx';
import { useRemote } from './useRemote.ts';

/** Every ledger row of the linked patient, newest first; rows of the linked claim are marked. */
export function PatientLedgerPane({ layoutId, pane }: PaneViewProps) {
  const patientID = useLinked(layoutId, pane, 'patient');
  const claimID = useLinked(layoutId, pane, 'claim');
  const load = useCallback((id: number, signal: AbortSignal) => getPaymentLedgers({ patientID: id }, { signal, background: true, silent: true }), []);
  const remote = useRemote<number, PaymentLedgersReply>(patientID, load, 0);
  const [active, setActive] = useState(0);

  if (remote.state === 'idle') return <PaneMessage>Pick a patient to see their ledger.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The ledger could not be loaded.</PaneMessage>;
  const reply = remote.state === 'ready' ? remote.data : remote.stale;
  if (!reply) return <PaneMessage>Loading ledger…</PaneMessage>;
  const ofClaim = claimID === null ? 0 : reply.rows.filter((row) => row.claimID === claimID).length;
  return (
    <>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        {reply.rows.length} rows · balance <Money cents={reply.figures.balance} />
        {claimID !== null && (
          <>
            {' '}
            · <mark className="linked-mark">{ofClaim}</mark> of claim {claimID}
          </>
        )}
      </p>
      <RowList
        label="Patient ledger"
        columns={PATIENT_LEDGER_COLUMNS}
        rows={reply.rows}
        rowKey={(row) => row.ledgerID}
        active={active}
        onActiveChange={setActive}
        rowClassName={(row) => (claimID !== null && row.claimID === claimID ? 'is-linked' : undefined)}
        empty="Nothing on this patient's ledger."
        stale={remote.state === 'loading'}
      />
    </>
  );
}
