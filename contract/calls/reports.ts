/** The Reports controller's calls, each served at /api/Reports/<name> (call.ts). */
import { controller, get, planned } from '../call.ts';
import {
  infoByNpiQuerySchema,
  infoByNpiReplySchema,
  providerLookupQuerySchema,
  providerLookupReplySchema,
  validateAddressQuerySchema,
  validateAddressReplySchema,
} from '../providerAdmin.ts';

export const Reports = controller('Reports', {
  getAgingByPatientReport: planned('GET', 'REPORTS'),
  getPatientAccountingDetailReport: planned('GET', 'REPORTS'),
  getAgingPatientCollapseByID: planned('GET', 'REPORTS'),
  getNewMonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  getmonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  reloadMonthlySummaryReport: planned('GET', 'REPORTS', null),
  // The NPI registry fills a provider's or a practice's form.
  getInfoByNPI: get('ADMIN_PROVIDERS', { input: infoByNpiQuerySchema, reply: infoByNpiReplySchema }),
  getProviderInforFromNPPES: get('ADMIN_PROVIDERS', {
    input: providerLookupQuerySchema,
    reply: providerLookupReplySchema,
  }),
  get_era_data: planned('GET', 'REPORTS'),
  // Rules only, no client's data: every address form (practice, facility, group, payer) checks with it.
  validateAddress: get('session', { input: validateAddressQuerySchema, reply: validateAddressReplySchema }),
  getPaymentReportdata: planned('GET', 'REPORTS', null),
  getLedgerAccount: planned('GET', 'REPORTS'),
  getHL7ImportLogProfileData: planned('GET', 'REPORTS'),
  lockMonthEndData: planned('POST', 'REPORTS'),
});
