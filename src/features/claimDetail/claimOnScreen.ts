/**
 * The claim open on the detail screen, as commands see it: its charge lines and diagnoses (the
 * choices of "Edit charge line…" and "Remove diagnosis…"), its scrub findings (for "Go to first
 * scrub error"), and counters a command bumps to have the screen reload or move the cursor,
 * without reaching into React.
 */
import type { ChargeLine, ClaimDiagnosis } from '../../../contract/claimDetail.ts';
import type { ScrubFinding } from '../../../contract/scrub.ts';
import { defineStore } from '../../state/store.ts';

export const claimOnScreen = defineStore(() => ({
  claimID: null as number | null,
  charges: [] as ChargeLine[],
  diagnoses: [] as ClaimDiagnosis[],
  findings: [] as ScrubFinding[],
  /** The charge batch the claim is in, null for none. */
  chargeBatchID: null as number | null,
  /** Bumped after a change to the claim: the screen reads it again. */
  revision: 0,
  /** Bumped by "Go to first scrub error". */
  firstErrorRequests: 0,
}));

export function showClaimData(claimID: number, charges: readonly ChargeLine[], diagnoses: readonly ClaimDiagnosis[], findings: readonly ScrubFinding[], chargeBatchID: number | null = null): void {
  claimOnScreen.claimID = claimID;
  claimOnScreen.chargeBatchID = chargeBatchID;
  claimOnScreen.charges = [...charges];
  claimOnScreen.diagnoses = [...diagnoses];
  claimOnScreen.findings = [...findings];
}

export function leaveClaim(claimID: number): void {
  if (claimOnScreen.claimID !== claimID) return;
  claimOnScreen.claimID = null;
  claimOnScreen.chargeBatchID = null;
  claimOnScreen.charges = [];
  claimOnScreen.diagnoses = [];
  claimOnScreen.findings = [];
}

/** Reloads the screen when it shows one of `claimIDs`. */
export function claimsChanged(claimIDs: readonly number[]): void {
  if (claimOnScreen.claimID !== null && claimIDs.includes(claimOnScreen.claimID)) claimOnScreen.revision += 1;
}

export function goToFirstScrubError(): void {
  claimOnScreen.firstErrorRequests += 1;
}

/** Where a finding points, in the biller's words: "Line 2 · modifiers", "Billing provider · NPI". */
export function findingPlace(finding: Pick<ScrubFinding, 'field' | 'lineNumber'>): string {
  const path = finding.field.replace(/\[\d+\]/g, '');
  const last = path.split('.').at(-1) ?? path;
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const label = words === 'npi' ? 'NPI' : words.replace(/\bid\b/g, 'ID').replace(/\bicd\b/g, 'ICD').replace(/\bpos\b/g, 'POS');
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
