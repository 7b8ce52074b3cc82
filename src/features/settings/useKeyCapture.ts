import { useEffect, useRef, useState } from 'react';
import { canStartSequence, pressFromEvent } from '../../console/shortcuts.ts';

/** How long the second key of a sequence ('g c') may take, as in the dispatcher (tinykeys). */
const SEQUENCE_WAIT_MS = 1000;

export type CaptureResult = { kind: 'binding'; binding: string } | { kind: 'clear' } | { kind: 'cancel' };

/**
 * Listens for the next key combination while `active`, ahead of every other key handler (window,
 * capture phase), so no shortcut fires while the biller records one. A plain key waits a moment
 * for a second one to make a sequence. Escape cancels, Delete clears.
 */
export function useKeyCapture(active: boolean, onDone: (result: CaptureResult) => void): { firstPress: string | null } {
  const [firstPress, setFirstPress] = useState<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!active) return;
    let pending: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: CaptureResult) => {
      clearTimeout(timer);
      pending = null;
      setFirstPress(null);
      done.current(result);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (event.repeat) return;
      if (event.key === 'Escape') return finish({ kind: 'cancel' });
      if (pending === null && (event.key === 'Delete' || event.key === 'Backspace')) return finish({ kind: 'clear' });
      if (pending !== null && event.key === 'Enter') return finish({ kind: 'binding', binding: pending });
      const press = pressFromEvent(event);
      if (press === null) return;
      if (pending !== null && canStartSequence(press))
        return finish({ kind: 'binding', binding: `${pending} ${press}` });
      if (pending !== null) return finish({ kind: 'binding', binding: pending });
      if (!canStartSequence(press)) return finish({ kind: 'binding', binding: press });
      pending = press;
      setFirstPress(press);
      timer = setTimeout(() => finish({ kind: 'binding', binding: press }), SEQUENCE_WAIT_MS);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [active]);

  return { firstPress };
}
