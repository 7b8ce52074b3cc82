import { defineStore } from '../../state/store.ts';

/** Asked from the palette: the settings' authenticator section opens its password field. */
export const reEnrolment = defineStore(() => ({ asked: 0 }));

export function startReEnrolment(): void {
  reEnrolment.asked += 1;
}
