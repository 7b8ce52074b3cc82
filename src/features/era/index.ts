/** What commands may use of the ERA screen: which checks it lists, and how checks and postings are named. */
export { eraStatusShown, showEraStatus, type EraStatusFilter } from './eraOnScreen.ts';
export { checkName, checkSummaryText, postedText, postingChoices, uploadedCheckText, uploadText } from './eraText.ts';
