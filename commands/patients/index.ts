/**
 * Patients by keyboard: search (the text goes to the patient search screen), register a new
 * patient, edit the patient under the cursor and delete one registered by mistake (one with
 * claims or payments can only be made inactive, on its edit screen).
 */
import { deletePatient } from '../../src/api/patients.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { Command } from '../../src/console/types.ts';
import { patientCursor, patientListVersion } from '../../src/features/patients/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { PATIENT_FORM, PATIENTS_PATH, REGISTER_PATIENT_PATH } from '../../src/routing/paths.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { notInMenuReason } from '../general/screens.ts';

const notInMenu = () => notInMenuReason(PATIENTS_PATH, 'Patient search');
const noPatient = () =>
  patientCursor.patient === null ? 'Open Patient Search and put the cursor on a patient.' : null;
const patientName = () => {
  const patient = patientCursor.patient;
  return patient ? `${patient.lastName}, ${patient.firstName}` : '';
};

const searchPatientsCommand: Command = {
  id: 'patients.search',
  title: 'Search patients…',
  group: 'Patients',
  keywords: ['patient', 'find patient', 'patient search', 'date of birth', 'account', 'member id', 'phone'],
  privilege: 'PATIENTS',
  disabledReason: notInMenu,
  steps: [
    {
      key: 'text',
      kind: 'text',
      title: 'Last, first · date of birth · account · member ID · phone',
      validate: (value) => (value.trim() === '' ? 'Type what to search for.' : null),
    },
  ],
  run: (_ctx, args) => {
    const text = typeof args.text === 'string' ? args.text.trim() : '';
    goTo(`${PATIENTS_PATH}?${new URLSearchParams({ q: text }).toString()}`);
  },
};

const registerPatientCommand: Command = {
  id: 'patients.register',
  title: 'Register patient',
  group: 'Patients',
  keywords: ['new patient', 'add patient', 'register', 'demographics'],
  privilege: 'PATIENTS',
  disabledReason: (ctx) => notInMenu() ?? (ctx.route === REGISTER_PATIENT_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(REGISTER_PATIENT_PATH),
};

const editPatientCommand: Command = {
  id: 'patients.edit',
  title: 'Edit patient',
  group: 'Patients',
  keywords: ['patient', 'demographics', 'address', 'inactivate patient'],
  privilege: 'PATIENTS',
  disabledReason: () => notInMenu() ?? noPatient(),
  run: () => {
    const patient = patientCursor.patient;
    if (patient) goTo(PATIENT_FORM.path(patient.patientID));
  },
};

const deletePatientCommand: Command = {
  id: 'patients.delete',
  title: 'Delete patient…',
  group: 'Patients',
  keywords: ['patient', 'remove patient', 'registered by mistake'],
  privilege: 'PATIENTS',
  disabledReason: () => notInMenu() ?? noPatient(),
  steps: [
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Are you sure?',
      choices: () => [
        {
          value: 'yes',
          label: `Delete ${patientName()}`,
          hint: 'only a patient with no claims or payments; otherwise make it inactive',
        },
        { value: 'no', label: 'Cancel' },
      ],
    },
  ],
  run: async (ctx, args) => {
    const patient = patientCursor.patient;
    if (patient === null || args.confirm !== 'yes') return;
    try {
      const reply = await deletePatient(patient.patientID, { source: ctx.source, silent: true });
      notify.success(`${reply.message}: ${patientName()}`);
      patientListVersion.version += 1;
      if (PATIENT_FORM.idIn(ctx.route) === patient.patientID) goTo(PATIENTS_PATH);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : 'Something went wrong');
    }
  },
};

export const patientCommands: readonly Command[] = [
  searchPatientsCommand,
  registerPatientCommand,
  editPatientCommand,
  deletePatientCommand,
];
