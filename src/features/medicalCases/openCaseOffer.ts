/**
 * The open medical case the claim form offers for the saved claim it edits, so the palette's
 * "Link the claim to the patient's open medical case" links that one.
 */
import type { OpenMedicalCase } from '../../../contract/medicalCaseLookups.ts';
import { defineStore } from '../../state/store.ts';

export const openCaseOffer = defineStore(() => ({
  offer: null as { claimID: number; medicalCase: OpenMedicalCase } | null,
  /** Moved when the offer was taken, so the form reads it again. */
  revision: 0,
  /** The claim form's practice and coverage, for "Revenue code of a procedure on this claim…"; null without a form. */
  form: null as { practiceID: number; patientInsuranceID: number | null } | null,
}));

/** The claim form shows (or no longer shows) a claim of this practice and coverage. */
export function claimFormCoverage(form: { practiceID: number; patientInsuranceID: number | null } | null): void {
  openCaseOffer.form = form;
}

export function offerOpenCase(offer: { claimID: number; medicalCase: OpenMedicalCase } | null): void {
  openCaseOffer.offer = offer;
}

/** The claim was linked to the offered case. */
export function openCaseOfferTaken(): void {
  openCaseOffer.revision += 1;
}
