export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** App config of SPEC point 9: seconds before a toast closes itself; null = stays until closed. */
export const TOAST_AUTO_CLOSE_AFTER_SEC: Readonly<Record<ToastType, number | null>> = {
  success: 3,
  warning: 6,
  info: 6,
  error: null,
};

/**
 * How long a toast stays, in ms (Infinity = until the user closes it). One with detail waits for
 * 'Dismiss' (SPEC point 4), whatever its type: routine successes therefore carry no detail
 * (notify.success takes none), and the stack shows at most three toasts.
 */
export function toastLifetimeMs(type: ToastType, hasDetail: boolean): number {
  if (hasDetail) return Infinity;
  const seconds = TOAST_AUTO_CLOSE_AFTER_SEC[type];
  return seconds === null ? Infinity : seconds * 1000;
}
