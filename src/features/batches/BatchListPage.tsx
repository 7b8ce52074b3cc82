import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { goTo } from '../../routing/navigation.ts';
import type { RecordsWatch } from '../../state/recordsChanged.ts';
import type { Target, TargetKind } from '../../state/target.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { LoadNotes } from '../lists/LoadNotes.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { RowList, type RowColumn } from '../panes/RowList.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import { useBatchRead } from './useBatchRead.ts';

/** The newest batches shown at once (the server's page limit). */
export const BATCH_PAGE_SIZE = 500;

interface BatchListProps<Row, K extends TargetKind> {
  title: string;
  columns: readonly RowColumn<Row>[];
  /** Reads the batches (the newest BATCH_PAGE_SIZE) and how many there are in all. */
  read: (signal: AbortSignal) => Promise<{ count: number; rows: readonly Row[] }>;
  batchID: (row: Row) => number;
  detailPath: (batchID: number) => string;
  empty: string;
  /** The change notices that have the list read again (its cursor staying on its batch). */
  watch: RecordsWatch;
  /** The batch under the cursor as the commands' target of `kind` (published as `owner`), so the palette's commands act on it. */
  cursor: { owner: string; kind: K; target: (row: Row) => Target<K> };
  /** Key (event.key) -> what it does with the cursor batch; the key hint line names them in `keys`. */
  keyCommands: Readonly<Record<string, (current: Row | null) => void>>;
  /** The key hints after the moves. */
  keys: ReactNode;
}

/**
 * A keyboard list of batches, newest first: arrows, Page Up/Down and Home/End move, Enter opens
 * the batch under the cursor. It takes the keyboard once its rows are there, and after a palette
 * run that left it nowhere.
 */
export function BatchListPage<Row, K extends TargetKind>({ title, columns, read, batchID, detailPath, empty, watch, cursor, keyCommands, keys }: BatchListProps<Row, K>) {
  const loaded = useBatchRead(title, useRecordsRevision(watch), read);
  const rows = loaded.state === 'ready' ? loaded.value.rows : null;
  // The cursor follows its batch across reloads: a batch created on top does not move it.
  const { row, current, setRow } = useCursorRow(rows, batchID);
  const list = useRef<HTMLElement>(null);

  // An empty list says so (null); a list still loading says nothing.
  const { owner, kind, target } = cursor;
  usePublishedTarget(owner, kind, useMemo(() => (rows === null ? undefined : current === null ? null : target(current)), [rows, current, target]));

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const run = keyCommands[event.key];
      if (run === undefined) return;
      event.preventDefault();
      run(current);
    },
    [keyCommands, current],
  );

  const focusList = useCallback(() => list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(), []);
  useEffect(() => {
    if (loaded.state === 'ready') focusList();
  }, [loaded.state, focusList]);
  useFocusAfterPalette(focusList);

  return (
    <div className="era">
      <div className="claim-detail__bar">
        <h1>{title}</h1>
        <span className="claim-detail__keys muted">
          <kbd>↑</kbd>
          <kbd>↓</kbd> batch <kbd>Enter</kbd> open it {keys}
        </span>
      </div>
      <section ref={list} className="claim-detail__section era__checks" aria-label={title} onKeyDown={onKeyDown}>
        <h2>
          All batches <span className="muted">{loaded.state === 'ready' ? loaded.value.count.toLocaleString('en-US') : ''}</span>
        </h2>
        <LoadNotes what={`the ${title.toLowerCase()}`} loading={loaded.state === 'loading'} failed={loaded.state === 'failed' || loaded.state === 'missing'} />
        {rows && <RowList label={title} columns={columns} rows={rows} rowKey={batchID} active={row} onActiveChange={setRow} onOpen={(batch) => goTo(detailPath(batchID(batch)))} empty={empty} />}
      </section>
    </div>
  );
}
