/** The Insurance controller's calls, each served at /api/Insurance/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  clearingHouseConnectionsReplySchema,
  collectClearingHouseRepliesReplySchema,
  collectClearingHouseRepliesSchema,
  saveClearingHouseConnectionSchema,
} from '../clearinghouse.ts';
import { discoverInsuranceQuerySchema, discoverInsuranceReplySchema } from '../eligibility.ts';
import { savedReplySchema, toggleRequestSchema } from '../organisation.ts';
import {
  addInsuranceRequestSchema,
  clearingHousesReplySchema,
  eligibilityPayerIDsQuerySchema,
  insuranceProfileQuerySchema,
  insuranceProfileReplySchema,
  insuranceTypesReplySchema,
  payerIDsReplySchema,
  submissionPayerIDsQuerySchema,
  updateInsuranceRequestSchema,
} from '../payerAdmin.ts';

export const Insurance = controller('Insurance', {
  // Each likely payer is asked in real time: the catalogue's 30 minutes.
  discoverInsurance: get('PATIENTS', {
    input: discoverInsuranceQuerySchema,
    reply: discoverInsuranceReplySchema,
    timeoutMs: 1_800_000,
  }),
  // Reference lists (no client's data): the payer form and the patient's coverage form both pick from them.
  getExcludeInsuranceTypes: get('session', { input: noInput, reply: insuranceTypesReplySchema }),
  getInsuranceProfileData: get('ADMIN_INSURANCES', {
    input: insuranceProfileQuerySchema,
    reply: insuranceProfileReplySchema,
  }),
  getClearingHouseList: get('session', { input: noInput, reply: clearingHousesReplySchema }),
  getSubmitionPayerIDsList: get('session', { input: submissionPayerIDsQuerySchema, reply: payerIDsReplySchema }),
  getEligibilityPayerIDsList: get('session', { input: eligibilityPayerIDsQuerySchema, reply: payerIDsReplySchema }),
  addInsuranceData: post('ADMIN_INSURANCES', { input: addInsuranceRequestSchema, reply: savedReplySchema }),
  updateInsuranceData: post('ADMIN_INSURANCES', { input: updateInsuranceRequestSchema, reply: savedReplySchema }),
  updateInsuranceActive: post('ADMIN_INSURANCES', {
    input: toggleRequestSchema('insuranceID'),
    reply: messageReplySchema,
  }),
  /** Each clearinghouse's connection, without its private key (this product's own call). */
  getClearingHouseConnections: get('ADMIN_INSURANCES', { input: noInput, reply: clearingHouseConnectionsReplySchema }),
  /** Sets up or changes a clearinghouse's connection (this product's own call). */
  saveClearingHouseConnection: post('ADMIN_INSURANCES', {
    input: saveClearingHouseConnectionSchema,
    reply: messageReplySchema,
  }),
  /** Takes the replies waiting in the clearinghouses' inbound folders and reads them (this product's own call). */
  collectClearingHouseReplies: post('CLAIMS', {
    input: collectClearingHouseRepliesSchema,
    reply: collectClearingHouseRepliesReplySchema,
    timeoutMs: 300_000,
  }),
});
