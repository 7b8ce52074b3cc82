/** The Client controller's calls, each served at /api/Client/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Client = controller('Client', {
  getGroupProfileData: planned('GET', 'ADMIN_GROUPS'),
  addGroupData: planned('POST', 'ADMIN_GROUPS'),
  updateGroupData: planned('POST', 'ADMIN_GROUPS'),
  updateGroupActive: planned('POST', 'ADMIN_GROUPS'),
  addUpdateGroupWhiteLabeling: planned('POST', 'ADMIN_GROUPS'),
});
