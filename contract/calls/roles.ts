/** The Roles controller's calls, each served at /api/Roles/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  idMessageReplySchema,
  modulesReplySchema,
  roleIdQuerySchema,
  rolesReplySchema,
  saveRoleRequestSchema,
  updateRoleActiveRequestSchema,
  updateRoleRequestSchema,
} from '../menuRoles.ts';

export const Roles = controller('Roles', {
  GetMenuRoles: get('ADMIN_ROLES', { input: noInput, reply: rolesReplySchema }),
  GetModulesByRoleId: get('ADMIN_ROLES', { input: roleIdQuerySchema, reply: modulesReplySchema }),
  GetModuleForAssignPrivilege: get('ADMIN_ROLES', { input: noInput, reply: modulesReplySchema }),
  saveRole: post('ADMIN_ROLES', { input: saveRoleRequestSchema, reply: idMessageReplySchema }),
  updateRoleData: post('ADMIN_ROLES', { input: updateRoleRequestSchema, reply: messageReplySchema }),
  updateRoleActive: post('ADMIN_ROLES', { input: updateRoleActiveRequestSchema, reply: messageReplySchema }),
});
