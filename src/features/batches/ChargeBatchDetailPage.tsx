import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import type { ChargeBatchDetailReply } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { getChargeBatchDetail } from '../../api/batches.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';
import { BatchDetailScreen } from './BatchDetailScreen.tsx';
import { BatchWorkFigures } from './BatchWorkFigures.tsx';
import { BatchFilesSection } from './BatchFilesSection.tsx';
import { BatchListSection } from './BatchListSection.tsx';
import { CHARGE_BATCH, CHARGE_BATCHES_PATH, claimDetailPath } from '../../routing/paths.ts';
import { enteredVsExpectedText } from './batchText.ts';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

type BatchClaim = ChargeBatchDetailReply['claims'][number];

const CLAIM_COLUMNS: readonly RowColumn<BatchClaim>[] = [
  { id: 'claim', title: 'Claim', render: (claim) => claim.claimID },
  { id: 'patient', title: 'Patient', render: (claim) => <span className="clip">{claim.patientName}</span> },
  { id: 'dos', title: 'DOS', render: (claim) => formatDate(claim.dosFrom) },
  { id: 'charge', title: 'Total charge', align: 'right', render: (claim) => <Money cents={claim.totalCharge} /> },
  { id: 'balance', title: 'Balance', align: 'right', render: (claim) => <Money cents={claim.balance} /> },
];

const HINTS: readonly ScreenHint[] = [
  { keys: ['Tab'], label: 'claims / files' },
  { keys: ['Enter'], label: 'open the claim' },
  { command: 'batches.editChargeBatch', label: 'edit / close' },
  { keys: ['Esc'], label: 'back' },
];

/**
 * /app/charge-batch/<id>: a superbill run, what its claims add up to against what was expected,
 * its claims (Enter opens one) and its scanned files. Tab moves between them, Escape goes back.
 */
export function ChargeBatchDetailPage() {
  const [path] = useLocation();
  const chargeBatchID = CHARGE_BATCH.idIn(path);
  const revision = useRecordsRevision({ chargeBatch: chargeBatchID === null ? [] : [chargeBatchID], claim: 'all' });
  const read = useBatchRead(chargeBatchID === null ? null : String(chargeBatchID), revision, (signal) =>
    getChargeBatchDetail(chargeBatchID ?? 0, { signal, silent: true }),
  );
  const detail = read.state === 'ready' ? read.value : null;
  const [claimRow, setClaimRow] = useState(0);
  const [fileRow, setFileRow] = useState(0);
  const batch = detail?.batch;
  usePublishedTarget(
    'chargeBatch',
    'chargeBatch',
    useMemo(
      () =>
        batch === undefined ? undefined : { kind: 'chargeBatch' as const, id: batch.chargeBatchID, batch, open: true },
      [batch],
    ),
  );
  // E edits the batch shown ("Edit charge batch…" without picking it).
  const letters = useMemo<Readonly<Record<string, () => void>> | undefined>(
    () =>
      batch === undefined
        ? undefined
        : {
            e: () =>
              void runCommand('batches.editChargeBatch', 'hotkey', { chargeBatchID: String(batch.chargeBatchID) }),
          },
    [batch],
  );
  const { root, onKeyDown } = useBatchDetailKeys(
    detail !== null,
    read.state === 'missing' || read.state === 'failed',
    CHARGE_BATCHES_PATH,
    letters,
  );

  return (
    <BatchDetailScreen
      kind="charge"
      batchNumber={batch?.batchNumber ?? ''}
      hints={HINTS}
      state={read.state}
      root={root}
      onKeyDown={onKeyDown}
    >
      {detail && batch && (
        <>
          <Stats size="compact" label={`Charge batch ${batch.batchNumber}`} testID="charge-batch-header">
            <Figure term="Practice">{batch.practiceName}</Figure>
            <Figure term="Description">{batch.description ?? '—'}</Figure>
            <Figure term="Expected">{formatCents(batch.total)}</Figure>
            <Figure term="Entered">{formatCents(batch.entered)}</Figure>
            <Figure term="Entered vs expected" tone={batch.total === 0 || batch.difference === 0 ? 'good' : 'bad'}>
              {enteredVsExpectedText(batch.total, batch.entered)}
            </Figure>
            <BatchWorkFigures batch={batch} />
          </Stats>
          <BatchListSection
            place="second"
            label="Batch claims"
            title="Claims"
            columns={CLAIM_COLUMNS}
            rows={detail.claims}
            rowKey={(claim) => claim.claimID}
            active={claimRow}
            onActiveChange={setClaimRow}
            onOpen={(claim) => goTo(claimDetailPath(claim.claimID))}
            empty="No claim was entered with this batch yet."
          />
          <BatchFilesSection documents={detail.documents} active={fileRow} onActiveChange={setFileRow} />
        </>
      )}
    </BatchDetailScreen>
  );
}
