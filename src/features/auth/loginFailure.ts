import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { ApiError } from '../../api/apiError.ts';
import { recordLoginFailure } from '../../state/login.ts';
import { clearToasts, notify } from '../../toasts/notify.tsx';

/** SPEC points 5 and 9: from the third failed sign-in on, no new error toast and the shown ones go. */
export const LOGIN_TOAST_LIMIT = 3;

const LOGIN_CODES: readonly string[] = Object.values(LOGIN_ERROR);

export function isLoginCode(message: string | null): boolean {
  return message !== null && LOGIN_CODES.includes(message);
}

/** Whether a failure that is not a sign-in code (no network, a 500) may still toast. */
export function mayToastLoginFailure(attempts: number): boolean {
  return attempts < LOGIN_TOAST_LIMIT;
}

/**
 * Records a failed password or code step. The error is always stored for the inline line; sign-in
 * codes are never toasted, other failures only before the limit.
 */
export function reportLoginFailure(thrown: unknown): void {
  const failure = thrown instanceof ApiError ? thrown : ApiError.fromCode('client');
  const code = isLoginCode(failure.serverMessage) ? failure.serverMessage : null;
  const attempts = recordLoginFailure(code ?? failure.message);
  if (!mayToastLoginFailure(attempts)) clearToasts();
  else if (code === null) notify.error(failure.message);
}
