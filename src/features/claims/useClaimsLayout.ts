import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/apiError.ts';
import { addUpdateGridLayout, getGridLayout } from '../../api/gridLayout.ts';
import { layoutOf } from '../../grid/columnLayout.ts';
import { watchStore } from '../../state/store.ts';
import { notify } from '../../toasts/notify.tsx';
import { claimsGrid, restoreLayout } from './claimsGridStore.ts';

export const ALL_CLAIMS_GRID = 'allClaims';
/** Several quick changes (a column moved three places by keyboard) are saved once. */
const SAVE_PAUSE_MS = 400;

/** A 401 already sent the biller to sign in; a layout message on top would only confuse. */
function sessionEnded(thrown: unknown): boolean {
  return thrown instanceof ApiError && thrown.status === 401;
}

/**
 * The all-claims grid's column layout: loaded once when the grid appears (the default with the
 * spec's warning when that fails), saved after the biller changes it (SPEC point 8 wording).
 */
export function useClaimsLayout(): void {
  const savedEdits = useRef(claimsGrid.layoutEdits);

  useEffect(() => {
    let current = true;
    getGridLayout(ALL_CLAIMS_GRID, { silent: true, background: true }).then(
      (layout) => {
        if (current) restoreLayout(layout);
      },
      (thrown: unknown) => {
        if (!current) return;
        restoreLayout(null);
        if (!sessionEnded(thrown))
          notify.warning(
            'Warning: Failed to load Grid Layout',
            'Unable to retrieve Grid Layout. Default layout applied.',
          );
      },
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      savedEdits.current = claimsGrid.layoutEdits;
      addUpdateGridLayout(ALL_CLAIMS_GRID, layoutOf(claimsGrid.columns), { silent: true, background: true }).then(
        (reply) => notify.success(reply.message),
        (thrown: unknown) => {
          if (!sessionEnded(thrown)) notify.error('Unable to update Grid Layout.');
        },
      );
    };
    const stop = watchStore(claimsGrid, () => {
      if (claimsGrid.layoutEdits === savedEdits.current) return;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_PAUSE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
      // Leaving the screen within the pause still keeps the last change.
      if (claimsGrid.layoutEdits !== savedEdits.current) save();
    };
  }, []);
}
