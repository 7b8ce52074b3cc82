import toast from 'react-hot-toast';
import { ToastCard } from './ToastCard.tsx';
import { toastLifetimeMs, type ToastType } from './toastLifetime.ts';
import { chooseCorner, keepClearBoxes, type Size, type ToastCorner } from './toastPlacement.ts';
import { admitToast, EMPTY_STACK, releaseToast, type StackChange, type StackState } from './toastStack.ts';

/** The toast of SPEC point 3. */
export interface ToastRequest {
  text: string;
  detail?: string;
  toastType: ToastType;
  onClose?: () => void;
  /** Same id = the toast is replaced, not stacked (a failing call retried shows once). */
  id?: string;
}

interface LiveToast {
  request: ToastRequest & { id: string };
  /** Ms left before it closes itself (Infinity: until closed); counted from `since` while not paused. */
  left: number;
  since: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Pointer over it, or the keyboard in it: it does not close itself meanwhile. */
  holds: Set<'pointer' | 'keyboard'>;
}

const live = new Map<string, LiveToast>();
let stack: StackState = EMPTY_STACK;
let corner: ToastCorner = 'bottom-left';
let nextId = 0;
/** Where the keyboard was before it went into the toasts; it goes back there when they let go. */
let returnTo: HTMLElement | null = null;

const toastElement = (id: string) =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLElement>(`[data-toast-id="${CSS.escape(id)}"]`);

function startTimer(entry: LiveToast): void {
  clearTimeout(entry.timer);
  entry.timer = undefined;
  entry.since = Date.now();
  if (entry.left === Infinity || entry.holds.size > 0) return;
  entry.timer = setTimeout(() => closeToast(entry.request.id), entry.left);
}

function draw(entry: LiveToast): void {
  const { id, text, detail, toastType } = entry.request;
  toast.custom(
    (shown) => (
      <ToastCard
        id={id}
        text={text}
        detail={detail}
        toastType={toastType}
        visible={shown.visible}
        onClose={() => {
          closeToast(id);
          entry.request.onClose?.();
        }}
        onHold={(reason, held) => holdToast(id, reason, held)}
        onKeyboardIn={keyboardCameFrom}
      />
    ),
    { id, duration: Infinity, position: corner },
  );
}

function apply(change: StackChange): void {
  stack = change.state;
  for (const id of change.close) closeToast(id);
  for (const id of change.show) {
    const entry = live.get(id);
    if (!entry) continue;
    draw(entry);
    startTimer(entry);
  }
  if (change.show.length > 0) schedulePlacement();
}

/** The keyboard left the toasts: back to where it was, else left where it is. */
function giveKeyboardBack(): void {
  const target = returnTo;
  returnTo = null;
  if (target?.isConnected && !target.closest('[data-toast-id]')) target.focus({ preventScroll: true });
}

function closeToast(id: string): void {
  const entry = live.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  live.delete(id);
  // A toast that goes while the keyboard is in it hands it back first: it fades out for a moment,
  // and its buttons must not keep the focus meanwhile.
  const element = toastElement(id);
  const hadKeyboard = element !== null && element.contains(document.activeElement);
  toast.dismiss(id);
  apply(releaseToast(stack, id));
  if (hadKeyboard) giveKeyboardBack();
  if (live.size === 0) stopWatching();
}

function holdToast(id: string, reason: 'pointer' | 'keyboard', held: boolean): void {
  const entry = live.get(id);
  if (!entry) return;
  if (held && entry.holds.size === 0 && entry.timer !== undefined) {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.left = Math.max(0, entry.left - (Date.now() - entry.since));
  }
  if (held) entry.holds.add(reason);
  else entry.holds.delete(reason);
  // Let go: at least a second more to finish reading.
  if (!held && entry.holds.size === 0) {
    entry.left = Math.max(entry.left, 1000);
    startTimer(entry);
  }
}

/** The keyboard came into a toast from `from`: kept, unless it came from another toast. */
function keyboardCameFrom(from: Element | null): void {
  if (from instanceof HTMLElement && !from.closest('[data-toast-id]') && from !== document.body) returnTo = from;
}

function stackSize(): Size {
  const cards = [...live.keys()].map(toastElement).filter((element): element is HTMLElement => element !== null);
  if (cards.length === 0) return { width: 360, height: 64 * live.size };
  const boxes = cards.map((card) => card.getBoundingClientRect());
  return {
    width: Math.max(...boxes.map((box) => box.width)),
    height: boxes.reduce((sum, box) => sum + box.height + 8, 0),
  };
}

/** Moves the toasts off the row or field the biller works on, or back to their corner. */
function place(): void {
  if (live.size === 0 || typeof window === 'undefined') return;
  const next = chooseCorner(stackSize(), { width: window.innerWidth, height: window.innerHeight }, keepClearBoxes());
  if (next === corner) return;
  corner = next;
  for (const entry of stack.shown) {
    const shown = live.get(entry.id);
    if (shown) draw(shown);
  }
}

let frame: number | null = null;
function schedulePlacement(): void {
  if (typeof window === 'undefined') return;
  startWatching();
  if (frame !== null) return;
  frame = requestAnimationFrame(() => {
    frame = null;
    place();
  });
}

let watching = false;
function startWatching(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('focusin', schedulePlacement);
  document.addEventListener('keyup', schedulePlacement, true);
  window.addEventListener('resize', schedulePlacement);
}

function stopWatching(): void {
  if (!watching) return;
  watching = false;
  document.removeEventListener('focusin', schedulePlacement);
  document.removeEventListener('keyup', schedulePlacement, true);
  window.removeEventListener('resize', schedulePlacement);
}

export function showToast(request: ToastRequest): string {
  const id = request.id ?? `toast-${(nextId += 1)}`;
  const previous = live.get(id);
  if (previous) clearTimeout(previous.timer);
  live.set(id, {
    request: { ...request, id },
    left: toastLifetimeMs(request.toastType, request.detail !== undefined),
    since: Date.now(),
    timer: undefined,
    holds: previous?.holds ?? new Set(),
  });
  apply(admitToast(stack, { id, type: request.toastType }));
  return id;
}

export const notify = {
  /** A routine success: one line, closes itself. */
  success: (text: string) => showToast({ text, toastType: 'success' }),
  /** A success whose detail is worth reading (what a posting or a submission did): stays until Dismiss. */
  successWithDetail: (text: string, detail: string) => showToast({ text, detail, toastType: 'success' }),
  error: (text: string, detail?: string) => showToast({ text, detail, toastType: 'error' }),
  warning: (text: string, detail?: string) => showToast({ text, detail, toastType: 'warning' }),
  info: (text: string, detail?: string) => showToast({ text, detail, toastType: 'info' }),
};

/**
 * Puts the keyboard on the newest toast's button (the Dismiss, else its close button), remembering
 * where it was; false when no toast is shown. Escape or Dismiss gives the keyboard back there.
 */
export function focusNewestToast(): boolean {
  const newest = stack.shown.at(-1);
  const element = newest === undefined ? null : toastElement(newest.id);
  const button =
    element?.querySelector<HTMLElement>('.toast__dismiss') ?? element?.querySelector<HTMLElement>('.toast__close');
  if (!button) return false;
  keyboardCameFrom(document.activeElement);
  button.focus();
  return true;
}

/** How many toasts are shown now. */
export function toastsShown(): number {
  return stack.shown.length;
}

export function clearToasts(): void {
  for (const entry of live.values()) clearTimeout(entry.timer);
  live.clear();
  stack = EMPTY_STACK;
  stopWatching();
  toast.remove();
}
