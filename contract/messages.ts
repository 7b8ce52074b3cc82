/** Texts the spec fixes word for word (SPEC points 5 and 8); both sides import them from here. */

/** Sign-in errors, shown inline on the login and second-factor screens, never as toasts. */
export const LOGIN_ERROR = {
  twoFactorNeeded: 'Two Factor Authentication needed',
  notMatch: 'NotMatch',
  timeExpire: 'TimeExpire',
  maximumLimits: 'Maximum limits reached.',
  deactivated: 'This user is deactivate.',
  passwordExpired: 'Password has been expired.',
} as const;
export type LoginError = (typeof LOGIN_ERROR)[keyof typeof LOGIN_ERROR];

export const WHITE_LABEL_NOT_FOUND = 'White label setup not found.';

export const PASSWORD_RESET_DONE = 'Password successfully reset';
export const PASSWORD_UPDATED = 'Password Successfully Update';
/** Replies while a one-time password has not yet been replaced. */
export const PASSWORD_CHANGE_REQUIRED = 'Password change required.';

/** What every active/inactive toggle answers (SPEC point 8). */
export const TOGGLE_MESSAGE = { activated: 'Successfully Activated', inactivated: 'Successfully Inactivated' } as const;
