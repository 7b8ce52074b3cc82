import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { DuplicateCandidate, PatientLookupsReply } from '../../../contract/patientRecord.ts';
import { ApiError } from '../../api/apiError.ts';
import {
  getDuplicateWarning,
  getPatientLookups,
  getPatientRecord,
  savePatient,
  updatePatient,
} from '../../api/patients.ts';
import { goTo } from '../../routing/navigation.ts';
import { PATIENT_FORM, PATIENTS_PATH } from '../../routing/paths.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { KeyHints } from '../../ui/KeyHints.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { patientCursor } from './patientCursor.ts';
import './patients.css';

interface Demographics {
  practiceID: string;
  accountNumber: string;
  lastName: string;
  firstName: string;
  middleName: string;
  dateOfBirth: string;
  sex: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  active: boolean;
}

const EMPTY: Demographics = {
  practiceID: '',
  accountNumber: '',
  lastName: '',
  firstName: '',
  middleName: '',
  dateOfBirth: '',
  sex: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  email: '',
  active: true,
};

const refusalOf = (thrown: unknown): string =>
  thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : 'Something went wrong';

function requestOf(form: Demographics) {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    practiceID: Number(form.practiceID),
    accountNumber: optional(form.accountNumber),
    firstName: form.firstName,
    middleName: optional(form.middleName),
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth.trim(),
    sex: form.sex.trim().toUpperCase() as 'M' | 'F' | 'U',
    address1: form.address1,
    address2: optional(form.address2),
    city: form.city,
    state: form.state.trim().toUpperCase(),
    zip: form.zip,
    phone: optional(form.phone),
    email: optional(form.email),
    active: form.active,
  };
}

/**
 * /app/register-patient (a new patient) and /app/register-patient/[patient_id] (editing one): the
 * demographics form. Enter in any field (or Ctrl+S) saves; before a save the duplicate warning
 * lists patients who may be the same person, and the biller saves anyway (Enter) or goes back
 * (Escape). Escape otherwise returns to the search. Sections of the patient's insurances and
 * guarantors render as `children`, below the demographics, once the patient is saved.
 */
export function RegisterPatientPage({ children }: { children?: ReactNode }) {
  const [path] = useLocation();
  const patientID = PATIENT_FORM.idIn(path);
  // A form of its own per patient: moving from a new patient to the saved one starts afresh.
  return (
    <PatientRecord key={patientID ?? 'new'} patientID={patientID}>
      {children}
    </PatientRecord>
  );
}

