import { RowList, type RowListProps } from '../panes/RowList.tsx';

interface BatchListSectionProps<Row> extends RowListProps<Row> {
  /** The section's place on the screen, which sets its share of the height. */
  place: 'first' | 'second' | 'files';
  title: string;
}

/**
 * One list of a batch detail screen under its title and row count; Tab moves between these. The
 * list's label names the section too, for screen readers and tests.
 */
export function BatchListSection<Row>({ place, title, ...list }: BatchListSectionProps<Row>) {
  return (
    <section className={`claim-detail__section batch-detail__${place}`} aria-label={list.label}>
      <h2>
        {title} <span className="muted">{list.rows.length.toLocaleString('en-US')}</span>
      </h2>
      <RowList {...list} />
    </section>
  );
}
