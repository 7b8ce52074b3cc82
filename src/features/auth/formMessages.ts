import { ApiError } from '../../api/apiError.ts';

/** The server's own wording of why a reset or password change was refused (shown inline, SPEC point 8). */
export function inlineMessageOf(thrown: unknown): string {
  if (thrown instanceof ApiError) return thrown.serverMessage ?? thrown.message;
  return 'Something went wrong';
}

/** The one check the client makes itself; the server judges the password's strength. */
export function passwordsMismatch(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'The two new passwords are not the same.';
}
