import type { ScrubFinding } from '../../../contract/scrub.ts';
import type { RowColumn } from '../panes/RowList.tsx';
import { findingPlace } from './claimOnScreen.ts';

export const FINDING_COLUMNS: readonly RowColumn<ScrubFinding>[] = [
  { id: 'severity', title: 'Kind', render: (finding) => <span className={`finding__kind finding__kind--${finding.severity}`}>{finding.severity === 'error' ? 'Error' : 'Warning'}</span> },
  { id: 'place', title: 'Where', render: findingPlace },
  { id: 'message', title: 'Finding', render: (finding) => finding.message },
  { id: 'fix', title: 'How to fix', render: (finding) => <span className="muted">{finding.fix}</span> },
];

export function findingCounts(findings: readonly ScrubFinding[]): string {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const part = (count: number, word: string) => (count === 1 ? `1 ${word}` : `${count} ${word}s`);
  return [errors > 0 ? part(errors, 'error') : null, warnings > 0 ? part(warnings, 'warning') : null].filter(Boolean).join(', ');
}

/** A charge line with an error (or only warnings) is marked beside its row. */
export function chargeFindingClass(findings: readonly ScrubFinding[], chargeID: number): string | undefined {
  const mine = findings.filter((finding) => finding.chargeID === chargeID);
  if (mine.some((finding) => finding.severity === 'error')) return 'row--error';
  return mine.length > 0 ? 'row--warning' : undefined;
}
