import { useCallback } from 'react';
import type { Guarantor } from '../../../../contract/patientCoverage.ts';
import { relationshipText } from '../../../../commands/patientCoverage/coverageText.ts';
import { addressLine } from '../../../../commands/organisation/addressText.ts';
import { getPatientGuarantors } from '../../../api/patientCoverage.ts';
import type { RowColumn } from '../../../ui/RowList.tsx';
import { SectionList, type SectionCommand } from './SectionList.tsx';

const COLUMNS: readonly RowColumn<Guarantor>[] = [
  {
    id: 'name',
    title: 'Guarantor',
    render: (g) => [`${g.lastName}, ${g.firstName}`, g.middleName].filter(Boolean).join(' '),
  },
  { id: 'relationship', title: 'Relationship', render: (g) => relationshipText(g.relationship) },
  { id: 'birth', title: 'Date of birth', render: (g) => g.dateOfBirth ?? '—' },
  { id: 'address', title: 'Address', render: (g) => addressLine(g) || '—' },
  { id: 'phone', title: 'Phone', render: (g) => g.phone ?? '—' },
];

const COMMANDS: readonly SectionCommand[] = [
  { command: 'patients.addGuarantor', hint: 'add', forRow: false },
  { command: 'patients.editGuarantor', hint: 'edit', forRow: true },
  { command: 'patients.deleteGuarantor', hint: 'delete', forRow: true },
];

/** Who answers for the patient's balance. N adds a guarantor, E edits the one under the cursor, Delete removes it. */
export function GuarantorsSection({ patientID }: { patientID: number }) {
  const read = useCallback(
    (signal: AbortSignal) => getPatientGuarantors(patientID, { signal, silent: true }),
    [patientID],
  );
  const of = useCallback(
    (guarantor: Guarantor) => ({ kind: 'patientGuarantor' as const, id: guarantor.patientGuarantorID, guarantor }),
    [],
  );
  return (
    <SectionList
      patientID={patientID}
      title="Guarantors"
      rowName="guarantor"
      columns={COLUMNS}
      rowKey={(guarantor) => guarantor.patientGuarantorID}
      read={read}
      watch={{ patientGuarantor: 'all' }}
      owner={`patientGuarantors:${patientID}`}
      kind="patientGuarantor"
      of={of}
      commands={COMMANDS}
      empty="No guarantor. N adds one (“Add guarantor…” in the palette, Ctrl+K)."
    />
  );
}
