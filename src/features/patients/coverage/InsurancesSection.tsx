import { useCallback } from 'react';
import { priorityLabel, type Coverage } from '../../../../contract/patientCoverage.ts';
import { coveredText, relationshipText, subscriberText } from '../../../../commands/patientCoverage/coverageText.ts';
import { getPatientCoverages } from '../../../api/patientCoverage.ts';
import type { RowColumn } from '../../../ui/RowList.tsx';
import { SectionList, type SectionCommand } from './SectionList.tsx';

const COLUMNS: readonly RowColumn<Coverage>[] = [
  { id: 'priority', title: 'Priority', render: (c) => priorityLabel(c.priority) },
  { id: 'payer', title: 'Payer', render: (c) => `${c.payerName} (${c.payerID})` },
  { id: 'member', title: 'Member ID', render: (c) => c.subscriberID },
  { id: 'group', title: 'Group', render: (c) => c.groupNumber ?? '—' },
  { id: 'relationship', title: 'Relationship', render: (c) => relationshipText(c.relationship) },
  { id: 'subscriber', title: 'Subscriber', render: subscriberText },
  { id: 'dates', title: 'Covered', render: coveredText },
  { id: 'status', title: 'Status', render: (c) => (c.active ? 'Active' : 'Inactive') },
];

const COMMANDS: readonly SectionCommand[] = [
  { command: 'patients.addInsurance', hint: 'add', forRow: false },
  { command: 'patients.editInsurance', hint: 'edit', forRow: true },
  { command: 'patients.toggleInsuranceActive', hint: 'active', forRow: true },
];

/**
 * A patient's insurances: the active ones primary, secondary, tertiary, then the inactive ones.
 * N adds one, E edits the one under the cursor, A switches it on or off.
 */
export function InsurancesSection({ patientID }: { patientID: number }) {
  const read = useCallback(
    (signal: AbortSignal) => getPatientCoverages(patientID, { signal, silent: true }),
    [patientID],
  );
  const of = useCallback(
    (coverage: Coverage) => ({ kind: 'patientInsurance' as const, id: coverage.patientInsuranceID, coverage }),
    [],
  );
  return (
    <SectionList
      patientID={patientID}
      title="Insurances"
      rowName="insurance"
      columns={COLUMNS}
      rowKey={(coverage) => coverage.patientInsuranceID}
      read={read}
      watch={{ patientInsurance: 'all' }}
      owner={`patientInsurances:${patientID}`}
      kind="patientInsurance"
      of={of}
      commands={COMMANDS}
      rowClassName={(coverage) => (coverage.active ? undefined : 'muted')}
      empty="No insurance yet. N adds the primary (“Add patient insurance…” in the palette, Ctrl+K)."
    />
  );
}
