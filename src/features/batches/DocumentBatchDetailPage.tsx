import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { getDocumentBatchDetail } from '../../api/batches.ts';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { BatchDetailScreen } from './BatchDetailScreen.tsx';
import { BatchWorkFigures } from './BatchWorkFigures.tsx';
import { BatchFilesSection } from './BatchFilesSection.tsx';
import { DOCUMENT_BATCH, DOCUMENT_BATCHES_PATH } from '../../routing/paths.ts';
import { useBatchDetailKeys } from './useBatchDetailKeys.ts';
import { useBatchRead } from './useBatchRead.ts';

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'file' },
  { command: 'batches.editDocumentBatch', label: 'edit / close' },
  { keys: ['Esc'], label: 'back' },
];

/** /app/document-batch/<id>: a stack of scanned mail, its type and its files; Escape goes back. */
export function DocumentBatchDetailPage() {
  const [path] = useLocation();
  const documentBatchID = DOCUMENT_BATCH.idIn(path);
  const revision = useRecordsRevision({ documentBatch: documentBatchID === null ? [] : [documentBatchID] });
  const read = useBatchRead(documentBatchID === null ? null : String(documentBatchID), revision, (signal) =>
    getDocumentBatchDetail(documentBatchID ?? 0, { signal, silent: true }),
  );
  const detail = read.state === 'ready' ? read.value : null;
  const [fileRow, setFileRow] = useState(0);
  const batch = detail?.batch;
  usePublishedTarget(
    'documentBatch',
    'documentBatch',
    useMemo(
      () =>
        batch === undefined
          ? undefined
          : {
              kind: 'documentBatch' as const,
              id: batch.documentBatchID,
              batchNumber: batch.batchNumber,
              status: batch.status,
              description: batch.description,
              open: true,
            },
      [batch],
    ),
  );
  // E edits the batch shown ("Edit document batch…" without picking it).
  const letters = useMemo<Readonly<Record<string, () => void>> | undefined>(
    () =>
      batch === undefined
        ? undefined
        : {
            e: () =>
              void runCommand('batches.editDocumentBatch', 'hotkey', {
                documentBatchID: String(batch.documentBatchID),
              }),
          },
    [batch],
  );
  const { root, onKeyDown } = useBatchDetailKeys(
    detail !== null,
    read.state === 'missing' || read.state === 'failed',
    DOCUMENT_BATCHES_PATH,
    letters,
  );

  return (
    <BatchDetailScreen
      kind="document"
      batchNumber={batch?.batchNumber ?? ''}
      hints={HINTS}
      state={read.state}
      root={root}
      onKeyDown={onKeyDown}
    >
      {detail && batch && (
        <>
          <Stats size="compact" label={`Document batch ${batch.batchNumber}`}>
            <Figure term="Type">{batch.batchType}</Figure>
            <Figure term="Practice">{batch.practiceName}</Figure>
            <Figure term="Description">{batch.description ?? '—'}</Figure>
            <BatchWorkFigures batch={batch} />
          </Stats>
          <BatchFilesSection documents={detail.documents} active={fileRow} onActiveChange={setFileRow} />
        </>
      )}
    </BatchDetailScreen>
  );
}
