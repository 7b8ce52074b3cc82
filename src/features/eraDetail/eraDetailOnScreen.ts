/**
 * The ERA detail screen's cursor rows (its claims list and the cursor claim's lines), kept in a
 * store so the cursor stays where it was while the file is read again. The ERA claim and line
 * under the cursor are the commands' targets (src/state/target.ts).
 */
import type { EraFullDetailReply } from '../../../contract/era.ts';
import { defineStore } from '../../state/store.ts';

export type EraDetailCheck = EraFullDetailReply['checks'][number];
export type EraDetailClaim = EraDetailCheck['claims'][number];
export type EraDetailLine = EraDetailClaim['lines'][number];

/** One row of the claims list: the ERA claim with the check that paid it. */
export interface EraClaimRow {
  check: EraDetailCheck;
  claim: EraDetailClaim;
}

export const eraDetailOnScreen = defineStore(() => ({ claimRow: 0, lineRow: 0, summaryShown: false }));

/** Shows or hides the cursor check's summary (S, "Show ERA check summary"). */
export function toggleEraCheckSummary(): void {
  eraDetailOnScreen.summaryShown = !eraDetailOnScreen.summaryShown;
}

/** The claims of every check of the file, in the order the file lists them. */
export function claimRowsOf(detail: EraFullDetailReply | null): EraClaimRow[] {
  return detail?.checks.flatMap((check) => check.claims.map((claim) => ({ check, claim }))) ?? [];
}

export function moveToClaim(row: number): void {
  eraDetailOnScreen.claimRow = row;
  eraDetailOnScreen.lineRow = 0;
}

export function moveToLine(row: number): void {
  eraDetailOnScreen.lineRow = row;
}

export function leaveEraDetail(): void {
  eraDetailOnScreen.claimRow = 0;
  eraDetailOnScreen.lineRow = 0;
}
