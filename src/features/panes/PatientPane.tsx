import { useCallback, useEffect, useState } from 'react';
import type { PatientInfoReply } from '../../../contract/patients.ts';
import { useStore } from '../../state/useStore.ts';
import { setPaneCursor, workspace } from '../../state/workspace.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from './Money.tsx';
import { getPatientInfoByID } from './paneApi.ts';
import { useOwnCursor, type PaneViewProps } from './paneLinks.ts';
import { PatientPicker } from './PatientPicker.tsx';
import { useRemote } from './useRemote.ts';

function fullName(patient: PatientInfoReply): string {
  return `${patient.lastName}, ${[patient.firstName, patient.middleName].filter(Boolean).join(' ')}`;
}

function PatientCard({ patient }: { patient: PatientInfoReply }) {
  const { totals } = patient;
  return (
    <div className="patient-card" data-testid="patient-card">
      <h3>{fullName(patient)}</h3>
      <dl className="facts">
        <dt>Account</dt>
        <dd>{patient.accountNumber}</dd>
        <dt>DOB</dt>
        <dd>
          {formatDate(patient.dateOfBirth)} · {patient.sex}
        </dd>
        <dt>Address</dt>
        <dd>
          {[patient.address1, patient.address2, `${patient.city}, ${patient.state} ${patient.zip}`]
            .filter(Boolean)
            .join(', ')}
        </dd>
        <dt>Phone</dt>
        <dd>{patient.phone ?? '—'}</dd>
        <dt>Practice</dt>
        <dd>{patient.practiceName}</dd>
      </dl>
      <h4>Insurances</h4>
      {patient.insurances.length === 0 && <p className="muted">Self-pay: no insurance on file.</p>}
      <ol className="insurances">
        {patient.insurances.map((insurance) => (
          <li
            key={`${insurance.priority}-${insurance.subscriberID}-${insurance.effectiveFrom}`}
            className={insurance.active ? undefined : 'muted'}
          >
            <strong>{insurance.priority}.</strong> {insurance.payerName} · {insurance.subscriberID}
            {insurance.active ? '' : ' (inactive)'}
          </li>
        ))}
      </ol>
      <h4>Balance</h4>
      <dl className="facts facts--money">
        <dt>Claims</dt>
        <dd>{totals.claims}</dd>
        <dt>Charges</dt>
        <dd>
          <Money cents={totals.charges} />
        </dd>
        <dt>Paid</dt>
        <dd>
          <Money cents={totals.paid} />
        </dd>
        <dt>Adjusted</dt>
        <dd>
          <Money cents={totals.adjusted} />
        </dd>
        <dt>Balance</dt>
        <dd data-testid="patient-balance">
          <Money cents={totals.balance} />
        </dd>
      </dl>
    </div>
  );
}

/**
 * The patient the other panes follow: the patient last looked at anywhere (the claim last under a
 * cursor in any workspace), or the one picked here.
 */
export function PatientPane({ layoutId, pane }: PaneViewProps) {
  const own = useOwnCursor(layoutId, pane.id, 'patient');
  const { lastPatientID } = useStore(workspace);
  const patientID = lastPatientID;
  const [picks, setPicks] = useState(0);
  const load = useCallback(
    (id: number, signal: AbortSignal) => getPatientInfoByID(id, { signal, background: true, silent: true }),
    [],
  );
  const remote = useRemote<number, PatientInfoReply>(patientID, load, 0);

  // The patient last looked at becomes this pane's pick, so the other panes follow it.
  useEffect(() => {
    if (lastPatientID !== null && own !== lastPatientID) setPaneCursor(layoutId, pane.id, { patientID: lastPatientID });
  }, [own, lastPatientID, layoutId, pane.id]);

  const pick = (id: number) => {
    setPaneCursor(layoutId, pane.id, { patientID: id });
    setPicks((count) => count + 1);
  };

  const patient = remote.state === 'ready' ? remote.data : remote.state === 'loading' ? remote.stale : null;
  return (
    <div className="patient-pane">
      <PatientPicker key={picks} onPick={pick} autoFocus={picks > 0} />
      {patientID === null && <p className="muted">No patient yet: find one by name or claim ID.</p>}
      {remote.state === 'failed' && <p className="muted">The patient could not be loaded.</p>}
      {patient && <PatientCard patient={patient} />}
    </div>
  );
}
