import type { FastifyInstance } from 'fastify';
import { Claims } from '../../contract/calls/claims.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import type { EligibilityAdapter } from '../services/eligibility/adapter.ts';
import { checkEligibility } from '../services/eligibility/checkEligibility.ts';
import { discoverInsurance } from '../services/eligibility/discoverInsurance.ts';
import { queueEligibilityRun } from '../services/eligibility/eligibilityRun.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import { claimEligibility, eligibilityResponse } from '../services/eligibility/eligibilityResponse.ts';

/**
 * Eligibility checks of a patient's insurance. The payer is reached through the clearinghouse
 * (ELIGIBILITY_URL) or the payer simulator (PAYER_SIM_URL, or the one the server started), chosen
 * when each check is asked.
 */
export function eligibilityRoutes(
  app: FastifyInstance,
  deps: AuthDeps,
  adapter: () => EligibilityAdapter,
  jobs: JobRunner,
): void {
  defineCall(app, deps, Patient.getEligibilityData, {
    handler: (input, { data }) => data.run(checkEligibility)(input, adapter(), deps.now()),
  });
  defineCall(app, deps, Patient.getEligibilityResponse, {
    handler: (input, { data }) => data.inScope(eligibilityResponse)(input),
  });
  defineCall(app, deps, Claims.viewPatientEligibilityResponse, {
    handler: (input, { data }) => data.run(claimEligibility)(input.claimID, adapter(), deps.now()),
  });
  defineCall(app, deps, Insurance.discoverInsurance, {
    handler: (input, { data }) => data.run(discoverInsurance)(input, adapter(), deps.now()),
  });
  defineCall(app, deps, Claims.checkEligibilityForDay, {
    handler: async (input, { data }) => {
      const started = await data.run(queueEligibilityRun)(input, deps.now());
      jobs.start(started.jobID);
      return started;
    },
  });
}
