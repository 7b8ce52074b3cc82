/** The Provider controller's calls, each served at /api/Provider/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Provider = controller('Provider', {
  getProviderProfileData: planned('GET', 'ADMIN_PROVIDERS'),
  getProviderInfoByID: planned('GET', 'ADMIN_PROVIDERS'),
  addProviderData: planned('POST', 'ADMIN_PROVIDERS'),
  updateProviderData: planned('POST', 'ADMIN_PROVIDERS'),
  updateProviderActive: planned('POST', 'ADMIN_PROVIDERS'),
});