function PatientRecord({ patientID, children }: { patientID: number | null; children?: ReactNode }) {
  const [form, setForm] = useState<Demographics>(EMPTY);
  const [lookups, setLookups] = useState<PatientLookupsReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<readonly DuplicateCandidate[] | null>(null);
  const [accountNumber, setAccountNumber] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const warningRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPatientLookups({ signal: controller.signal, silent: true }).then(
      (found) => {
        setLookups(found);
        if (patientID === null && found.practices.length === 1)
          setForm((current) => ({ ...current, practiceID: String(found.practices[0]?.practiceID ?? '') }));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [patientID]);

  useEffect(() => {
    if (patientID === null) {
      formRef.current?.querySelector('input')?.focus();
      return;
    }
    const controller = new AbortController();
    getPatientRecord(patientID, { signal: controller.signal, silent: true }).then(
      (patient) => {
        setAccountNumber(patient.accountNumber);
        patientCursor.patient = { patientID, firstName: patient.firstName, lastName: patient.lastName };
        setForm({
          practiceID: String(patient.practiceID),
          accountNumber: patient.accountNumber,
          lastName: patient.lastName,
          firstName: patient.firstName,
          middleName: patient.middleName ?? '',
          dateOfBirth: patient.dateOfBirth,
          sex: patient.sex,
          address1: patient.address1,
          address2: patient.address2 ?? '',
          city: patient.city,
          state: patient.state,
          zip: patient.zip,
          phone: patient.phone ?? '',
          email: patient.email ?? '',
          active: patient.active,
        });
        formRef.current?.querySelector('input')?.focus();
      },
      (thrown: unknown) => {
        if (!controller.signal.aborted) setError(refusalOf(thrown));
      },
    );
    return () => {
      controller.abort();
      patientCursor.patient = null;
    };
  }, [patientID]);

  useEffect(() => {
    if (candidates && candidates.length > 0) warningRef.current?.focus();
  }, [candidates]);

  const set = (key: keyof Demographics) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function save(checked: boolean) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (!checked) {
        const found = await getDuplicateWarning(
          {
            firstName: form.firstName,
            lastName: form.lastName,
            dateOfBirth: form.dateOfBirth.trim(),
            ...(patientID === null ? {} : { patientID }),
          },
          { silent: true },
        );
        if (found.length > 0) {
          setCandidates(found);
          return;
        }
      }
      const request = requestOf(form);
      const reply =
        patientID === null
          ? await savePatient(request, { silent: true, source: 'button' })
          : await updatePatient({ ...request, patientID }, { silent: true, source: 'button' });
      setCandidates(null);
      notify.success(reply.message);
      setAccountNumber(reply.accountNumber);
      if (patientID === null) goTo(PATIENT_FORM.path(reply.patientID));
    } catch (thrown) {
      setCandidates(null);
      setError(refusalOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save(candidates !== null && candidates.length > 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (candidates) {
        setCandidates(null);
        formRef.current?.querySelector('input')?.focus();
      } else goTo(PATIENTS_PATH);
    }
  }

  const title =
    patientID === null
      ? 'Register Patient'
      : `Patient ${form.lastName}, ${form.firstName}${accountNumber ? ` · ${accountNumber}` : ''}`;

  return (
    <ScreenFrame
      title={title}
      hints={
        <KeyHints
          hints={[
            { keys: ['Enter'], label: 'save' },
            { keys: ['Ctrl+S'], label: 'save' },
            { keys: ['Esc'], label: 'back to search' },
          ]}
        />
      }
    >
      <div className="patient-record" onKeyDown={onKeyDown}>
        <form ref={formRef} className="patient-form" onSubmit={onSubmit} aria-label="Demographics">
          <div className="field">
            <label className="field__label" htmlFor="patient-practice">
              Practice
            </label>
            <select
              id="patient-practice"
              className="field__input"
              value={form.practiceID}
              onChange={(event) => set('practiceID')(event.target.value)}
            >
              <option value="">Choose a practice</option>
              {lookups?.practices.map((practice) => (
                <option key={practice.practiceID} value={practice.practiceID}>
                  {practice.name}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Last name" value={form.lastName} onChange={set('lastName')} autoComplete="off" />
          <TextField label="First name" value={form.firstName} onChange={set('firstName')} autoComplete="off" />
          <TextField label="Middle name" value={form.middleName} onChange={set('middleName')} autoComplete="off" />
          <TextField
            label="Date of birth"
            value={form.dateOfBirth}
            onChange={set('dateOfBirth')}
            placeholder="YYYY-MM-DD"
            autoComplete="off"
          />
          <TextField label="Sex" value={form.sex} onChange={set('sex')} placeholder="M, F or U" maxLength={1} />
          <TextField label="Street address" value={form.address1} onChange={set('address1')} autoComplete="off" />
          <TextField label="Address line 2" value={form.address2} onChange={set('address2')} autoComplete="off" />
          <TextField label="City" value={form.city} onChange={set('city')} autoComplete="off" />
          <TextField label="State" value={form.state} onChange={set('state')} placeholder="TX" maxLength={2} />
          <TextField label="ZIP code" value={form.zip} onChange={set('zip')} placeholder="12345 or 12345-6789" />
          <TextField label="Phone" value={form.phone} onChange={set('phone')} placeholder="512-555-0100" />
          <TextField label="E-mail" value={form.email} onChange={set('email')} autoComplete="off" />
          <TextField
            label="Account number"
            value={form.accountNumber}
            onChange={set('accountNumber')}
            hint={patientID === null ? 'Left empty, the group’s next account number is given.' : undefined}
          />
          {patientID !== null && (
            <label className="patient-form__check">
              <input
                type="checkbox"
                checked={form.active}
                onChange={(event) => setForm((current) => ({ ...current, active: event.target.checked }))}
              />{' '}
              Active (an inactive patient keeps its history but takes no new claims)
            </label>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {patientID === null ? 'Register patient' : 'Save patient'}
          </button>
        </form>
        <FormError text={error} />
        {candidates && candidates.length > 0 && (
          <section className="patient-duplicates" role="alertdialog" aria-label="Possible duplicate patients">
            <h2>Possible duplicate patients</h2>
            <p>These patients of your practices may be the same person. Check before saving another record.</p>
            <ul>
              {candidates.map((candidate) => (
                <li key={candidate.patientID}>
                  <strong>
                    {candidate.lastName}, {candidate.firstName}
                  </strong>{' '}
                  · {candidate.dateOfBirth} · {candidate.accountNumber} · {candidate.practiceName} —{' '}
                  {candidate.reasons.join('; ')}
                </li>
              ))}
            </ul>
            <button ref={warningRef} type="button" className="btn btn--primary" onClick={() => void save(true)}>
              Save anyway
            </button>{' '}
            <span className="muted">Enter saves anyway · Esc goes back to the form</span>
          </section>
        )}
        {/* The patient's own sections (insurances, guarantors) go here, once the patient is saved. */}
        {patientID !== null && children}
      </div>
    </ScreenFrame>
  );
}
