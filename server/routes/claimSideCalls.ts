import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { saveChargeAndPayment } from '../services/claims/chargeAndPayment.ts';
import { autoPopulateClaim, lookupDropdowns, referringProviders } from '../services/claims/claimFormAids.ts';
import {
  billingSummary,
  chargeDetail,
  claimScreen,
  claimStats,
  claimValidationErrors,
  editClaimDNA,
  scrubResponse,
} from '../services/claims/claimSideReads.ts';
import { editCharge } from '../services/claims/editCharge.ts';
import { paymentLedgerDetail, popupDetails } from '../services/claims/popupDetails.ts';
import { eraCheckSummary, eraCheckSummaryCharges } from '../services/era/eraCheckSummary.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/**
 * The calls beside a claim's screens: its stats, a charge line in full, the billing summary, the
 * scrub response, the edit log, validation errors, an ERA check's summary and lines, where a
 * claim opens, detail popups, a ledger posting in full, the claim form's fills and lists; a charge
 * saved with its payment, and a line's diagnosis pointers.
 */
export function claimSideCallRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const today = () => deps.now().toISOString().slice(0, 10);

  defineCall(app, deps, Claims.getClaimStatsData, {
    handler: (input, context) => context.data.inScope(claimStats)(input.claimID, today()),
  });
  defineCall(app, deps, Claims.getChargeDetailData, {
    handler: (input, context) => context.data.run(chargeDetail)(input.chargeID),
  });
  defineCall(app, deps, Claims.getClaimDetailSummaryBillingData, {
    handler: (input, context) => context.data.inScope(billingSummary)(input.claimID),
  });
  defineCall(app, deps, Claims.getScrubingResponce, {
    handler: (input, context) => context.data.inScope(scrubResponse)(input.claimID),
  });
  defineCall(app, deps, Claims.getEditClaimDNAData, {
    handler: (input, context) => context.data.run(editClaimDNA)(input.claimID),
  });
  defineCall(app, deps, Claims.viewClaimValidationErrors, {
    handler: (input, context) => context.data.inScope(claimValidationErrors)(input.claimID, input.type),
  });
  defineCall(app, deps, Claims.getERAProfileDetailSummary, {
    handler: (input, context) => context.data.inScope(eraCheckSummary)(input.eraCheckID),
  });
  defineCall(app, deps, Claims.getERAProfileDetailSummaryCharges, {
    handler: (input, context) => context.data.inScope(eraCheckSummaryCharges)(input.eraCheckID),
  });

  defineCall(app, deps, Repository.getClaimScreen, {
    handler: (input, context) => context.data.inScope(claimScreen)(input.ClaimID),
  });
  defineCall(app, deps, Repository.getPopupDetailsDatabyID, {
    handler: (input, context) => context.data.inScope(popupDetails)(input),
  });
  defineCall(app, deps, Repository.getPaymentLedgerDetail, {
    handler: (input, context) => context.data.inScope(paymentLedgerDetail)(input.ledgerID),
  });
  defineCall(app, deps, Repository.getAutoPopulateClaimsData, {
    handler: (input, context) => context.data.inScope(autoPopulateClaim)(input.patientID),
  });
  defineCall(app, deps, Repository.getLookupDropowns, {
    handler: (_input, context) => context.data.reference(lookupDropdowns)(),
  });
  defineCall(app, deps, Repository.getReferringProvider, {
    handler: (input, context) => context.data.inScope(referringProviders)(input.groupID),
  });

  defineCall(app, deps, AddEditClaim.saveClaimChargeAndPayment, {
    handler: (input, context) => context.data.run(saveChargeAndPayment)(input, deps.now()),
  });
  defineCall(app, deps, AddEditClaim.updateChargeDiagnosis, {
    handler: (input, context) => context.data.run(editCharge)(input, deps.now()),
  });
}
