/** The calls of eligibility checks, spread into their controllers (Patient, Claims). */
import { get, post } from '../call.ts';
import {
  checkEligibilityQuerySchema,
  claimEligibilityQuerySchema,
  eligibilityCheckReplySchema,
  eligibilityResponseQuerySchema,
  eligibilityResponseReplySchema,
  eligibilityRunReplySchema,
  eligibilityRunRequestSchema,
} from '../eligibility.ts';

export const patientEligibilityCalls = {
  getEligibilityResponse: get('PATIENTS', {
    input: eligibilityResponseQuerySchema,
    reply: eligibilityResponseReplySchema,
  }),
  getEligibilityData: get('PATIENTS', { input: checkEligibilityQuerySchema, reply: eligibilityCheckReplySchema }),
};

export const claimEligibilityCalls = {
  viewPatientEligibilityResponse: get('CLAIMS', {
    input: claimEligibilityQuerySchema,
    reply: eligibilityResponseReplySchema,
    timeoutMs: 1_800_000,
  }),
  /** Starts the run and answers at once; the run is followed through Jobs/getJob. */
  checkEligibilityForDay: post('CLAIMS', { input: eligibilityRunRequestSchema, reply: eligibilityRunReplySchema }),
};
