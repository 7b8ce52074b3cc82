/**
 * Throttles of the doors a stranger can knock on (docs/decisions/sign-in-throttling.md): a try is
 * taken before the slow check, atomically, so thirty parallel tries cannot all pass a limit of
 * five; a try the check passes can be given back. Keys are the e-mail as typed (lower-cased, known
 * account or not, so the answers do not tell which) and the client address.
 */
import type { Queryable } from '../../db/types.ts';
import { addMinutes } from './policy.ts';

export type ThrottleKind = 'password' | 'reset_code' | 'reset_mail_account' | 'reset_mail_address';

/** How many tries a key has in its window, and how long the window is. */
export const THROTTLE_LIMITS: Readonly<Record<ThrottleKind, { tries: number; minutes: number }>> = {
  // Wrong passwords per e-mail and address: the sixth is refused for the rest of the 30 minutes.
  password: { tries: 5, minutes: 30 },
  // Wrong e-mailed reset codes per e-mail and address.
  reset_code: { tries: 5, minutes: 30 },
  // Reset mails per e-mail, whoever asks, and per address, whatever it asks for.
  reset_mail_account: { tries: 3, minutes: 15 },
  reset_mail_address: { tries: 10, minutes: 15 },
};

export interface ThrottleKey {
  kind: ThrottleKind;
  /** The e-mail as typed, lower-cased; '' for a key by address only. */
  subject: string;
  /** The client address; '' for a key by e-mail only. */
  address: string;
}

const TAKE_TRY = `
  INSERT INTO sign_in_throttle AS t (kind, subject, address, tries, window_ends) VALUES ($1, $2, $3, 1, $5)
  ON CONFLICT (kind, subject, address) DO UPDATE
     SET tries = CASE WHEN t.window_ends <= $4 THEN 1 ELSE t.tries + 1 END,
         window_ends = CASE WHEN t.window_ends <= $4 THEN $5 ELSE t.window_ends END
   WHERE t.window_ends <= $4 OR t.tries < $6
  RETURNING tries`;

/** Takes a try: its number in the window (1 = first), or null when the limit is reached. */
export async function takeTry(q: Queryable, key: ThrottleKey, now: Date): Promise<number | null> {
  const limit = THROTTLE_LIMITS[key.kind];
  const [row] = await q.query<{ tries: number }>(TAKE_TRY, [
    key.kind,
    key.subject,
    key.address,
    now,
    addMinutes(now, limit.minutes),
    limit.tries,
  ]);
  return row ? row.tries : null;
}

/** Gives back a try the check passed: only failures stay counted. */
export async function giveBackTry(q: Queryable, key: ThrottleKey): Promise<void> {
  await q.query(
    'UPDATE sign_in_throttle SET tries = greatest(tries - 1, 0) WHERE kind = $1 AND subject = $2 AND address = $3',
    [key.kind, key.subject, key.address],
  );
}

/** Forgets a key's tries: the user proved who they are. */
export async function clearTries(q: Queryable, key: ThrottleKey): Promise<void> {
  await q.query('DELETE FROM sign_in_throttle WHERE kind = $1 AND subject = $2 AND address = $3', [
    key.kind,
    key.subject,
    key.address,
  ]);
}

/** Whether a taken try was the last one its window allows. */
export function isLastTry(kind: ThrottleKind, tryNumber: number): boolean {
  return tryNumber >= THROTTLE_LIMITS[kind].tries;
}

/** The e-mail as a throttle key: trimmed and lower-cased, as the account look-up reads it. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
