import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { getAllClaimsSearchData } from '../../api/claims.ts';
import type { PageFetcher } from '../../grid/pagedSource.ts';
import { nextSort, type SortState } from '../../grid/sortState.ts';
import { usePagedGrid } from '../../grid/usePagedGrid.ts';
import { login } from '../../state/login.ts';
import { useStore } from '../../state/useStore.ts';
import { ClaimsGrid } from './ClaimsGrid.tsx';
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

  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const fetcher = useCallback<PageFetcher<ClaimSearchRow>>(
    (pageIndex, pageSize, signal) =>
      getAllClaimsSearchData(
        { pageNumber: pageIndex + 1, pageSize, sortColumn: sort.column, sortOrder: sort.order, search: search || undefined },
        { signal, background: true },
      ),
    [search, sort],
  );
  const paged = usePagedGrid(fetcher);
  const { gridRef } = paged;

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
          <kbd>/</kbd> search <kbd>S</kbd> sort by column <kbd>↑</kbd>
          <kbd>↓</kbd> move
        </span>
      </div>
      <ClaimsGrid paged={paged} sort={sort} onSort={onSort} onSearchKey={focusSearch} accent={accent} />
    </div>
  );
}
