import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './screenKit.css';

export interface RowColumn<Row> {
  id: string;
  title: string;
  /** Money and counts read better right-aligned. */
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
}

export interface RowListProps<Row> {
  label: string;
  columns: readonly RowColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  active: number;
  onActiveChange: (index: number) => void;
  /** Enter on a row. */
  onOpen?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  empty: string;
  /** Dimmed while the next record loads. */
  stale?: boolean;
}

const PAGE_ROWS = 10;

function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'PageDown':
      return Math.min(count - 1, current + PAGE_ROWS);
    case 'PageUp':
      return Math.max(0, current - PAGE_ROWS);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A dense read-only table that takes the keyboard as a whole: arrows, Page Up/Down, Home/End move
 * the cursor row, Enter opens it. One tab stop; the cursor row is the active descendant, so a
 * screen reader follows it too.
 */
export function RowList<Row>({
  label,
  columns,
  rows,
  rowKey,
  active,
  onActiveChange,
  onOpen,
  rowClassName,
  empty,
  stale = false,
}: RowListProps<Row>) {
  const baseId = useId();
  const body = useRef<HTMLDivElement>(null);
  const cursor = rows.length === 0 ? -1 : Math.min(Math.max(active, 0), rows.length - 1);
  const rowId = (index: number) => `${baseId}-row-${index}`;

  useEffect(() => {
    if (cursor < 0) return;
    body.current?.querySelector(`[id="${CSS.escape(rowId(cursor))}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' && onOpen && cursor >= 0) {
      const row = rows[cursor];
      if (row !== undefined) {
        event.preventDefault();
        onOpen(row);
      }
      return;
    }
    const next = nextIndex(event.key, cursor, rows.length);
    if (next === null || rows.length === 0) return;
    event.preventDefault();
    if (next !== cursor) onActiveChange(next);
  }

  return (
    <div
      ref={body}
      className={stale ? 'row-list row-list--stale' : 'row-list'}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length}
      aria-activedescendant={cursor >= 0 ? rowId(cursor) : undefined}
      tabIndex={0}
      data-pane-focus
      onKeyDown={onKeyDown}
    >
      <table>
        <thead>
          <tr role="row">
            {columns.map((column) => (
              <th key={column.id} role="columnheader" className={column.align === 'right' ? 'num' : undefined}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={rowKey(row)}
              id={rowId(index)}
              role="row"
              aria-selected={index === cursor}
              className={[index === cursor ? 'is-cursor' : '', rowClassName?.(row) ?? ''].join(' ').trim() || undefined}
              onClick={() => onActiveChange(index)}
            >
              {columns.map((column) => (
                <td key={column.id} role="gridcell" className={column.align === 'right' ? 'num' : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="row-list__empty muted">{empty}</p>}
    </div>
  );
}
