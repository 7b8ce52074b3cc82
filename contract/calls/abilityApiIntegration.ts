/** The AbilityApiIntegration controller's calls, each served at /api/AbilityApiIntegration/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const AbilityApiIntegration = controller('AbilityApiIntegration', {
  getAbilityStatusList: planned('GET', 'PATIENTS'),
  getAbilityStatusData: planned('GET', 'PATIENTS'),
  getAbilityClaimEvents: planned('GET', 'PATIENTS'),
});
