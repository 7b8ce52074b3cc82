/** What commands may use of the panes: the reads they share, and how codes and postings are named. */
export { icdWithDot, procedureText } from './billingText.ts';
export type { ComparedLine } from './claimLines.ts';
export { getChargesData, getClaimDetailData, getPaymentLedgers } from './paneApi.ts';
export { postingName, reverseRefusal } from './postingText.ts';
