/** The Insurance controller's calls, each served at /api/Insurance/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Insurance = controller('Insurance', {
  discoverInsurance: planned('GET', 'PATIENTS', 1_800_000),
  getExcludeInsuranceTypes: planned('GET', 'PATIENTS'),
  getInsuranceProfileData: planned('GET', 'ADMIN_INSURANCES'),
  getClearingHouseList: planned('GET', 'PATIENTS'),
  getSubmitionPayerIDsList: planned('GET', 'PATIENTS'),
  getEligibilityPayerIDsList: planned('GET', 'PATIENTS'),
  addInsuranceData: planned('POST', 'ADMIN_INSURANCES'),
  updateInsuranceData: planned('POST', 'ADMIN_INSURANCES'),
  updateInsuranceActive: planned('POST', 'ADMIN_INSURANCES'),
});
