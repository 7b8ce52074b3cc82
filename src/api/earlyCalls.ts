/**
 * Calls sent before the screen that needs them has been built. On a full page load React's first
 * render of a screen takes 40-70 ms, and only then would the screen ask for its rows; a call
 * started as the page starts is on its way during that time. The screen's own call then takes the
 * answer of an early call with the same name, input and session, once, within EARLY_CALL_KEPT_MS
 * and before any change: a reply nobody took must not answer a later question with old rows.
 */
export const EARLY_CALL_KEPT_MS = 5_000;

interface EarlyCall {
  token: string | null;
  reply: Promise<unknown>;
  until: number;
}

const early = new Map<string, EarlyCall>();

/** Keeps `reply` for the first identical call of the same session. */
export function holdEarlyReply(key: string, token: string | null, reply: Promise<unknown>, now = Date.now()): void {
  // Nobody may ever take it: its failure must not surface as an unhandled rejection.
  reply.catch(() => undefined);
  early.set(key, { token, reply, until: now + EARLY_CALL_KEPT_MS });
}

/** The early reply for this call, given away once; null when there is none for this session. */
export function takeEarlyReply(key: string, token: string | null, now = Date.now()): Promise<unknown> | null {
  const held = early.get(key);
  if (!held) return null;
  early.delete(key);
  return held.token === token && now <= held.until ? held.reply : null;
}

/** A change was sent: replies read before it may no longer hold. */
export function forgetEarlyReplies(): void {
  early.clear();
}

/** Replies held now (tests). */
export function heldEarlyReplies(): number {
  return early.size;
}
