/**
 * The claim screen's lower sections (documents, medical case): a counter per section that a "go
 * to" command bumps to move the keyboard there, and which section's key last opened the palette.
 */
import { defineStore } from '../../state/store.ts';

export type ClaimSection = 'documents' | 'medicalCase';

export const claimSections = defineStore(() => ({
  focusRequests: { documents: 0, medicalCase: 0 },
  /** The section whose key last opened the palette: the keyboard comes back to it. */
  keyedSection: null as ClaimSection | null,
}));

export function focusClaimSection(section: ClaimSection): void {
  claimSections.focusRequests[section] += 1;
}

export function sectionKeyUsed(section: ClaimSection): void {
  claimSections.keyedSection = section;
}
