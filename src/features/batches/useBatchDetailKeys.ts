import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { goTo } from '../../routing/navigation.ts';

/** The lists of a batch detail screen: each section holds one RowList. */
const NO_LETTERS: Readonly<Record<string, () => void>> = {};

const listsOf = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLElement>('section [data-pane-focus]') ?? []),
];

/**
 * The keyboard of a batch detail screen with one or more lists: the first list takes it once the
 * batch is there (the screen itself when there is none, so Escape still works), Tab and Shift+Tab
 * move between the lists, Escape goes back to `backPath`, and a letter of `letters` (lower case)
 * runs its command on the batch shown. Returns the screen's root ref and key handler.
 */
export function useBatchDetailKeys(
  ready: boolean,
  failed: boolean,
  backPath: string,
  letters: Readonly<Record<string, () => void>> = NO_LETTERS,
) {
  const root = useRef<HTMLDivElement>(null);
  const focusFirst = useCallback(() => listsOf(root.current)[0]?.focus(), []);
  useEffect(() => {
    if (ready) focusFirst();
    else if (failed) root.current?.focus();
  }, [ready, failed, focusFirst]);
  useFocusAfterPalette(focusFirst);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        goTo(backPath);
        return;
      }
      const letter = letters[event.key.toLowerCase()];
      if (event.key.length === 1 && letter !== undefined) {
        event.preventDefault();
        letter();
        return;
      }
      const lists = listsOf(root.current);
      if (event.key !== 'Tab' || lists.length < 2) return;
      event.preventDefault();
      const at = lists.findIndex((list) => list === document.activeElement);
      const step = event.shiftKey ? lists.length - 1 : 1;
      lists[(Math.max(at, 0) + step) % lists.length]?.focus();
    },
    [backPath, letters],
  );
  return { root, onKeyDown };
}
