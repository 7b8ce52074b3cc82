import type { FastifyInstance } from 'fastify';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { addCharge } from '../services/claims/addCharge.ts';
import { cptFee } from '../services/claims/cptFee.ts';
import { createClaim, providersInScope } from '../services/claims/createClaim.ts';
import { editClaimInfo } from '../services/claims/editClaimInfo.ts';
import { removeDiagnosis } from '../services/claims/removeDiagnosis.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** Creating a claim, editing its own fields and diagnoses, adding a line, and pricing a code. */
export function claimInfoRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.saveClaim, {
    handler: async (input, context) => createClaim(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  defineCall(app, deps, Repository.getProviders, {
    handler: async (input, context) => providersInScope(deps.db, await context.scope(), input.groupID),
  });

  defineCall(app, deps, AddEditClaim.editClaim, {
    handler: async (input, context) => editClaimInfo(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.removeDiagnosisFromClaimAndCharge, {
    handler: async (input, context) => removeDiagnosis(deps.db, context.actor, await context.scope(), input.claimID, input.icd, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.saveCharge, {
    handler: async (input, context) => addCharge(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  // Priced for a claim (its practice, payer and first DOS), for a facility's practice today, or for
  // a coverage's patient's practice and payer today (a new claim in the form before its facility).
  defineCall(app, deps, AddEditClaim.getCPTFee, {
    handler: async (input, context) => {
      const scope = await context.scope();
      const today = deps.now().toISOString().slice(0, 10);
      const [where] = await deps.db.query<{ practiceID: number; insuranceID: number | null; dos: string }>(
        input.claimID !== undefined
          ? 'SELECT practice_id AS "practiceID", insurance_id AS "insuranceID", dos_from AS dos FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])'
          : input.facilityID !== undefined
            ? `SELECT f.practice_id AS "practiceID", (SELECT insurance_id FROM patient_insurances WHERE patient_insurance_id = $3) AS "insuranceID", $4::date AS dos
                 FROM facilities f WHERE f.facility_id = $1 AND f.practice_id = ANY($2::bigint[])`
            : `SELECT p.practice_id AS "practiceID", pi.insurance_id AS "insuranceID", $3::date AS dos
                 FROM patient_insurances pi JOIN patients p ON p.patient_id = pi.patient_id WHERE pi.patient_insurance_id = $1 AND p.practice_id = ANY($2::bigint[])`,
        input.claimID !== undefined
          ? [input.claimID, scope.practiceIds]
          : input.facilityID !== undefined
            ? [input.facilityID, scope.practiceIds, input.patientInsuranceID ?? null, today]
            : [input.patientInsuranceID, scope.practiceIds, today],
      );
      if (!where) throw new NotFoundError();
      if (input.modifierCode !== undefined && !/^[A-Z0-9]{0,2}$/.test(input.modifierCode)) throw new BadRequestError('A modifier is two letters or digits, like 25 or LT.');
      return cptFee(deps.db, { practiceID: where.practiceID, insuranceID: where.insuranceID, cptCode: input.cptCode, modifier: input.modifierCode || null, dos: where.dos });
    },
  });
}
