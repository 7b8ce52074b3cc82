import { RowList, type RowColumn } from '../panes/RowList.tsx';

interface BatchListSectionProps<Row> {
  /** The section's place on the screen, which sets its share of the height. */
  place: 'first' | 'second' | 'files';
  /** Names the section and its list for screen readers and tests. */
  label: string;
  title: string;
  columns: readonly RowColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  active: number;
  onActiveChange: (index: number) => void;
  onOpen?: (row: Row) => void;
  empty: string;
}

/** One list of a batch detail screen under its title and row count; Tab moves between these. */
export function BatchListSection<Row>({ place, label, title, rows, ...list }: BatchListSectionProps<Row>) {
  return (
    <section className={`claim-detail__section batch-detail__${place}`} aria-label={label}>
      <h2>
        {title} <span className="muted">{rows.length.toLocaleString('en-US')}</span>
      </h2>
      <RowList label={label} rows={rows} {...list} />
    </section>
  );
}
