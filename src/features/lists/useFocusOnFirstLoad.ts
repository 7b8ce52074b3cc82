import { useEffect, useRef } from 'react';

/**
 * The keyboard starts in the list once its rows are there, and comes back to it when a reload
 * (another filter, a palette run) left it nowhere; otherwise it stays where the biller put it.
 */
export function useFocusOnFirstLoad(ready: boolean, focusList: () => void) {
  const firstLoad = useRef(true);
  useEffect(() => {
    if (!ready) return;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!firstLoad.current && !focusLost) return;
    firstLoad.current = false;
    focusList();
  }, [ready, focusList]);
}
