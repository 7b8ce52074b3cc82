import { useCallback, useMemo, useState } from 'react';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { getPaymentLedgers } from './paneApi.ts';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { POSTING_COLUMNS } from './postingColumns.tsx';
import { reverseKey } from './reverseKey.ts';
import { RowList } from '../../ui/RowList.tsx';
import { useRemote } from './useRemote.ts';

/**
 * What was posted against the claim under the linked cursor: payments, adjustments, denials,
 * newest first. The charge rows themselves are in the Charges pane. X reverses the cursor posting.
 */
export function PostingsPane({ layoutId, pane }: PaneViewProps) {
  const claimID = useLinked(layoutId, pane, 'claim');
  // Read again when a command announces a change to this claim or to postings.
  const revision = useRecordsRevision({ claim: claimID === null ? [] : [claimID], posting: 'all' });
  const load = useCallback(
    (key: string, signal: AbortSignal) =>
      getPaymentLedgers({ claimID: Number(key.split(':')[0]) }, { signal, background: true, silent: true }),
    [],
  );
  const remote = useRemote<string, PaymentLedgersReply>(claimID === null ? null : `${claimID}:${revision}`, load);
  const [active, setActive] = useState(0);
  const reply = remote.state === 'ready' ? remote.data : remote.state === 'loading' ? remote.stale : null;
  const postings = reply?.rows.filter((row) => row.entryType !== 'charge') ?? [];
  const cursor = remote.state === 'ready' ? (postings[Math.min(active, postings.length - 1)] ?? null) : null;
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

  if (remote.state === 'idle') return <PaneMessage>Move to a claim to see its postings.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The postings could not be loaded.</PaneMessage>;
  if (!reply) return <PaneMessage>Loading postings…</PaneMessage>;
  return (
    <div className="pane-column" onKeyDown={(event) => reverseKey(event, cursor)}>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        {remote.state === 'ready' ? (
          <>
            Claim <strong>{claimID}</strong> · {postings.length} {postings.length === 1 ? 'posting' : 'postings'} · X
            reverses the cursor posting
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
        rowClassName={(row) => (row.reversedByLedgerID === null ? undefined : 'row--reversed')}
        empty="Nothing posted on this claim yet."
        stale={remote.state === 'loading'}
      />
    </div>
  );
}
