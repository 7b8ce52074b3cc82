import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchesReply } from '../../../contract/batches.ts';
import { getBatches } from '../../api/batches.ts';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import { RowList, type RowColumn } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { statusText } from './batchText.ts';
import { useBatchRead } from './useBatchRead.ts';

type BatchRow = BatchesReply['batches'][number];

const COLUMNS: readonly RowColumn<BatchRow>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'practice', title: 'Practice', render: (batch) => <span className="clip">{batch.practiceName}</span> },
  { id: 'description', title: 'Description', render: (batch) => <span className="clip">{batch.description ?? ''}</span> },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

/** The newest batches shown at once (the server's page limit). */
const PAGE_SIZE = 500;

interface BatchKindListProps {
  kind: 'charge' | 'document';
  title: string;
  detailPath: (batchID: number) => string;
  empty: string;
}

/**
 * A list of the charge or the document batches of the data role, newest first; arrows move,
 * Enter opens the batch under the cursor.
 */
export function BatchKindListPage({ kind, title, detailPath, empty }: BatchKindListProps) {
  const read = useBatchRead(kind, 0, (signal) => getBatches({ kind, pageSize: PAGE_SIZE }, { signal, silent: true }));
  const batches = read.state === 'ready' ? read.value.batches : null;
  const [row, setRow] = useState(0);
  const list = useRef<HTMLElement>(null);

  const focusList = useCallback(() => list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(), []);
  useEffect(() => {
    if (read.state === 'ready') focusList();
  }, [read.state, focusList]);
  useFocusAfterPalette(focusList);

  return (
    <div className="era">
      <div className="claim-detail__bar">
        <h1>{title}</h1>
        <span className="claim-detail__keys muted">
          <kbd>↑</kbd>
          <kbd>↓</kbd> batch <kbd>Enter</kbd> open it
        </span>
      </div>
      <section ref={list} className="claim-detail__section era__checks" aria-label={title}>
        <h2>
          All batches <span className="muted">{read.state === 'ready' ? read.value.count.toLocaleString('en-US') : ''}</span>
        </h2>
        {read.state === 'loading' && <p className="claim-detail__note muted">Loading the {title.toLowerCase()}…</p>}
        {(read.state === 'failed' || read.state === 'missing') && (
          <p className="claim-detail__note" role="alert">
            Something went wrong: the {title.toLowerCase()} could not be loaded.
          </p>
        )}
        {batches && <RowList label={title} columns={COLUMNS} rows={batches} rowKey={(batch) => batch.batchID} active={row} onActiveChange={setRow} onOpen={(batch) => goTo(detailPath(batch.batchID))} empty={empty} />}
      </section>
    </div>
  );
}
