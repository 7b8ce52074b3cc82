/**
 * Requests a command makes of the claim screen without reaching into React ("Go to first scrub
 * error"), and how a scrub finding's place is named. What the claim screen has open is its
 * target (src/state/target.ts); changes to claims are announced with recordsChanged.
 */
import type { ScrubFinding } from '../../../contract/scrub.ts';
import { recordsChanged } from '../../state/recordsChanged.ts';
import { defineStore } from '../../state/store.ts';

export const claimView = defineStore(() => ({
  /** Bumped by "Go to first scrub error". */
  firstErrorRequests: 0,
}));

/**
 * Every screen showing one of `claimIDs` reads it again: recordsChanged('claim', claimIDs), kept
 * under this name for the claim form, which announces its saves through it.
 */
export function claimsChanged(claimIDs: readonly number[]): void {
  recordsChanged('claim', claimIDs);
}

export function goToFirstScrubError(): void {
  claimView.firstErrorRequests += 1;
}

/** Where a finding points, in the biller's words: "Line 2 · modifiers", "Billing provider · NPI". */
export function findingPlace(finding: Pick<ScrubFinding, 'field' | 'lineNumber'>): string {
  const path = finding.field.replace(/\[\d+\]/g, '');
  const last = path.split('.').at(-1) ?? path;
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const label =
    words === 'npi'
      ? 'NPI'
      : words
          .replace(/\bid\b/g, 'ID')
          .replace(/\bicd\b/g, 'ICD')
          .replace(/\bpos\b/g, 'POS');
  if (finding.lineNumber !== null) return `Line ${finding.lineNumber} · ${label}`;
  const owner = path.split('.')[0] ?? '';
  const owners: Record<string, string> = {
    practice: 'Billing provider',
    provider: 'Rendering provider',
    referringProvider: 'Referring provider',
    supervisingProvider: 'Supervising provider',
    coverage: 'Insurance',
    patient: 'Patient',
    diagnoses: 'Diagnoses',
    facility: 'Facility',
    primary: 'Primary payer',
  };
  const diagnosis = /^diagnoses\[(\d+)\]/.exec(finding.field);
  if (diagnosis) return `Diagnosis ${Number(diagnosis[1]) + 1}`;
  return owners[owner] && owner !== path ? `${owners[owner]} · ${label}` : (owners[owner] ?? `Claim · ${label}`);
}
