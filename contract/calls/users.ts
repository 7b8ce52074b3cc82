/** The Users controller's calls, each served at /api/Users/<name> (call.ts). */
import { controller, get, noInput, planned, post } from '../call.ts';
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
import { addRecentsRequestSchema } from '../search.ts';
import { saveUserSettingRequestSchema, userSettingsReplySchema } from '../userSettings.ts';
import { whiteLabelQuerySchema, whiteLabelSetupSchema } from '../whiteLabel.ts';

export const Users = controller('Users', {
  notifications: planned('GET', 'session'),
  signIn: post('public', { input: signInRequestSchema, reply: signInReplySchema }),
  userLogout: post('session', { input: userLogoutRequestSchema, reply: messageReplySchema }),
  getWhiteLabelSetup: get('public', { input: whiteLabelQuerySchema, reply: whiteLabelSetupSchema }),
  addWorkGroup: planned('POST', 'session'),
  editWorkGroup: planned('PUT', 'session'),
  renameWorkGroup: planned('PUT', 'session'),
  deleteWorkGroup: planned('DELETE', 'session'),
  removeFromWorkGroup: planned('DELETE', 'session'),
  addFavorites: planned('POST', 'session'),
  unFavorites: planned('PUT', 'session'),
  addRecents: post('session', { input: addRecentsRequestSchema, reply: messageReplySchema }),
  GetUsersData: planned('GET', 'ADMIN_USERS'),
  GetUserInfoByEmail: planned('GET', 'ADMIN_USERS'),
  getUserLookupDropowns: planned('GET', 'ADMIN_USERS'),
  validatePasscode: get('public', { input: validatePasscodeQuerySchema, reply: sessionUserSchema }),
  saveUser: planned('POST', 'ADMIN_USERS'),
  updateUserData: planned('POST', 'ADMIN_USERS'),
  updateUserActive: planned('POST', 'ADMIN_USERS'),
  updateUserPassword: post('session', { input: updateUserPasswordRequestSchema, reply: messageReplySchema }),
  sendVerificationCodeToUser: post('public', { input: sendVerificationCodeRequestSchema, reply: messageReplySchema }),
  getUserSettings: get('session', { input: noInput, reply: userSettingsReplySchema }),
  saveUserSetting: post('session', { input: saveUserSettingRequestSchema, reply: messageReplySchema }),
});
