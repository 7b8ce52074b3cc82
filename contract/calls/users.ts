/** The Users controller's calls, each served at /api/Users/<name> (call.ts). */
import { controller, del, get, noInput, post, put } from '../call.ts';
import {
  messageReplySchema,
  sendVerificationCodeRequestSchema,
  sessionUserSchema,
  signInReplySchema,
  signInRequestSchema,
  updateUserPasswordRequestSchema,
  userLogoutRequestSchema,
  validatePasscodeQuerySchema,
} from '../auth.ts';
import {
  addWorkGroupReplySchema,
  addWorkGroupRequestSchema,
  deleteWorkGroupReplySchema,
  editWorkGroupRequestSchema,
  orgItemsSchema,
  removeFromWorkGroupRequestSchema,
  renameWorkGroupRequestSchema,
  workGroupIdQuerySchema,
} from '../organisationSelector.ts';
import {
  markNotificationsReadReplySchema,
  markNotificationsReadRequestSchema,
  notificationsQuerySchema,
  notificationsReplySchema,
} from '../notifications.ts';
import { addRecentsRequestSchema } from '../search.ts';
import {
  acceptInvitationRequestSchema,
  authenticatorEnrolmentSchema,
  confirmAuthenticatorEnrolmentRequestSchema,
  enrolInvitedAuthenticatorRequestSchema,
  invitationQuerySchema,
  invitationReplySchema,
  saveUserReplySchema,
  saveUserRequestSchema,
  startAuthenticatorEnrolmentRequestSchema,
  updateUserActiveRequestSchema,
  updateUserRequestSchema,
  userByEmailQuerySchema,
  userLookupsReplySchema,
  userRowSchema,
  usersQuerySchema,
  usersReplySchema,
} from '../staff.ts';
import { saveUserSettingRequestSchema, userSettingsReplySchema } from '../userSettings.ts';
import { whiteLabelQuerySchema, whiteLabelSetupSchema } from '../whiteLabel.ts';

export const Users = controller('Users', {
  notifications: get('session', { input: notificationsQuerySchema, reply: notificationsReplySchema }),
  // The bell's list: one notification, or every unread one, marked read.
  markNotificationsRead: post('session', {
    input: markNotificationsReadRequestSchema,
    reply: markNotificationsReadReplySchema,
  }),
  markAllNotificationsRead: post('session', { input: noInput, reply: markNotificationsReadReplySchema }),
  signIn: post('public', { input: signInRequestSchema, reply: signInReplySchema }),
  userLogout: post('session', { input: userLogoutRequestSchema, reply: messageReplySchema }),
  getWhiteLabelSetup: get('public', { input: whiteLabelQuerySchema, reply: whiteLabelSetupSchema }),
  addWorkGroup: post('session', { input: addWorkGroupRequestSchema, reply: addWorkGroupReplySchema }),
  editWorkGroup: put('session', { input: editWorkGroupRequestSchema, reply: messageReplySchema }),
  renameWorkGroup: put('session', { input: renameWorkGroupRequestSchema, reply: messageReplySchema }),
  deleteWorkGroup: del('session', { input: workGroupIdQuerySchema, reply: deleteWorkGroupReplySchema }),
  removeFromWorkGroup: del('session', { input: removeFromWorkGroupRequestSchema, reply: messageReplySchema }),
  addFavorites: post('session', { input: orgItemsSchema, reply: messageReplySchema }),
  unFavorites: put('session', { input: orgItemsSchema, reply: messageReplySchema }),
  addRecents: post('session', { input: addRecentsRequestSchema, reply: messageReplySchema }),
  GetUsersData: get('ADMIN_USERS', { input: usersQuerySchema, reply: usersReplySchema }),
  GetUserInfoByEmail: get('ADMIN_USERS', { input: userByEmailQuerySchema, reply: userRowSchema }),
  getUserLookupDropowns: get('ADMIN_USERS', { input: noInput, reply: userLookupsReplySchema }),
  validatePasscode: get('public', { input: validatePasscodeQuerySchema, reply: sessionUserSchema }),
  saveUser: post('ADMIN_USERS', { input: saveUserRequestSchema, reply: saveUserReplySchema }),
  updateUserData: post('ADMIN_USERS', { input: updateUserRequestSchema, reply: messageReplySchema }),
  updateUserActive: post('ADMIN_USERS', { input: updateUserActiveRequestSchema, reply: messageReplySchema }),
  updateUserPassword: post('session', { input: updateUserPasswordRequestSchema, reply: messageReplySchema }),
  sendVerificationCodeToUser: post('public', { input: sendVerificationCodeRequestSchema, reply: messageReplySchema }),
  getUserSettings: get('session', { input: noInput, reply: userSettingsReplySchema }),
  saveUserSetting: post('session', { input: saveUserSettingRequestSchema, reply: messageReplySchema }),
  // An invited user's first steps, before any session: the invitation, a password, the authenticator.
  getInvitation: get('public', { input: invitationQuerySchema, reply: invitationReplySchema }),
  acceptInvitation: post('public', { input: acceptInvitationRequestSchema, reply: authenticatorEnrolmentSchema }),
  enrolInvitedAuthenticator: post('public', {
    input: enrolInvitedAuthenticatorRequestSchema,
    reply: messageReplySchema,
  }),
  // A signed-in user enrols a new authenticator app (a new phone): password first, then a code from it.
  startAuthenticatorEnrolment: post('session', {
    input: startAuthenticatorEnrolmentRequestSchema,
    reply: authenticatorEnrolmentSchema,
  }),
  confirmAuthenticatorEnrolment: post('session', {
    input: confirmAuthenticatorEnrolmentRequestSchema,
    reply: messageReplySchema,
  }),
});
