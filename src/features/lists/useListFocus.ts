import { useCallback, useRef } from 'react';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { useFocusOnFirstLoad } from './useFocusOnFirstLoad.ts';

/**
 * The keyboard of a one-list screen: the list takes it once its rows are there, and again after a
 * reload or a palette run that left it nowhere. Returns the ref of the section holding the list.
 */
export function useListFocus(ready: boolean) {
  const section = useRef<HTMLElement>(null);
  const focusList = useCallback(() => section.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(), []);
  useFocusOnFirstLoad(ready, focusList);
  useFocusAfterPalette(focusList);
  return section;
}
