import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PatientListReply, PatientRow } from '../../../contract/patientRecord.ts';
import { searchPatients } from '../../api/patients.ts';
import { runCommand } from '../../console/registry.ts';
import { goTo } from '../../routing/navigation.ts';
import { PATIENT_FORM, REGISTER_PATIENT_PATH } from '../../routing/paths.ts';
import { useStore } from '../../state/useStore.ts';
import { FormError } from '../../ui/FormError.tsx';
import { KeyHints } from '../../ui/KeyHints.tsx';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { patientCursor, patientListVersion } from './patientCursor.ts';
import './patients.css';

const COLUMNS: readonly RowColumn<PatientRow>[] = [
  {
    id: 'name',
    title: 'Patient',
    render: (row) => `${row.lastName}, ${row.firstName}${row.middleName ? ` ${row.middleName}` : ''}`,
  },
  { id: 'dob', title: 'Date of birth', render: (row) => row.dateOfBirth },
  { id: 'account', title: 'Account', render: (row) => row.accountNumber },
  { id: 'member', title: 'Member ID', render: (row) => row.memberIDs ?? '—' },
  { id: 'phone', title: 'Phone', render: (row) => row.phone ?? '—' },
  { id: 'practice', title: 'Practice', render: (row) => row.practiceName },
  { id: 'status', title: 'Status', render: (row) => (row.active ? 'Active' : 'Inactive') },
];

/**
 * /app/patient-search: type a name (last, first), a date of birth, an account, a member ID or a
 * phone and press Enter; arrows move through the patients found, Enter opens one, N registers a
 * new patient, D deletes the cursor patient (only one without billing history).
 */
export function PatientSearchPage() {
  const initial = new URLSearchParams(window.location.search).get('q') ?? '';
  const [typed, setTyped] = useState(initial);
  const [searched, setSearched] = useState(initial);
  const [reply, setReply] = useState<PatientListReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const { version } = useStore(patientListVersion);
  const input = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    input.current?.querySelector('input')?.focus();
  }, []);

  useEffect(() => {
    if (searched.trim() === '') return;
    const controller = new AbortController();
    searchPatients({ patientSearch: searched }, { signal: controller.signal, silent: true }).then(
      (found) => {
        setReply(found);
        setError(null);
      },
      (thrown: unknown) => {
        if (!controller.signal.aborted)
          setError(thrown instanceof Error ? thrown.message : 'Error in Fetching search data');
      },
    );
    return () => controller.abort();
  }, [searched, version]);

  const rows = reply?.rows ?? [];
  const cursorRow = rows[Math.min(active, rows.length - 1)] ?? null;
  useEffect(() => {
    patientCursor.patient = cursorRow
      ? { patientID: cursorRow.patientID, firstName: cursorRow.firstName, lastName: cursorRow.lastName }
      : null;
  }, [cursorRow]);
  useEffect(
    () => () => {
      patientCursor.patient = null;
    },
    [],
  );

  function onSearchKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      setActive(0);
      setSearched(typed.trim());
    } else if (event.key === 'ArrowDown' && rows.length > 0) {
      event.preventDefault();
      list.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
    }
  }

  function onListKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target instanceof HTMLInputElement) return;
    if (event.key === 'n') {
      event.preventDefault();
      goTo(REGISTER_PATIENT_PATH);
    } else if (event.key === 'd') {
      event.preventDefault();
      void runCommand('patients.delete', 'hotkey');
    } else if (event.key === '/') {
      event.preventDefault();
      input.current?.querySelector('input')?.focus();
    }
  }

  return (
    <ScreenFrame
      title="Patient Search"
      note={reply ? `${reply.total} found` : undefined}
      hints={
        <KeyHints
          hints={[
            { keys: ['Enter'], label: 'search / open' },
            { keys: ['↓'], label: 'to the list' },
            { keys: ['N'], label: 'register patient' },
            { keys: ['D'], label: 'delete' },
            { keys: ['/'], label: 'search box' },
          ]}
        />
      }
    >
      <div className="patient-search" onKeyDown={onListKey}>
        <div ref={input} className="patient-search__box" onKeyDown={onSearchKey}>
          <TextField
            label="Find a patient"
            value={typed}
            onChange={setTyped}
            placeholder="Last, first · date of birth · account · member ID · phone"
            hint="Enter searches; ↓ moves to the patients found."
          />
        </div>
        <FormError text={error} />
        <div ref={list} className="patient-search__list">
          <RowList
            label="Patients found"
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.patientID}
            active={active}
            onActiveChange={setActive}
            onOpen={(row) => goTo(PATIENT_FORM.path(row.patientID))}
            rowClassName={(row) => (row.active ? undefined : 'is-inactive')}
            empty={
              searched === ''
                ? 'Type a name, date of birth, account, member ID or phone and press Enter. N registers a new patient.'
                : 'No patient matches. N registers a new patient.'
            }
          />
        </div>
      </div>
    </ScreenFrame>
  );
}
