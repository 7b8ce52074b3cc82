import { createRoot } from 'react-dom/client';
import { BareGrid } from './BareGrid.tsx';
import { OursGrid } from './OursGrid.tsx';

/** ?variant=ours|bare|bare-same-options&rows=N: one grid filling the window, for bench/grid.ts to scroll. */
const params = new URLSearchParams(window.location.search);
const rows = Number(params.get('rows') ?? 1_000_000);
const variant = params.get('variant');
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    variant === 'ours' ? (
      <OursGrid rows={rows} />
    ) : (
      <BareGrid rows={rows} sameOptions={variant === 'bare-same-options'} />
    ),
  );
