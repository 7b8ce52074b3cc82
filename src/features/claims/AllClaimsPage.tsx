import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import type { PageFetcher } from '../../grid/pagedSource.ts';
import { nextSort } from '../../grid/sortState.ts';
import { usePagedGrid } from '../../grid/usePagedGrid.ts';
import { login } from '../../state/login.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { ClaimsGrid, MOD_KEY } from './ClaimsGrid.tsx';
import { ClaimFilterBar } from './ClaimFilterBar.tsx';
import { fetchClaimsPage } from './claimsPages.ts';
import { claimsGrid, setClaimFilter, setClaimSort } from './claimsGridStore.ts';
import { useClaimsLayout } from './useClaimsLayout.ts';
import { KeyHints, type KeyHint } from '../../ui/KeyHints.tsx';
import './claims.css';

/** Wait for a pause in typing before asking the server again. */
const SEARCH_PAUSE_MS = 250;

/** The keys the grid reads itself (no command of the registry: the cheat sheet lists them apart). */
const GRID_HINTS: readonly KeyHint[] = [
  { keys: ['Space'], label: 'select' },
  { keys: [`${MOD_KEY}+A`], label: 'all' },
  { keys: ['Enter'], label: 'open' },
  { keys: [`${MOD_KEY}+C`], label: 'copy' },
  { keys: ['S'], label: 'sort' },
  { keys: ['/'], label: 'search' },
];

function countText(total: number | null): string {
  if (total === null) return 'Loading…';
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'claim' : 'claims'}`;
}

/**
 * Every claim the user's data role lets them see, filtered and sorted on the server; with the AR
 * flag on, the accounts-receivable list. Filter and sort live in the grid's store, so commands
 * (filters, saved searches, exports, bulk runs) and this page always work on the same search.
 */
export function AllClaimsPage() {
  const accent = (useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL).primaryColor;
  const { filter, filterLabels, sort } = useStore(claimsGrid);
  // A command announced changed claims: the rows in view and the figures are read again.
  const revision = useRecordsRevision({ claim: 'all' });
  const [draft, setDraft] = useState(filter.search ?? '');
  // A saved search opened, or the filters cleared, brings its own search text into the box.
  const [shownSearch, setShownSearch] = useState(filter.search);
  if (shownSearch !== filter.search) {
    setShownSearch(filter.search);
    if (draft.trim() !== (filter.search ?? '')) setDraft(filter.search ?? '');
  }
  const searchField = useRef<HTMLInputElement>(null);
  useClaimsLayout();

  useEffect(() => {
    const timer = setTimeout(() => setClaimFilter({ search: draft.trim() || undefined }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const fetcher = useCallback<PageFetcher<ClaimSearchRow>>(
    (pageIndex, pageSize, signal) => fetchClaimsPage(filter, sort, pageIndex, pageSize, { signal, background: true }),
    [filter, sort],
  );
  const paged = usePagedGrid(fetcher, revision);
  const { gridRef } = paged;

  // Commands (export, column moves) read the grid through its store.
  useEffect(() => {
    claimsGrid.onScreen += 1;
    return () => {
      claimsGrid.onScreen -= 1;
    };
  }, []);
  useEffect(() => {
    claimsGrid.total = paged.total;
  }, [paged.total]);

  const onSort = useCallback((column: ClaimSortColumn) => setClaimSort(nextSort(claimsGrid.sort, column)), []);
  const focusSearch = useCallback(() => searchField.current?.focus(), []);
  const focusGrid = useCallback(() => gridRef.current?.focus(), [gridRef]);

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      gridRef.current?.focus();
    } else if (event.key === 'Escape' && draft !== '') {
      event.preventDefault();
      setDraft('');
    } else if (event.key === 'Escape') {
      // Nothing left to clear: the keyboard goes back to the grid, where the list's keys work.
      event.preventDefault();
      gridRef.current?.focus();
    }
  }

  return (
    <div className="claims">
      <div className="claims__toolbar">
        <h1>{filter.ar === 'true' ? 'Accounts Receivable' : 'All Claims'}</h1>
        <input
          ref={searchField}
          type="search"
          className="field__input claims__search"
          aria-label="Search claims by claim ID or patient name"
          placeholder="Claim ID or patient name"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
        <span className="claims__total" data-testid="claims-total" aria-live="polite">
          {countText(paged.total)}
        </span>
        <KeyHints hints={GRID_HINTS} />
      </div>
      <ClaimFilterBar filter={filter} labels={filterLabels} revision={revision} onNoChipsLeft={focusGrid} />
      <ClaimsGrid paged={paged} filter={filter} sort={sort} onSort={onSort} onSearchKey={focusSearch} accent={accent} />
    </div>
  );
}
