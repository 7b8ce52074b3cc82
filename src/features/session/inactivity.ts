/** SPEC point 9: signed out after 30 minutes without a mouse move, key press or touch. */
export const INACTIVITY_LIMIT_MS = 1_800_000;
/** How often the idle time is looked at. */
export const INACTIVITY_CHECK_EVERY_MS = 60_000;
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'touchstart'] as const;

export function isInactive(lastActivityMs: number, nowMs: number, limitMs: number = INACTIVITY_LIMIT_MS): boolean {
  return nowMs - lastActivityMs >= limitMs;
}
