import { countRows } from '../../grid/rowSelection.ts';
import type { GridSelectionApi } from '../../grid/useGridSelection.ts';

const claims = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'claim' : 'claims'}`;

/**
 * Says what a bulk command would act on, and how to take more: after the first Mod+A, the
 * offer to select all N matching (the query, not a list of ids, then goes to the command).
 */
export function SelectionBanner({
  selection,
  total,
  modKey,
}: {
  selection: GridSelectionApi;
  total: number | null;
  modKey: string;
}) {
  const { rows, externalCount } = selection;
  let text: string | null = null;
  let offer: string | null = null;
  if (externalCount !== null) text = `${claims(externalCount)} selected from the bulk run report.`;
  else if (rows.stage === 'matching') text = `All ${claims(total ?? 0)} matching are selected.`;
  else if (rows.stage === 'loaded') {
    text = `All ${claims(countRows(rows.picked))} loaded are selected.`;
    offer = `Press ${modKey}+A again to select all ${claims(total ?? 0)} matching.`;
  } else {
    // Picked rows plus a Shift+arrow range: what a command would take now.
    const wanted = selection.commandRows();
    const count = wanted === 'all' ? (total ?? 0) : countRows(wanted);
    if (rows.picked.length > 0 || count > 1) text = `${claims(count)} selected.`;
  }
  if (text === null) return null;
  return (
    <div className="claims__selection" role="status" data-testid="selection-banner">
      <span>{text}</span>
      {offer && (
        <button type="button" className="claims__select-all" tabIndex={-1} onClick={selection.selectAll}>
          {offer}
        </button>
      )}
      <span className="muted">
        <kbd>Esc</kbd> clears
      </span>
    </div>
  );
}
