/** The Provider controller's calls, each served at /api/Provider/<name> (call.ts). */
import { controller, get, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import { savedReplySchema, toggleRequestSchema } from '../organisation.ts';
import {
  addProviderRequestSchema,
  providerByIDQuerySchema,
  providerInfoReplySchema,
  providerProfileQuerySchema,
  providerProfileReplySchema,
  updateProviderRequestSchema,
} from '../providerAdmin.ts';

export const Provider = controller('Provider', {
  getProviderProfileData: get('ADMIN_PROVIDERS', {
    input: providerProfileQuerySchema,
    reply: providerProfileReplySchema,
  }),
  getProviderInfoByID: get('ADMIN_PROVIDERS', { input: providerByIDQuerySchema, reply: providerInfoReplySchema }),
  addProviderData: post('ADMIN_PROVIDERS', { input: addProviderRequestSchema, reply: savedReplySchema }),
  updateProviderData: post('ADMIN_PROVIDERS', { input: updateProviderRequestSchema, reply: savedReplySchema }),
  updateProviderActive: post('ADMIN_PROVIDERS', {
    input: toggleRequestSchema('providerID'),
    reply: messageReplySchema,
  }),
});
