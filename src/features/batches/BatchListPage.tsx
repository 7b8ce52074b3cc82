import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { goTo } from '../../routing/navigation.ts';
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

interface BatchListProps<Row> {
  title: string;
  columns: readonly RowColumn<Row>[];
  /** Reads the batches (the newest BATCH_PAGE_SIZE) and how many there are in all. */
  read: (signal: AbortSignal) => Promise<{ count: number; rows: readonly Row[] }>;
  batchID: (row: Row) => number;
  detailPath: (batchID: number) => string;
  empty: string;
  /** Bumped when a command changed a batch: the list reads again, its cursor staying on its batch. */
  revision: number;
  /** Told the batch under the cursor (null while none is listed), so the palette's commands act on it. */
  onCursor: (current: Row | null) => void;
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
export function BatchListPage<Row>({ title, columns, read, batchID, detailPath, empty, revision, onCursor, keyCommands, keys }: BatchListProps<Row>) {
  const loaded = useBatchRead(title, revision, read);
  const rows = loaded.state === 'ready' ? loaded.value.rows : null;
  // The cursor follows its batch across reloads: a batch created on top does not move it.
  const { row, current, setRow } = useCursorRow(rows, batchID);
  const list = useRef<HTMLElement>(null);

  useEffect(() => onCursor(current), [current, onCursor]);
  useEffect(() => () => onCursor(null), [onCursor]);

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
