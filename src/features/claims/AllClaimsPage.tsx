import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ClaimFilter, ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { getAllClaimsSearchData } from '../../api/claims.ts';
import type { PageFetcher } from '../../grid/pagedSource.ts';
import { nextSort, type SortState } from '../../grid/sortState.ts';
import { usePagedGrid } from '../../grid/usePagedGrid.ts';
import { login } from '../../state/login.ts';
import { useStore } from '../../state/useStore.ts';
import { ClaimsGrid, MOD_KEY } from './ClaimsGrid.tsx';
import { claimsGrid } from './claimsGridStore.ts';
import { useClaimsLayout } from './useClaimsLayout.ts';
import './claims.css';

/** Wait for a pause in typing before asking the server again. */
const SEARCH_PAUSE_MS = 250;

function countText(total: number | null): string {
  if (total === null) return 'Loading…';
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'claim' : 'claims'}`;
}

/** Every claim the user's data role lets them see, searched and sorted on the server. */
export function AllClaimsPage() {
  const accent = (useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL).primaryColor;
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<ClaimSortColumn>>({ column: 'claimID', order: 'desc' });
  const searchField = useRef<HTMLInputElement>(null);
  useClaimsLayout();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const filter = useMemo<ClaimFilter>(() => (search ? { search } : {}), [search]);
  const fetcher = useCallback<PageFetcher<ClaimSearchRow>>(
    (pageIndex, pageSize, signal) =>
      getAllClaimsSearchData({ pageNumber: pageIndex + 1, pageSize, sortColumn: sort.column, sortOrder: sort.order, ...filter }, { signal, background: true }),
    [filter, sort],
  );
  const { revision } = useStore(claimsGrid);
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
    claimsGrid.sort = { ...sort };
    claimsGrid.filter = { ...filter };
    claimsGrid.total = paged.total;
  }, [sort, filter, paged.total]);

  const onSort = useCallback((column: ClaimSortColumn) => setSort((current) => nextSort(current, column)), []);
  const focusSearch = useCallback(() => searchField.current?.focus(), []);

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      gridRef.current?.focus();
    } else if (event.key === 'Escape' && draft !== '') {
      event.preventDefault();
      setDraft('');
    }
  }

  return (
    <div className="claims">
      <div className="claims__toolbar">
        <h1>All Claims</h1>
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
        <span className="claims__keys muted">
          <kbd>Space</kbd> select <kbd>{MOD_KEY}+A</kbd> all <kbd>Enter</kbd> open <kbd>{MOD_KEY}+C</kbd> copy <kbd>S</kbd> sort <kbd>/</kbd> search
        </span>
      </div>
      <ClaimsGrid paged={paged} filter={filter} sort={sort} onSort={onSort} onSearchKey={focusSearch} accent={accent} />
    </div>
  );
}
