/** The Reports controller's calls, each served at /api/Reports/<name> (call.ts). */
import { controller, get } from '../call.ts';
import { agingReportCalls } from './agingReports.ts';
import { importLogReportCalls } from './importLogs.ts';
import { monthEndReportCalls } from './monthEnd.ts';
import { moneyReportCalls } from './moneyReports.ts';
import {
  infoByNpiQuerySchema,
  infoByNpiReplySchema,
  providerLookupQuerySchema,
  providerLookupReplySchema,
  validateAddressQuerySchema,
  validateAddressReplySchema,
} from '../providerAdmin.ts';

export const Reports = controller('Reports', {
  // The NPI registry fills a provider's or a practice's form.
  getInfoByNPI: get('ADMIN_PROVIDERS', { input: infoByNpiQuerySchema, reply: infoByNpiReplySchema }),
  getProviderInforFromNPPES: get('ADMIN_PROVIDERS', {
    input: providerLookupQuerySchema,
    reply: providerLookupReplySchema,
  }),
  // Rules only, no client's data: every address form (practice, facility, group, payer) checks with it.
  validateAddress: get('session', { input: validateAddressQuerySchema, reply: validateAddressReplySchema }),
  ...agingReportCalls,
  ...monthEndReportCalls,
  ...importLogReportCalls,
  ...moneyReportCalls,
});
