import { useCallback, useMemo, useState } from 'react';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { Money } from './Money.tsx';
import { getPaymentLedgers } from './paneApi.ts';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { PATIENT_LEDGER_COLUMNS } from './postingColumns.tsx';
import { reverseKey } from './reverseKey.ts';
import { RowList } from '../../ui/RowList.tsx';
import { useRemote } from './useRemote.ts';

/** Every ledger row of the linked patient, newest first; rows of the linked claim are marked. X reverses the cursor row. */
export function PatientLedgerPane({ layoutId, pane }: PaneViewProps) {
  const patientID = useLinked(layoutId, pane, 'patient');
  const claimID = useLinked(layoutId, pane, 'claim');
  // The patient's claims are not known here: any change to claims, postings or advances reads the ledger again.
  const revision = useRecordsRevision({ claim: 'all', posting: 'all', advance: 'all' });
  const load = useCallback(
    (key: string, signal: AbortSignal) =>
      getPaymentLedgers({ patientID: Number(key.split(':')[0]) }, { signal, background: true, silent: true }),
    [],
  );
  const remote = useRemote<string, PaymentLedgersReply>(
    patientID === null ? null : `${patientID}:${revision}`,
    load,
    0,
  );
  const [active, setActive] = useState(0);
  const reply = remote.state === 'ready' ? remote.data : remote.state === 'loading' ? remote.stale : null;
  const rows = reply?.rows ?? [];
  const cursor = remote.state === 'ready' ? (rows[Math.min(active, rows.length - 1)] ?? null) : null;
  usePublishedTarget(
    `${layoutId}:${pane.id}`,
    'posting',
    useMemo(
      () =>
        cursor === null
          ? undefined
          : {
              kind: 'posting' as const,
              id: cursor.ledgerID,
              ledger: 'claim' as const,
              claimID: cursor.claimID,
              row: cursor,
            },
      [cursor],
    ),
  );

  if (remote.state === 'idle') return <PaneMessage>Pick a patient to see their ledger.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The ledger could not be loaded.</PaneMessage>;
  if (!reply) return <PaneMessage>Loading ledger…</PaneMessage>;
  const ofClaim = claimID === null ? 0 : rows.filter((row) => row.claimID === claimID).length;
  return (
    <div className="pane-column" onKeyDown={(event) => reverseKey(event, cursor)}>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        {rows.length} rows · balance <Money cents={reply.figures.balance} />
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
        rows={rows}
        rowKey={(row) => row.ledgerID}
        active={active}
        onActiveChange={setActive}
        rowClassName={(row) =>
          [
            claimID !== null && row.claimID === claimID ? 'is-linked' : '',
            row.reversedByLedgerID === null ? '' : 'row--reversed',
          ]
            .join(' ')
            .trim() || undefined
        }
        empty="Nothing on this patient's ledger."
        stale={remote.state === 'loading'}
      />
    </div>
  );
}
