import { useCallback, useEffect, useState } from 'react';
import { addUpdateGridLayout, getGridLayout } from '../../api/gridLayout.ts';
import { ApiError } from '../../api/apiError.ts';
import { applyLayout, layoutOf } from '../../grid/columnLayout.ts';
import { notify } from '../../toasts/notify.tsx';
import { CLAIM_COLUMN_IDS, CLAIM_COLUMNS } from './claimColumns.ts';

export const ALL_CLAIMS_GRID = 'allClaims';

/** A 401 already sent the biller to sign in; a layout message on top would only confuse. */
function sessionEnded(thrown: unknown): boolean {
  return thrown instanceof ApiError && thrown.status === 401;
}

/** Column widths of the all-claims grid: loaded once, saved after each resize (SPEC point 8 wording). */
export function useClaimsLayout() {
  const [widths, setWidths] = useState(() => applyLayout(CLAIM_COLUMNS, null));

  useEffect(() => {
    let current = true;
    getGridLayout(ALL_CLAIMS_GRID, { silent: true, background: true }).then(
      (layout) => {
        if (current && layout) setWidths(applyLayout(CLAIM_COLUMNS, layout));
      },
      (thrown: unknown) => {
        if (current && !sessionEnded(thrown)) {
          notify.warning('Warning: Failed to load Grid Layout', 'Unable to retrieve Grid Layout. Default layout applied.');
        }
      },
    );
    return () => {
      current = false;
    };
  }, []);

  /** While the biller drags: redraw only. */
  const resize = useCallback((columnId: string, width: number) => {
    setWidths((previous) => ({ ...previous, [columnId]: width }));
  }, []);

  /** When the drag ends: keep the new width and save the whole layout. */
  const saveResize = useCallback(
    (columnId: string, width: number) => {
      const next = { ...widths, [columnId]: width };
      setWidths(next);
      addUpdateGridLayout(ALL_CLAIMS_GRID, layoutOf(CLAIM_COLUMN_IDS, next), { silent: true, background: true }).then(
        (reply) => notify.success(reply.message),
        (thrown: unknown) => {
          if (!sessionEnded(thrown)) notify.error('Unable to update Grid Layout.');
        },
      );
    },
    [widths],
  );

  return { widths, resize, saveResize };
}
