/**
 * The ERA detail screen's file, its cursor claim and line, and a reload counter, in a store so
 * that the palette's commands (link, unlink, post) act on what the screen's keys would.
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

interface EraDetailScreen {
  /** The ERA file shown, null off the screen. */
  detail: EraFullDetailReply | null;
  claimRow: number;
  lineRow: number;
  /** Bumped after a link or an unlink: the screen reads the file again. */
  revision: number;
}

export const eraDetailOnScreen = defineStore((): EraDetailScreen => ({ detail: null, claimRow: 0, lineRow: 0, revision: 0 }));

/** The claims of every check of the file, in the order the file lists them. */
export function claimRowsOf(detail: EraFullDetailReply | null): EraClaimRow[] {
  return detail?.checks.flatMap((check) => check.claims.map((claim) => ({ check, claim }))) ?? [];
}

export function cursorClaim(): EraClaimRow | null {
  const rows = claimRowsOf(eraDetailOnScreen.detail);
  return rows[Math.min(eraDetailOnScreen.claimRow, rows.length - 1)] ?? null;
}

export function cursorLine(): EraDetailLine | null {
  const lines = cursorClaim()?.claim.lines ?? [];
  return lines[Math.min(eraDetailOnScreen.lineRow, lines.length - 1)] ?? null;
}

export function showEraDetail(detail: EraFullDetailReply | null): void {
  eraDetailOnScreen.detail = detail;
}

export function moveToClaim(row: number): void {
  eraDetailOnScreen.claimRow = row;
  eraDetailOnScreen.lineRow = 0;
}

export function moveToLine(row: number): void {
  eraDetailOnScreen.lineRow = row;
}

export function eraDetailChanged(): void {
  eraDetailOnScreen.revision += 1;
}

export function leaveEraDetail(): void {
  eraDetailOnScreen.detail = null;
  eraDetailOnScreen.claimRow = 0;
  eraDetailOnScreen.lineRow = 0;
}
