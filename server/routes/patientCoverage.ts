import type { FastifyInstance } from 'fastify';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { claimCoverages } from '../services/patientCoverage/claimCoverages.ts';
import {
  addCoverage,
  coverageByID,
  patientCoverages,
  setCoverageActive,
  updateCoverage,
} from '../services/patientCoverage/coverages.ts';
import {
  addGuarantor,
  deleteGuarantor,
  patientGuarantors,
  updateGuarantor,
} from '../services/patientCoverage/guarantors.ts';
import { insuranceInfo, payerByID, payersByType, payersForPatient } from '../services/patientCoverage/payers.ts';

/** A patient's coverages (primary, secondary, tertiary) and guarantors, and the payers they may name. */
export function patientCoverageRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Patient.getPatientBasedInsurancesData, {
    handler: (input, { data }) => data.inScope(patientCoverages)(input),
  });
  defineCall(app, deps, Patient.getPatientInsuranceDataByID, {
    handler: (input, { data }) => data.inScope(coverageByID)(input.patientInsuranceID),
  });
  defineCall(app, deps, Patient.getInsuranceData, {
    handler: (input, { data }) => data.inScope(payersForPatient)(input),
  });
  defineCall(app, deps, Patient.getInsurancesWithTypes, {
    handler: (input, { data }) => data.inScope(payersByType)(input.patientID),
  });
  defineCall(app, deps, Patient.getInsuranceByID, {
    handler: (input, { data }) => data.inScope(payerByID)(input.insuranceID),
  });
  defineCall(app, deps, Patient.AddPatientInsurance, {
    handler: (input, { data }) => data.run(addCoverage)(input, deps.now()),
  });
  defineCall(app, deps, Patient.updatePatientInsurance, {
    handler: (input, { data }) => data.run(updateCoverage)(input, deps.now()),
  });
  defineCall(app, deps, Patient.updatePatientInsuranceActive, {
    handler: (input, { data }) => data.run(setCoverageActive)(input),
  });
  defineCall(app, deps, Repository.getInsuranceInfo, {
    handler: (_input, { data }) => data.reference(insuranceInfo)(),
  });
  defineCall(app, deps, AddEditClaim.getClaimPatientInsurances, {
    handler: (input, { data }) => data.inScope(claimCoverages)(input.claimID),
  });

  defineCall(app, deps, Patient.getPatientGuarantor, {
    handler: (input, { data }) => data.inScope(patientGuarantors)(input.patientID),
  });
  defineCall(app, deps, Patient.savePatientGuarantor, {
    handler: (input, { data }) => data.run(addGuarantor)(input, deps.now()),
  });
  defineCall(app, deps, Patient.updatePatientGuarantorData, {
    handler: (input, { data }) => data.run(updateGuarantor)(input, deps.now()),
  });
  defineCall(app, deps, Patient.deletePatientGuarantorByID, {
    handler: (input, { data }) => data.run(deleteGuarantor)(input.patientGuarantorID),
  });
}
