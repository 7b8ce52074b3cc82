/** What commands may use of the ERA detail screen: why an ERA claim or line can or cannot change, and how they are named. */
export {
  adjustmentText,
  chargeChoices,
  claimIDProblem,
  claimName,
  claimPostingText,
  LINK_CLAIM_FIRST,
  linkClaimReason,
  linkLineReason,
  OFF_SCREEN_REASON,
  openClaimReason,
  POSTED_CLAIM_REASON,
  POSTED_REASON,
  postCheckReason,
  procedureText,
  providerAdjustmentsText,
  unlinkLineReason,
} from './eraDetailText.ts';
export { eraDetailOnScreen, toggleEraCheckSummary } from './eraDetailOnScreen.ts';
