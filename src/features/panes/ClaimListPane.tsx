import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ClaimFilter, ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { getAllClaimsSearchData } from '../../api/claims.ts';
import type { PageFetcher } from '../../grid/pagedSource.ts';
import { nextSort, type SortState } from '../../grid/sortState.ts';
import { usePagedGrid } from '../../grid/usePagedGrid.ts';
import { login } from '../../state/login.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { setPaneCursor, workspace } from '../../state/workspace.ts';
import { ClaimsGrid } from '../claims/ClaimsGrid.tsx';
import { registerPaneFocus } from '../workspace/paneFocus.ts';
import { PaneMessage } from './PaneMessage.tsx';
import { useLinked, type PaneViewProps } from './paneLinks.ts';

/** glide-data-grid moves DOM focus to the cell under its cursor: `glide-cell-<col>-<row>`. */
const CELL_ID = /^glide-cell-\d+-(\d+)$/;

/**
 * The all-claims grid in a pane. The row under the grid's cursor is published as this pane's
 * claim (and patient), so linked panes follow it. With a patient link it lists that patient's
 * claims only; in a layout opened on some claims (Claim vs ERA on the claim the biller was on),
 * those claims only, until "List every claim in the Claims pane".
 */
export function ClaimListPane({ layoutId, pane }: PaneViewProps) {
  const accent = (useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL).primaryColor;
  const followsPatient = pane.links?.patient !== undefined;
  const patientID = useLinked(layoutId, pane, 'patient');
  const listed = useStore(workspace).listedClaims[layoutId];
  const claimIDs = followsPatient || listed === undefined ? undefined : listed.join(',');
  const [sort, setSort] = useState<SortState<ClaimSortColumn>>({ column: 'claimID', order: 'desc' });
  const pageLanded = useRef<(total: number) => void>(() => undefined);
  const fetcher = useCallback<PageFetcher<ClaimSearchRow>>(
    (pageIndex, pageSize, signal) =>
      getAllClaimsSearchData(
        {
          pageNumber: pageIndex + 1,
          pageSize,
          sortColumn: sort.column,
          sortOrder: sort.order,
          patientID: patientID ?? undefined,
          claimIDs,
        },
        { signal, background: true },
      ).then((reply) => {
        // After the grid's source has kept the page: the row under the cursor may be a new claim now.
        setTimeout(() => pageLanded.current(reply.total), 0);
        return reply;
      }),
    [sort, patientID, claimIDs],
  );
  // Claims changed by a command (a posting, a scrub) are read again where they are in view.
  const paged = usePagedGrid(fetcher, useRecordsRevision({ claim: 'all' }));
  // "All N matching" in this pane means this patient's claims (or the claims it lists), not every claim.
  const filter = useMemo<ClaimFilter>(
    () => ({ ...(patientID === null ? {} : { patientID }), ...(claimIDs === undefined ? {} : { claimIDs }) }),
    [patientID, claimIDs],
  );
  const { gridRef, rowAt } = paged;
  const cursorRow = useRef<number | null>(null);
  const onSort = useCallback((column: ClaimSortColumn) => setSort((current) => nextSort(current, column)), []);

  /** Publishes the claim in `row`, if that row is loaded; says whether it was. */
  const publish = useCallback(
    (row: number): boolean => {
      cursorRow.current = row;
      const claim = rowAt(row);
      if (claim) setPaneCursor(layoutId, pane.id, { claimID: claim.claimID, patientID: claim.patientID });
      return claim !== undefined;
    },
    [rowAt, layoutId, pane.id],
  );

  // A new list (first load, new sort, another patient) changes the claim under the cursor.
  useEffect(() => {
    pageLanded.current = (total) => {
      if (total === 0) setPaneCursor(layoutId, pane.id, { claimID: null });
      else if (!publish(cursorRow.current ?? 0)) publish(0);
    };
  }, [publish, layoutId, pane.id]);

  useEffect(
    () =>
      registerPaneFocus(pane.id, () => {
        if (!gridRef.current) return false;
        gridRef.current.focus();
        return true;
      }),
    [pane.id, gridRef],
  );

  const onFocusCell = (target: EventTarget) => {
    const match = target instanceof HTMLElement ? CELL_ID.exec(target.id) : null;
    if (match) publish(Number(match[1]));
  };

  if (followsPatient && patientID === null) return <PaneMessage>Pick a patient to list their claims.</PaneMessage>;
  return (
    <>
      {listed !== undefined && !followsPatient && (
        <p className="pane-summary pane-summary--wrap" data-testid={`${pane.id}-listed`}>
          {listed.length === 1 ? (
            <>
              Claim <strong>{listed[0]}</strong> only, the claim you were on
            </>
          ) : (
            <>
              The <strong>{listed.length}</strong> claims you picked
            </>
          )}{' '}
          · “List every claim in the Claims pane” (<kbd>Ctrl</kbd>+<kbd>K</kbd>) lists them all
        </p>
      )}
      <div className="pane-grid" onFocus={(event) => onFocusCell(event.target)} data-testid={`${pane.id}-grid`}>
        <ClaimsGrid
          paged={paged}
          filter={filter}
          sort={sort}
          onSort={onSort}
          onSearchKey={() => undefined}
          accent={accent}
        />
      </div>
    </>
  );
}
