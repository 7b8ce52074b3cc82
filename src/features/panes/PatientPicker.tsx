import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ClaimSearchRow } from '../../../contract/claims.ts';
import { getAllClaimsSearchData } from '../../api/claims.ts';
import { formatDate } from '../../ui/format.ts';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { useRemote } from './useRemote.ts';

interface PatientChoice {
  patientID: number;
  patientName: string;
  accountNumber: string;
  lastDos: string;
}

const COLUMNS: readonly RowColumn<PatientChoice>[] = [
  { id: 'name', title: 'Patient', render: (choice) => choice.patientName },
  { id: 'account', title: 'Account', render: (choice) => choice.accountNumber },
  { id: 'dos', title: 'Last DOS', render: (choice) => formatDate(choice.lastDos) },
];

/** Patients among the claims that match: one row per patient, in the order the claims came. */
function patientsOf(rows: readonly ClaimSearchRow[]): PatientChoice[] {
  const seen = new Map<number, PatientChoice>();
  for (const row of rows) {
    if (!seen.has(row.patientID))
      seen.set(row.patientID, {
        patientID: row.patientID,
        patientName: row.patientName,
        accountNumber: row.accountNumber,
        lastDos: row.dosFrom,
      });
  }
  return [...seen.values()];
}

const SEARCH_PAUSE_MS = 250;

/**
 * Finds a patient by name (last name first, as on the claims list) or by one of their claim IDs,
 * through the claims search, so it sees exactly the patients of the user's data role. Enter in
 * the field or on a row picks; Arrow Down goes from the field to the list; Escape leaves the field
 * for its pane.
 */
export function PatientPicker({ onPick, autoFocus }: { onPick: (patientID: number) => void; autoFocus: boolean }) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(draft.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  const load = useCallback(
    (search: string, signal: AbortSignal) =>
      getAllClaimsSearchData(
        { pageNumber: 1, pageSize: 100, sortColumn: 'patientName', sortOrder: 'asc', search },
        { signal, background: true },
      ).then((reply) => patientsOf(reply.rows)),
    [],
  );
  const remote = useRemote<string, PatientChoice[]>(query === '' ? null : query, load, 0);
  const choices = remote.state === 'ready' ? remote.data : [];

  function onFieldKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const first = choices[0];
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      onPick((choices[active] ?? first).patientID);
    } else if (event.key === 'ArrowDown' && choices.length > 0) {
      event.preventDefault();
      list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
    } else if (event.key === 'Escape') {
      // Out of the field, onto its pane: letters are keys again (F6, the palette's '/', 'g c').
      event.preventDefault();
      event.currentTarget.closest<HTMLElement>('[data-pane-id]')?.focus();
    }
  }

  return (
    <div className="patient-picker">
      <input
        ref={field}
        type="search"
        className="field__input"
        aria-label="Find a patient by name or claim ID"
        placeholder="Patient name (LAST, FIRST) or claim ID"
        maxLength={100}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setActive(0);
        }}
        onKeyDown={onFieldKeyDown}
        data-pane-focus
      />
      {query !== '' && (
        <div ref={list} className="patient-picker__list">
          {remote.state === 'ready' ? (
            <RowList
              label="Matching patients"
              columns={COLUMNS}
              rows={choices}
              rowKey={(choice) => choice.patientID}
              active={active}
              onActiveChange={setActive}
              onOpen={(choice) => onPick(choice.patientID)}
              empty="No patient matches."
            />
          ) : (
            <p className="muted">{remote.state === 'failed' ? 'The search failed.' : 'Searching…'}</p>
          )}
        </div>
      )}
    </div>
  );
}
