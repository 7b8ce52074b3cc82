import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { loginErrorText } from './loginErrorText.ts';
import { isLoginCode, mayToastLoginFailure } from './loginFailure.ts';

describe('loginErrorText', () => {
  it('explains the bare codes for the step the user is on', () => {
    expect(loginErrorText(LOGIN_ERROR.notMatch, 'password')).toMatch(/e-mail or password/);
    expect(loginErrorText(LOGIN_ERROR.notMatch, 'code')).toMatch(/code is not right/);
    expect(loginErrorText(LOGIN_ERROR.timeExpire, 'code')).toMatch(/expired/);
  });

  it('shows the sentences as the server wrote them', () => {
    expect(loginErrorText(LOGIN_ERROR.maximumLimits, 'password')).toBe('Maximum limits reached.');
    expect(loginErrorText('Server not available.', 'code')).toBe('Server not available.');
  });
});

describe('sign-in failure toasts (SPEC point 5)', () => {
  it('knows the sign-in codes, which are shown inline only', () => {
    expect(isLoginCode('NotMatch')).toBe(true);
    expect(isLoginCode('This user is deactivate.')).toBe(true);
    expect(isLoginCode('Server not available.')).toBe(false);
    expect(isLoginCode(null)).toBe(false);
  });

  it('stops toasting from the third failure on', () => {
    expect(mayToastLoginFailure(1)).toBe(true);
    expect(mayToastLoginFailure(2)).toBe(true);
    expect(mayToastLoginFailure(3)).toBe(false);
    expect(mayToastLoginFailure(7)).toBe(false);
  });
});
