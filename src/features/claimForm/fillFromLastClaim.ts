/**
 * A new claim filled from the patient's last claim (Repository/getAutoPopulateClaimsData): only
 * the fields still empty take the last claim's value, so nothing the biller typed is replaced.
 */
import type { AutoPopulateReply } from '../../../contract/claimSideCalls.ts';
import type { ClaimDraft } from './claimFormLogic.ts';

const idText = (id: number | null) => (id === null ? '' : String(id));

export function filledFromLastClaim(draft: ClaimDraft, last: AutoPopulateReply): ClaimDraft {
  const keep = (typed: string, offered: string) => (typed === '' ? offered : typed);
  return {
    ...draft,
    patientInsuranceID: keep(draft.patientInsuranceID, idText(last.patientInsuranceID)),
    providerID: keep(draft.providerID, idText(last.providerID)),
    referringProviderID: keep(draft.referringProviderID, idText(last.referringProviderID)),
    supervisingProviderID: keep(draft.supervisingProviderID, idText(last.supervisingProviderID)),
    facilityID: keep(draft.facilityID, idText(last.facilityID)),
    posCode: keep(draft.posCode, last.posCode ?? ''),
    diagnoses: draft.diagnoses.length > 0 ? draft.diagnoses : last.icds.map((code) => ({ code, description: null })),
  };
}
