import { useCallback, useState } from 'react';
import type { ClaimSearchRow, ClaimSortColumn } from '../../contract/claims.ts';
import { ClaimsGrid } from '../../src/features/claims/ClaimsGrid.tsx';
import type { PageFetcher } from '../../src/grid/pagedSource.ts';
import type { SortState } from '../../src/grid/sortState.ts';
import { usePagedGrid } from '../../src/grid/usePagedGrid.ts';
import { syntheticClaim } from './syntheticClaims.ts';

/** The product's claims grid, paged the product's way, from an in-page source instead of the server. */
export function OursGrid({ rows }: { rows: number }) {
  const fetcher = useCallback<PageFetcher<ClaimSearchRow>>(
    (pageIndex, pageSize) => {
      const first = pageIndex * pageSize;
      const page = Array.from({ length: Math.max(0, Math.min(pageSize, rows - first)) }, (_, offset) =>
        syntheticClaim(first + offset),
      );
      return Promise.resolve({ total: rows, rows: page });
    },
    [rows],
  );
  const paged = usePagedGrid(fetcher);
  const [sort] = useState<SortState<ClaimSortColumn>>({ column: 'claimID', order: 'desc' });
  return (
    <ClaimsGrid paged={paged} sort={sort} onSort={() => undefined} onSearchKey={() => undefined} accent="#0b5cad" />
  );
}
