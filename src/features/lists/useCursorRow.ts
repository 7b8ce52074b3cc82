import { useCallback, useState } from 'react';

/**
 * The cursor of a list that reloads: it follows its row by key across reloads (a new row coming
 * in on top does not move it), and a row that went away leaves it on the one at its place.
 */
export function useCursorRow<Row>(rows: readonly Row[] | null, keyOf: (row: Row) => string | number) {
  const [cursorKey, setCursorKey] = useState<string | number | null>(null);
  const [lastRow, setLastRow] = useState(0);
  const found = rows?.findIndex((each) => keyOf(each) === cursorKey) ?? -1;
  const row = rows === null || rows.length === 0 ? 0 : found >= 0 ? found : Math.min(lastRow, rows.length - 1);
  const current = rows?.[row] ?? null;
  const setRow = useCallback(
    (next: number) => {
      setLastRow(next);
      const picked = rows?.[next];
      setCursorKey(picked === undefined ? null : keyOf(picked));
    },
    // `keyOf` only reads a row's ID; the rows say when the cursor's rows changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows],
  );
  return { row, current, setRow };
}
