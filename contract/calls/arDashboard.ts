/** The ARDashboard controller's calls, each served at /api/ARDashboard/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const ARDashboard = controller('ARDashboard', {
  getActionNeededClaims: planned('GET', 'DASHBOARD'),
  getRecentlyAccessedData: planned('GET', 'DASHBOARD'),
  getUnresolvedTasksAssignedToYou: planned('GET', 'DASHBOARD'),
  getOpenItems: planned('GET', 'DASHBOARD'),
  getCollectedAmountsData: planned('GET', 'DASHBOARD'),
  getExpectedPaymentsByDay: planned('GET', 'DASHBOARD'),
  getARSByData: planned('GET', 'DASHBOARD'),
  getAverageClaimsRevenue: planned('GET', 'DASHBOARD'),
  getAverageChargeAmount: planned('GET', 'DASHBOARD'),
});
