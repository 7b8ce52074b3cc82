/** Sign-in, second factor, sign-out and passwords: the account calls of the catalogue. */
import {
  messageReplySchema,
  sessionUserSchema,
  signInReplySchema,
  type MessageReply,
  type ResetPasswordRequest,
  type SessionUser,
  type SignInReply,
  type SignInRequest,
  type UpdateUserPasswordRequest,
  type ValidatePasscodeQuery,
} from '../../contract/auth.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const signInCall: ApiCall<SignInReply> = { controller: 'Users', name: 'signIn', reply: signInReplySchema };
const sendCodeCall: ApiCall<MessageReply> = { controller: 'Users', name: 'sendVerificationCodeToUser', reply: messageReplySchema };
const validatePasscodeCall: ApiCall<SessionUser> = { controller: 'Users', name: 'validatePasscode', reply: sessionUserSchema };
const logoutCall: ApiCall<MessageReply> = { controller: 'Users', name: 'userLogout', reply: messageReplySchema };
const resetPasswordCall: ApiCall<MessageReply> = { controller: 'Claims', name: 'ResetPassword', reply: messageReplySchema };
const updatePasswordCall: ApiCall<MessageReply> = { controller: 'Users', name: 'updateUserPassword', reply: messageReplySchema };

/** Step one: the password. The reply carries the challenge the second factor is bound to. */
export function signIn(request: SignInRequest, options?: CallOptions): Promise<SignInReply> {
  return callApi(signInCall, { ...request }, options);
}

/** E-mails a sign-in code for the pending challenge. */
export function sendSignInCode(email: string, challenge: string, options?: CallOptions): Promise<MessageReply> {
  return callApi(sendCodeCall, { email, purpose: 'sign_in', challenge }, options);
}

/** E-mails a password-reset code; the server answers the same whether or not the address exists. */
export function sendPasswordResetCode(email: string, options?: CallOptions): Promise<MessageReply> {
  return callApi(sendCodeCall, { email, purpose: 'reset_password' }, options);
}

/** Step two: an authenticator or e-mailed code. Success is the signed-in user with token and menu. */
export function validatePasscode(query: ValidatePasscodeQuery, options?: CallOptions): Promise<SessionUser> {
  return callApi(validatePasscodeCall, { ...query }, options);
}

export function userLogout(loginAuditID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(logoutCall, { loginAuditID }, options);
}

export function resetPassword(request: ResetPasswordRequest, options?: CallOptions): Promise<MessageReply> {
  return callApi(resetPasswordCall, { ...request }, options);
}

export function updateUserPassword(request: UpdateUserPasswordRequest, options?: CallOptions): Promise<MessageReply> {
  return callApi(updatePasswordCall, { ...request }, options);
}
