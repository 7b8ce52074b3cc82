import { ListSection } from '../../ui/ListSection.tsx';
import { RowList, type RowListProps } from '../../ui/RowList.tsx';

/** A list's share of the height by its place on a batch detail screen: the files least. */
const SHARES = {
  first: { grow: 1, minHeight: 100 },
  second: { grow: 1.5, minHeight: 120 },
  files: { grow: 0.6, minHeight: 90 },
} as const;

interface BatchListSectionProps<Row> extends RowListProps<Row> {
  /** The section's place on the screen, which sets its share of the height. */
  place: keyof typeof SHARES;
  title: string;
}

/**
 * One list of a batch detail screen under its title and row count; Tab moves between these. The
 * list's label names the section too, for screen readers and tests.
 */
export function BatchListSection<Row>({ place, title, ...list }: BatchListSectionProps<Row>) {
  return (
    <ListSection label={list.label} title={title} count={list.rows.length.toLocaleString('en-US')} {...SHARES[place]}>
      <RowList {...list} />
    </ListSection>
  );
}
