import type { ScrubFinding } from '../../../contract/scrub.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { findingPlace } from './claimOnScreen.ts';

export const FINDING_COLUMNS: readonly RowColumn<ScrubFinding>[] = [
  {
    id: 'severity',
    title: 'Kind',
    render: (finding) => (
      <span className={`finding__kind finding__kind--${finding.severity}`}>
        {finding.severity === 'error' ? 'Error' : 'Warning'}
      </span>
    ),
  },
  { id: 'place', title: 'Where', render: findingPlace },
  { id: 'message', title: 'Finding', render: (finding) => finding.message },
  { id: 'fix', title: 'How to fix', render: (finding) => <span className="muted">{finding.fix}</span> },
];

export function findingCounts(findings: readonly ScrubFinding[]): string {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const part = (count: number, word: string) => (count === 1 ? `1 ${word}` : `${count} ${word}s`);
  return [errors > 0 ? part(errors, 'error') : null, warnings > 0 ? part(warnings, 'warning') : null]
    .filter(Boolean)
    .join(', ');
}

/** A charge line with an error (or only warnings) is marked beside its row. */
export function chargeFindingClass(findings: readonly ScrubFinding[], chargeID: number): string | undefined {
  const mine = findings.filter((finding) => finding.chargeID === chargeID);
  if (mine.some((finding) => finding.severity === 'error')) return 'row--error';
  return mine.length > 0 ? 'row--warning' : undefined;
}

/** The header fact a finding's field belongs to, by the start of its path into the claim. */
const FACT_OF_FIELD: readonly [prefix: string, label: string][] = [
  ['coverage.subscriberID', 'Subscriber ID'],
  ['coverage', 'Payer'],
  ['primary', 'Payer'],
  ['practice', 'Practice'],
  ['provider', 'Provider'],
  ['facility', 'Facility'],
  ['posCode', 'POS'],
  ['dos', 'DOS'],
  ['patient', 'Patient'],
];

/** Header facts with a finding, worst first: an error marks a fact red, a warning amber. */
export function flaggedFacts(findings: readonly ScrubFinding[]): ReadonlyMap<string, ScrubFinding['severity']> {
  const flagged = new Map<string, ScrubFinding['severity']>();
  for (const finding of findings) {
    if (finding.chargeID !== null) continue;
    const label = FACT_OF_FIELD.find(([prefix]) => finding.field.startsWith(prefix))?.[1];
    if (label && flagged.get(label) !== 'error') flagged.set(label, finding.severity);
  }
  return flagged;
}

/** Diagnoses (1-based sequence) a finding points at: 'diagnoses[1]' is the second. */
export function flaggedDiagnoses(findings: readonly ScrubFinding[]): ReadonlyMap<number, ScrubFinding['severity']> {
  const flagged = new Map<number, ScrubFinding['severity']>();
  for (const finding of findings) {
    const match = /^diagnoses\[(\d+)\]/.exec(finding.field);
    if (!match) continue;
    const sequence = Number(match[1]) + 1;
    if (flagged.get(sequence) !== 'error') flagged.set(sequence, finding.severity);
  }
  return flagged;
}
