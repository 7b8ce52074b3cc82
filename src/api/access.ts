/** The access administration calls: staff users and their invitation, menu roles, modules, data roles. */
import type { CallInput as DefinedInput } from '../../contract/call.ts';
import { Modules } from '../../contract/calls/modules.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { Roles } from '../../contract/calls/roles.ts';
import { Users } from '../../contract/calls/users.ts';
import { callApi, type CallOptions } from './client.ts';

type In<Call extends Parameters<typeof callApi>[0]> = DefinedInput<Call>;

export const getUsers = (query: In<typeof Users.GetUsersData>, options?: CallOptions) =>
  callApi(Users.GetUsersData, query, options);
export const getUserByEmail = (email: string, options?: CallOptions) =>
  callApi(Users.GetUserInfoByEmail, { email }, options);
export const getUserLookups = (options?: CallOptions) => callApi(Users.getUserLookupDropowns, {}, options);
export const saveUser = (body: In<typeof Users.saveUser>, options?: CallOptions) =>
  callApi(Users.saveUser, body, options);
export const updateUser = (body: In<typeof Users.updateUserData>, options?: CallOptions) =>
  callApi(Users.updateUserData, body, options);
export const setUserActive = (userID: number, active: boolean, options?: CallOptions) =>
  callApi(Users.updateUserActive, { userID, active }, options);

export const getInvitation = (token: string, options?: CallOptions) => callApi(Users.getInvitation, { token }, options);
export const acceptInvitation = (token: string, newPassword: string, options?: CallOptions) =>
  callApi(Users.acceptInvitation, { token, newPassword }, options);
export const enrolInvitedAuthenticator = (token: string, code: string, options?: CallOptions) =>
  callApi(Users.enrolInvitedAuthenticator, { token, code }, options);
export const startAuthenticatorEnrolment = (password: string, options?: CallOptions) =>
  callApi(Users.startAuthenticatorEnrolment, { password }, options);
export const confirmAuthenticatorEnrolment = (code: string, options?: CallOptions) =>
  callApi(Users.confirmAuthenticatorEnrolment, { code }, options);

export const getRoles = (options?: CallOptions) => callApi(Roles.GetMenuRoles, {}, options);
export const getModulesToAssign = (options?: CallOptions) => callApi(Roles.GetModuleForAssignPrivilege, {}, options);
export const saveRole = (body: In<typeof Roles.saveRole>, options?: CallOptions) =>
  callApi(Roles.saveRole, body, options);
export const updateRole = (body: In<typeof Roles.updateRoleData>, options?: CallOptions) =>
  callApi(Roles.updateRoleData, body, options);
export const setRoleActive = (roleID: number, active: boolean, options?: CallOptions) =>
  callApi(Roles.updateRoleActive, { roleID, active }, options);
export const getModulesOfRole = (id: number, options?: CallOptions) =>
  callApi(Roles.GetModulesByRoleId, { id }, options);

export const getModules = (options?: CallOptions) => callApi(Modules.GetModulesData, {}, options);
export const getModuleTypes = (options?: CallOptions) => callApi(Modules.GetModuleTypes, {}, options);
export const saveModule = (body: In<typeof Modules.saveModule>, options?: CallOptions) =>
  callApi(Modules.saveModule, body, options);
export const updateModule = (body: In<typeof Modules.updateModuleData>, options?: CallOptions) =>
  callApi(Modules.updateModuleData, body, options);
export const setModuleActive = (moduleID: number, active: boolean, options?: CallOptions) =>
  callApi(Modules.updateModuleActive, { moduleID, active }, options);

export const getDataRoles = (options?: CallOptions) => callApi(Repository.GetDataRoles, {}, options);
export const getDataRoleGroups = (dataRoleID: number | undefined, options?: CallOptions) =>
  callApi(Repository.getDataRoleGroups, dataRoleID === undefined ? {} : { dataRoleID }, options);
export const getDataRolePractices = (
  dataRoleID: number | undefined,
  groupIDs: readonly number[],
  options?: CallOptions,
) =>
  callApi(
    Repository.getDataRolePractices,
    {
      ...(dataRoleID === undefined ? {} : { dataRoleID }),
      ...(groupIDs.length ? { groupIDs: groupIDs.join(',') } : {}),
    },
    options,
  );
export const saveDataRole = (body: In<typeof Repository.saveDataRole>, options?: CallOptions) =>
  callApi(Repository.saveDataRole, body, options);
export const updateDataRole = (body: In<typeof Repository.updateDataRoleData>, options?: CallOptions) =>
  callApi(Repository.updateDataRoleData, body, options);
export const setDataRoleActive = (dataRoleID: number, active: boolean, options?: CallOptions) =>
  callApi(Repository.updateDataRoleActive, { dataRoleID, active }, options);
