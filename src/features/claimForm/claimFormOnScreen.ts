/**
 * The claim form as commands see it: whether one is open and editable, and a counter "Save the
 * claim form" bumps so the screen saves, without the command reaching into React.
 */
import { defineStore } from '../../state/store.ts';

export const claimFormOnScreen = defineStore(() => ({
  open: false,
  editable: false,
  saveRequests: 0,
  /** Bumped by "Fill from the patient's last claim": the form fills its empty fields. */
  fillRequests: 0,
}));

export function requestFormSave(): void {
  claimFormOnScreen.saveRequests += 1;
}

export function requestFillFromLastClaim(): void {
  claimFormOnScreen.fillRequests += 1;
}
