/**
 * The claim screen's lower sections (documents, medical case) as commands see them: a counter per
 * section that a "go to" command bumps to move the keyboard there, and the documents the section
 * lists, so the commands its keys run know the document they were handed.
 */
import type { ClaimDocument } from '../../../contract/documents.ts';
import { defineStore } from '../../state/store.ts';

export type ClaimSection = 'documents' | 'medicalCase';

export const claimSections = defineStore(() => ({
  focusRequests: { documents: 0, medicalCase: 0 },
  documents: [] as ClaimDocument[],
  /**
   * Bumped by the commands that change what the sections show. The claim's own reload counter is
   * not enough: it does nothing while the claim is itself reloading after the previous change.
   */
  revision: 0,
  /** The section whose key last opened the palette: the keyboard comes back to it. */
  keyedSection: null as ClaimSection | null,
}));

export function focusClaimSection(section: ClaimSection): void {
  claimSections.focusRequests[section] += 1;
}

export function claimSectionsChanged(): void {
  claimSections.revision += 1;
}

export function sectionKeyUsed(section: ClaimSection): void {
  claimSections.keyedSection = section;
}

export function showDocuments(documents: readonly ClaimDocument[]): void {
  claimSections.documents = [...documents];
}
