/** What the commands may use of the claim form: whether one is open and editable, and its save request. */
export { claimFormOnScreen, requestFillFromLastClaim, requestFormSave } from './claimFormOnScreen.ts';
