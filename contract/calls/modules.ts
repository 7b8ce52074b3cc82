/** The Modules controller's calls, each served at /api/Modules/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Modules = controller('Modules', {
  GetModuleTypes: planned('GET', 'ADMIN_ROLES'),
  GetModulesData: planned('GET', 'ADMIN_ROLES'),
  GetModuleInfoByModuleId: planned('GET', 'ADMIN_ROLES'),
  saveModule: planned('POST', 'ADMIN_ROLES'),
  updateModuleData: planned('POST', 'ADMIN_ROLES'),
  updateModuleActive: planned('POST', 'ADMIN_ROLES'),
});
