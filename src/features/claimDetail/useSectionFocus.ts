import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { watchStore } from '../../state/store.ts';
import { claimSections, type ClaimSection } from './claimSections.ts';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';

const listIn = (section: HTMLElement | null) => section?.querySelector<HTMLElement>('[data-pane-focus]') ?? null;

/**
 * Moves the keyboard into the section's list when its "go to" command runs; returns the ref to put
 * on the section. Asked while the section still loads, the section itself takes the keyboard and
 * hands it to the list once `ready` (what the biller asked for, a moment later). When a key of the
 * section opened the palette and the palette closes leaving the keyboard nowhere, it comes back
 * to the list, so the next key acts on the section again.
 */
export function useSectionFocus(section: ClaimSection, ready: boolean): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    let seen = claimSections.focusRequests[section];
    return watchStore(claimSections, () => {
      if (claimSections.focusRequests[section] === seen) return;
      seen = claimSections.focusRequests[section];
      (listIn(ref.current) ?? ref.current)?.focus();
      // The whole section in view, not only its first row: on a short screen it sits below the fold.
      ref.current?.scrollIntoView({ block: 'nearest' });
    });
  }, [section]);
  const focusList = useCallback(() => (listIn(ref.current) ?? ref.current)?.focus(), []);
  useFocusAfterPalette(focusList, () => {
    if (claimSections.keyedSection !== section) return false;
    claimSections.keyedSection = null;
    return true;
  });
  useEffect(() => {
    if (ready && ref.current !== null && document.activeElement === ref.current) listIn(ref.current)?.focus();
  }, [ready]);
  return ref;
}
