import type { CellClickedEventArgs, DataEditorRef, GridKeyEventArgs, Item } from '@glideapps/glide-data-grid';
import { useCallback, useState, type RefObject } from 'react';

export interface GridContextMenuApi {
  /** Where the open menu goes (viewport position), or null when it is closed. */
  at: { x: number; y: number } | null;
  /** For the grid's onKeyDown: true when the key opened the menu (Shift+F10, ContextMenu). */
  openFromKey: (event: GridKeyEventArgs, cursor: Item | undefined) => boolean;
  /** For glide's onCellContextMenu: right-click on a row. */
  onCellContextMenu: (cell: Item, event: CellClickedEventArgs) => void;
  /** Closes the menu, giving the keyboard back to the grid unless focus went elsewhere. */
  close: (giveFocusBack: boolean) => void;
}

/** Below the cursor cell, a little in from its left edge, as the menu keys open it. */
const KEY_OFFSET_X = 12;

/**
 * Opens a grid's context menu on Shift+F10 or the ContextMenu key at the cursor cell, or on a
 * right-click at the pointer. A right-click outside the selected rows first makes the clicked row
 * the selection (`clearSelection`; glide moves the cursor there itself), as desktop lists do.
 */
export function useGridContextMenu(
  gridRef: RefObject<DataEditorRef | null>,
  isRowSelected: (row: number) => boolean,
  clearSelection: () => void,
): GridContextMenuApi {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);

  const openFromKey = useCallback(
    (event: GridKeyEventArgs, cursor: Item | undefined) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      const menuKey = event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
      if (!plain || !menuKey) return false;
      event.cancel();
      event.preventDefault();
      // Under the cursor cell; with no cursor, at the grid's top-left corner.
      const cell = cursor ? gridRef.current?.getBounds(cursor[0], cursor[1]) : undefined;
      const bounds = cell ?? gridRef.current?.getBounds();
      setAt(bounds ? { x: bounds.x + KEY_OFFSET_X, y: cell ? bounds.y + bounds.height : bounds.y } : { x: 0, y: 0 });
      return true;
    },
    [gridRef],
  );

  const onCellContextMenu = useCallback(
    (cell: Item, event: CellClickedEventArgs) => {
      event.preventDefault();
      if (!isRowSelected(cell[1])) clearSelection();
      setAt({ x: event.bounds.x + event.localEventX, y: event.bounds.y + event.localEventY });
    },
    [isRowSelected, clearSelection],
  );

  const close = useCallback(
    (giveFocusBack: boolean) => {
      setAt(null);
      if (giveFocusBack) gridRef.current?.focus();
    },
    [gridRef],
  );

  return { at, openFromKey, onCellContextMenu, close };
}
