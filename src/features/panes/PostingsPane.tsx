import { useCallback, useState } from 'react';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import { getPaymentLedgers } from './paneApi.ts';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { POSTING_COLUMNS } from './postingColumns.tsx';
import { RowList } from './RowList.tsx';
import { useRemote } from './useRemote.ts';

/**
 * What was posted against the claim under the linked cursor: payments, adjustments, denials,
 * newest first. The charge rows themselves are in the Charges pane. Real ERA lines join these
 * when ERA posting lands.
 */
export function PostingsPane({ layoutId, pane }: PaneViewProps) {
  const claimID = useLinked(layoutId, pane, 'claim');
  const load = useCallback((id: number, signal: AbortSignal) => getPaymentLedgers({ claimID: id }, { signal, background: true, silent: true }), []);
  const remote = useRemote<number, PaymentLedgersReply>(claimID, load);
  const [active, setActive] = useState(0);

  if (remote.state === 'idle') return <PaneMessage>Move to a claim to see its postings.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The postings could not be loaded.</PaneMessage>;
  const reply = remote.state === 'ready' ? remote.data : remote.stale;
  if (!reply) return <PaneMessage>Loading postings…</PaneMessage>;
  const postings = reply.rows.filter((row) => row.entryType !== 'charge');
  return (
    <>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        {remote.state === 'ready' ? (
          <>
            Claim <strong>{claimID}</strong> · {postings.length} {postings.length === 1 ? 'posting' : 'postings'}
          </>
        ) : (
          `Loading claim ${claimID}…`
        )}
      </p>
      <RowList
        label={`Postings of claim ${claimID ?? ''}`}
        columns={POSTING_COLUMNS}
        rows={postings}
        rowKey={(row) => row.ledgerID}
        active={active}
        onActiveChange={setActive}
        empty="Nothing posted on this claim yet."
        stale={remote.state === 'loading'}
      />
    </>
  );
}
