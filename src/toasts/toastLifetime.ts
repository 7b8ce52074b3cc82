export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** App config of SPEC point 9: seconds before a toast closes itself; null = stays until closed. */
export const TOAST_AUTO_CLOSE_AFTER_SEC: Readonly<Record<ToastType, number | null>> = {
  success: 3,
  warning: 6,
  info: 6,
  error: null,
};

/**
 * Whether the toast's detail waits for 'Dismiss' (SPEC point 4). A success's detail does not: it
 * is a second line under the text (what the change left, where to go next), and the toast closes
 * after the success's 3 s like any other, so routine successes never pile up over the work.
 */
export function detailWaitsForDismiss(type: ToastType): boolean {
  return type !== 'success';
}

/**
 * How long a toast stays, in ms (Infinity = until the user closes it). A warning, information or
 * error with detail waits for 'Dismiss' (SPEC point 4); a success closes after its 3 s, detail or not.
 */
export function toastLifetimeMs(type: ToastType, hasDetail: boolean): number {
  if (hasDetail && detailWaitsForDismiss(type)) return Infinity;
  const seconds = TOAST_AUTO_CLOSE_AFTER_SEC[type];
  return seconds === null ? Infinity : seconds * 1000;
}
