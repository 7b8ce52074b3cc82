import { useCallback, useState } from 'react';
import type { ChargesReply } from '../../../contract/claimDetail.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { getChargesData } from './paneApi.ts';
import { CHARGE_COLUMNS } from './chargeColumns.tsx';
import { Money } from './Money.tsx';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';
import { RowList } from '../../ui/RowList.tsx';
import { useRemote } from './useRemote.ts';

/** The charge lines of the claim under the linked pane's cursor. */
export function ChargesPane({ layoutId, pane }: PaneViewProps) {
  const claimID = useLinked(layoutId, pane, 'claim');
  // Read again when a command announces a change to this claim, its lines or postings: its figures changed.
  const revision = useRecordsRevision({ claim: claimID === null ? [] : [claimID], chargeLine: 'all', posting: 'all' });
  const load = useCallback(
    (key: string, signal: AbortSignal) =>
      getChargesData(Number(key.split(':')[0]), { signal, background: true, silent: true }),
    [],
  );
  const remote = useRemote<string, ChargesReply>(claimID === null ? null : `${claimID}:${revision}`, load);
  const [active, setActive] = useState(0);

  if (remote.state === 'idle') return <PaneMessage>Move to a claim to see its charges.</PaneMessage>;
  if (remote.state === 'failed') return <PaneMessage>The charges could not be loaded.</PaneMessage>;
  const reply = remote.state === 'ready' ? remote.data : remote.stale;
  if (!reply) return <PaneMessage>Loading charges…</PaneMessage>;
  return (
    <>
      <p className="pane-summary" data-testid={`${pane.id}-summary`} data-state={remote.state}>
        {remote.state === 'ready' ? (
          <>
            Claim <strong>{reply.claimID}</strong> · {reply.charges.length}{' '}
            {reply.charges.length === 1 ? 'line' : 'lines'} · balance <Money cents={reply.balance} />
          </>
        ) : (
          `Loading claim ${claimID}…`
        )}
      </p>
      <RowList
        label={`Charges of claim ${reply.claimID}`}
        columns={CHARGE_COLUMNS}
        rows={reply.charges}
        rowKey={(line) => line.chargeID}
        active={active}
        onActiveChange={setActive}
        empty="This claim has no charge lines."
        stale={remote.state === 'loading'}
      />
    </>
  );
}
