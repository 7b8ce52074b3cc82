/** Sign-in, second factor, sign-out and passwords: the account calls of the catalogue. */
import {
  type MessageReply,
  type ResetPasswordRequest,
  type SessionUser,
  type SignInReply,
  type SignInRequest,
  type UpdateUserPasswordRequest,
  type ValidatePasscodeQuery,
} from '../../contract/auth.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Users } from '../../contract/calls/users.ts';

/** Step one: the password. The reply carries the challenge the second factor is bound to. */
export function signIn(request: SignInRequest, options?: CallOptions): Promise<SignInReply> {
  return callApi(Users.signIn, { ...request }, options);
}

/** E-mails a sign-in code for the pending challenge. */
export function sendSignInCode(email: string, challenge: string, options?: CallOptions): Promise<MessageReply> {
  return callApi(Users.sendVerificationCodeToUser, { email, purpose: 'sign_in', challenge }, options);
}

/** E-mails a password-reset code; the server answers the same whether or not the address exists. */
export function sendPasswordResetCode(email: string, options?: CallOptions): Promise<MessageReply> {
  return callApi(Users.sendVerificationCodeToUser, { email, purpose: 'reset_password' }, options);
}

/** Step two: an authenticator or e-mailed code. Success is the signed-in user with token and menu. */
export function validatePasscode(query: ValidatePasscodeQuery, options?: CallOptions): Promise<SessionUser> {
  return callApi(Users.validatePasscode, { ...query }, options);
}

export function userLogout(loginAuditID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(Users.userLogout, { loginAuditID }, options);
}

export function resetPassword(request: ResetPasswordRequest, options?: CallOptions): Promise<MessageReply> {
  return callApi(Claims.ResetPassword, { ...request }, options);
}

export function updateUserPassword(request: UpdateUserPasswordRequest, options?: CallOptions): Promise<MessageReply> {
  return callApi(Users.updateUserPassword, { ...request }, options);
}
