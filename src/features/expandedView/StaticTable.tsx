import type { Key } from 'react';
import type { RowColumn } from '../../ui/RowList.tsx';

interface StaticTableProps<Row> {
  label: string;
  columns: readonly RowColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  empty: string;
  testID?: string;
}

/** Every row at once, as on paper: the expanded view prints and scrolls as one page. */
export function StaticTable<Row>({ label, columns, rows, rowKey, empty, testID }: StaticTableProps<Row>) {
  if (rows.length === 0) return <p className="muted expanded__empty">{empty}</p>;
  return (
    <table className="expanded__table" aria-label={label} data-testid={testID}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} className={column.align === 'right' ? 'expanded__num' : undefined}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.id} className={column.align === 'right' ? 'expanded__num' : undefined}>
                {column.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
