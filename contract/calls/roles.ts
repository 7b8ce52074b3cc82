/** The Roles controller's calls, each served at /api/Roles/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Roles = controller('Roles', {
  GetMenuRoles: planned('GET', 'ADMIN_ROLES'),
  GetModulesByRoleId: planned('GET', 'ADMIN_ROLES'),
  GetModuleForAssignPrivilege: planned('GET', 'ADMIN_ROLES'),
  saveRole: planned('POST', 'ADMIN_ROLES'),
  updateRoleData: planned('POST', 'ADMIN_ROLES'),
  updateRoleActive: planned('POST', 'ADMIN_ROLES'),
});
