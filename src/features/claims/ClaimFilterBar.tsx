import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ArSectionReply, ClaimStatusCategoriesReply } from '../../../contract/claimLists.ts';
import type { ClaimFilter } from '../../../contract/claims.ts';
import { formatCents } from '../../../contract/money.ts';
import { getAllClaimsSearchStatusCategories, getARClaimsSectionData } from '../../api/claimLists.ts';
import { formatDate } from '../../ui/format.ts';
import { agingText, filterChips, type FilterLabels } from './claimFilterChips.ts';
import { clearClaimFilters, removeClaimFilters, setClaimFilter } from './claimsGridStore.ts';
import './claimFilterBar.css';

interface ClaimFilterBarProps {
  filter: ClaimFilter;
  labels: FilterLabels;
  /** Bumped when commands changed claims: the counts are read again. */
  revision: number;
  /** The last chip went: the cursor goes back to the list. */
  onNoChipsLeft: () => void;
}

type Figures<T> = (filter: ClaimFilter, signal: AbortSignal) => Promise<T>;

const quietly = (signal: AbortSignal) => ({ signal, silent: true, background: true });
const loadCategories: Figures<ClaimStatusCategoriesReply> = (filter, signal) =>
  getAllClaimsSearchStatusCategories(filter, quietly(signal));
const loadSections: Figures<ArSectionReply> = (filter, signal) => getARClaimsSectionData(filter, quietly(signal));

/**
 * Reads the figures again whenever the filter or the claims change. The bar is a help, not the
 * list: a failure leaves the figures out rather than toasting.
 */
function useFigures<T>(load: Figures<T> | null, filter: ClaimFilter, revision: number): T | null {
  const [figures, setFigures] = useState<{ of: ClaimFilter; value: T } | null>(null);
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(filter, controller.signal).then(
      (value) => setFigures({ of: filter, value }),
      () => setFigures(null),
    );
    return () => controller.abort();
  }, [load, filter, revision]);
  // Figures of another filter are never shown, not even while the new ones load.
  return load && figures?.of === filter ? figures.value : null;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Above the claims grid: the status categories with their counts (a chip picks a category), the
 * AR aging buckets when the AR list is on, and a removable chip per active filter. Tab reaches
 * every chip; Enter, Delete or Backspace on a filter chip removes it. The palette's "Filter
 * claims…" commands do the same from anywhere.
 */
export function ClaimFilterBar({ filter, labels, revision, onNoChipsLeft }: ClaimFilterBarProps) {
  const categories = useFigures(loadCategories, filter, revision);
  const sections = useFigures(filter.ar === 'true' ? loadSections : null, filter, revision);
  const chips = filterChips(filter, labels);
  const chipList = useRef<HTMLDivElement>(null);
  const focusChip = useRef<number | null>(null);

  // After a chip goes, the cursor stays in the row: on the chip that took its place.
  useEffect(() => {
    if (focusChip.current === null) return;
    const buttons = chipList.current?.querySelectorAll<HTMLButtonElement>('.filter-chip__remove');
    const next = buttons?.[Math.min(focusChip.current, buttons.length - 1)];
    focusChip.current = null;
    if (next) next.focus();
    else onNoChipsLeft();
  });

  function remove(index: number) {
    const chip = chips[index];
    if (!chip) return;
    focusChip.current = index;
    removeClaimFilters(chip.fields);
  }

  function onChipKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    event.preventDefault();
    remove(index);
  }

  return (
    <div className="filter-bar" aria-label="Claim filters" role="group">
      {categories && (
        <div className="filter-bar__row" aria-label="Claims by status category">
          {categories.categories.map((category) => {
            const ids = category.claimStatusIDs.join(',');
            const active = filter.claimStatusIDs === ids;
            return (
              <button
                key={category.category}
                type="button"
                className="filter-bar__figure"
                aria-pressed={active}
                onClick={() =>
                  setClaimFilter(
                    { claimStatusIDs: active ? undefined : ids, claimStatusID: undefined },
                    { claimStatusIDs: category.label },
                  )
                }
              >
                {category.label} <strong>{count(category.count)}</strong>
              </button>
            );
          })}
        </div>
      )}
      {sections && (
        <div className="filter-bar__row" aria-label="Accounts receivable by age">
          {sections.buckets.map((bucket) => {
            const active = filter.agingBucket === bucket.bucket;
            return (
              <button
                key={bucket.bucket}
                type="button"
                className="filter-bar__figure"
                aria-pressed={active}
                onClick={() => setClaimFilter({ agingBucket: active ? undefined : bucket.bucket })}
              >
                {agingText(bucket.bucket)} <strong>{count(bucket.count)}</strong> {formatCents(bucket.balance)}
              </button>
            );
          })}
          <span className="filter-bar__total muted">
            AR total {formatCents(sections.total.balance)} as of {formatDate(sections.asOf)}
          </span>
        </div>
      )}
      {chips.length > 0 && (
        <div className="filter-bar__row" ref={chipList} aria-label="Active filters">
          {chips.map((chip, index) => (
            <span key={chip.key} className="filter-chip" data-testid="filter-chip">
              {chip.text}
              <button
                type="button"
                className="filter-chip__remove"
                aria-label={`Remove filter: ${chip.text}`}
                onClick={() => remove(index)}
                onKeyDown={(event) => onChipKey(event, index)}
              >
                ×
              </button>
            </span>
          ))}
          <button type="button" className="filter-bar__clear" onClick={clearClaimFilters}>
            Clear filters
          </button>
        </div>
      )}
    </div>
  );
}
