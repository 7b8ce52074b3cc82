import type { GridMouseEventArgs } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClaimHoverInfo } from '../../../contract/claimLists.ts';
import { getClaimHoverInfo } from '../../api/claimLists.ts';

/** How long the pointer rests on a claim ID before its summary is asked for. */
export const HOVER_DELAY_MS = 300;

export interface ClaimHover {
  info: ClaimHoverInfo;
  /** Viewport position under the hovered cell. */
  at: { x: number; y: number };
}

/**
 * Repository/getClaimHoverInfo for the mouse: resting on a claim ID cell for HOVER_DELAY_MS asks
 * the server for that claim's summary; moving to another cell or leaving the grid cancels the
 * wait and the call, and hides it. `claimAt` says which claim a cell shows, or null for cells
 * that are not a loaded claim ID.
 */
export function useClaimHover(claimAt: (col: number, row: number) => number | null): {
  hover: ClaimHover | null;
  onItemHovered: (args: GridMouseEventArgs) => void;
  stop: () => void;
} {
  const [hover, setHover] = useState<ClaimHover | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController; key: string } | null>(
    null,
  );

  const cancel = useCallback(() => {
    if (pending.current === null) return;
    clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  }, []);

  const stop = useCallback(() => {
    cancel();
    setHover(null);
  }, [cancel]);

  const onItemHovered = useCallback(
    (args: GridMouseEventArgs) => {
      const claimID = args.kind === 'cell' ? claimAt(args.location[0], args.location[1]) : null;
      if (args.kind !== 'cell' || claimID === null) {
        stop();
        return;
      }
      const key = `${claimID}@${args.location[1]}`;
      if (pending.current?.key === key) return;
      stop();
      const at = { x: args.bounds.x, y: args.bounds.y + args.bounds.height + 2 };
      const controller = new AbortController();
      const timer = setTimeout(() => {
        getClaimHoverInfo(claimID, { signal: controller.signal, background: true, silent: true }).then(
          (info) => {
            if (!controller.signal.aborted) setHover({ info, at });
          },
          () => undefined, // Cancelled by the pointer moving on, or the claim is out of reach: no hover.
        );
      }, HOVER_DELAY_MS);
      pending.current = { timer, controller, key };
    },
    [claimAt, stop],
  );

  useEffect(() => cancel, [cancel]);

  return { hover, onItemHovered, stop };
}
