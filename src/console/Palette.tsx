/**
 * The command palette: $mod+K or '/' opens it. It holds the 'palette' scope while open, so page
 * and grid keys below it rest, and gives focus back to where the biller was when it closes.
 */
import { useRef } from 'react';
import { useStore } from '../state/useStore.ts';
import { PaletteSearch } from './PaletteSearch.tsx';
import { PaletteSteps } from './PaletteSteps.tsx';
import { closePalette, palette } from './paletteStore.ts';
import { useFocusScope } from './useFocusScope.ts';
import { useModalFocus } from './useModalFocus.ts';

function PaletteDialog() {
  const { pending } = useStore(palette);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusScope('palette', 'Palette');
  useModalFocus(dialog);

  return (
    <div className="palette__backdrop" onMouseDown={closePalette}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-label="Command palette" className="palette" onMouseDown={(event) => event.stopPropagation()}>
        {pending ? <PaletteSteps key={pending.commandId} pending={pending} /> : <PaletteSearch />}
      </div>
    </div>
  );
}

export function Palette() {
  const { open } = useStore(palette);
  return open ? <PaletteDialog /> : null;
}
