/** The Practice controller's calls, each served at /api/Practice/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Practice = controller('Practice', {
  getPracticeProfileData: planned('GET', 'ADMIN_PRACTICES'),
  addpracticeData: planned('POST', 'ADMIN_PRACTICES'),
  updatePracticeData: planned('POST', 'ADMIN_PRACTICES'),
  updatePracticeActive: planned('POST', 'ADMIN_PRACTICES'),
});
