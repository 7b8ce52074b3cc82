/** Sign-in limits. Failures count across password and second-factor steps. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MINUTES = 30;
/** How long the password step stays good while the user fetches a second factor. */
export const CHALLENGE_MINUTES = 10;
export const EMAIL_CODE_MINUTES = 10;
/** Wrong tries an e-mailed code takes before it is spent. */
export const MAX_CODE_TRIES = 5;

export function addMinutes(time: Date, minutes: number): Date {
  return new Date(time.getTime() + minutes * 60_000);
}
