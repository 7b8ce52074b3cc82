import { useCallback, useEffect, useRef, useState } from 'react';
import type { Layout, LayoutChangedMeta } from 'react-resizable-panels';
import type { LayoutDeclaration } from '../../../layouts/types.ts';
import { currentToken } from '../../state/session.ts';
import { loadSavedSizes, SAVE_PAUSE_MS, saveSizes, sizesForLayout } from './paneSizes.ts';

export type SizesState = { ready: false } | { ready: true; defaultLayout: Layout | undefined };

/**
 * The layout's pane sizes: the user's saved ones when they fit, else the declared ones. The
 * group is drawn only once they are known (its default layout is read on mount). Changes the
 * biller makes are saved after a pause; changes the library makes itself (window resize) are not.
 */
export function usePaneSizes(layout: LayoutDeclaration): {
  sizes: SizesState;
  onLayoutChanged: (next: Layout, meta: LayoutChangedMeta) => void;
} {
  const [sizes, setSizes] = useState<{ layoutId: string; state: SizesState }>({
    layoutId: layout.id,
    state: { ready: false },
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => void) | null>(null);

  const token = currentToken();

  useEffect(() => {
    if (token === null) return;
    let current = true;
    void loadSavedSizes(token).then((saved) => {
      if (current)
        setSizes({
          layoutId: layout.id,
          state: { ready: true, defaultLayout: sizesForLayout(layout, saved[layout.id]) ?? undefined },
        });
    });
    return () => {
      current = false;
    };
  }, [layout, token]);

  // Leaving the layout (a switch, a reload) must not lose a resize made in the last moment.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
    },
    [layout],
  );

  const onLayoutChanged = useCallback(
    (next: Layout, meta: LayoutChangedMeta) => {
      if (!meta.isUserInteraction) return;
      const token = currentToken();
      if (token === null) return;
      const wanted = meta.requestedLayout ?? next;
      const rounded = Object.fromEntries(
        Object.entries(wanted).map(([id, size]) => [id, Math.round(size * 100) / 100]),
      );
      const save = () => {
        pending.current = null;
        timer.current = null;
        void saveSizes(token, layout.id, rounded).catch(() => undefined);
      };
      if (timer.current) clearTimeout(timer.current);
      pending.current = save;
      timer.current = setTimeout(save, SAVE_PAUSE_MS);
    },
    [layout.id],
  );

  if (token === null) return { sizes: { ready: true, defaultLayout: undefined }, onLayoutChanged };
  return { sizes: sizes.layoutId === layout.id ? sizes.state : { ready: false }, onLayoutChanged };
}
