import { LOGIN_ERROR } from '../../../contract/messages.ts';

export type SignInStep = 'password' | 'code';

/**
 * The inline wording of a sign-in failure. The server answers with fixed codes (SPEC point 8);
 * two of them are bare codes, so they get a sentence that says what to do. Any other text is
 * already a sentence and is shown as is. The screen keeps the raw code in a data attribute.
 */
export function loginErrorText(serverMessage: string, step: SignInStep): string {
  switch (serverMessage) {
    case LOGIN_ERROR.notMatch:
      return step === 'password'
        ? 'The e-mail or password is not right.'
        : 'The code is not right. Check it and try again.';
    case LOGIN_ERROR.timeExpire:
      return 'The code has expired. Ask for a new code, or go back and sign in again.';
    default:
      return serverMessage;
  }
}
