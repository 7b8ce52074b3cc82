/** The Location controller's calls, each served at /api/Location/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Location = controller('Location', {
  getfacilitiesProfileData: planned('GET', 'ADMIN_FACILITIES'),
  getBillType: planned('GET', 'ADMIN_FACILITIES'),
  addFacility: planned('POST', 'ADMIN_FACILITIES'),
  updateFacility: planned('POST', 'ADMIN_FACILITIES'),
  updateFacilityActive: planned('POST', 'ADMIN_FACILITIES'),
});
