/** The patient the biller is on (the search screen's cursor row, or the patient being edited), for the commands. */
import { proxy } from 'valtio';
import type { PatientRow } from '../../../contract/patientRecord.ts';

export const patientCursor = proxy<{ patient: Pick<PatientRow, 'patientID' | 'firstName' | 'lastName'> | null }>({
  patient: null,
});

/** Bumped after a delete, so the search screen reads its rows again. */
export const patientListVersion = proxy({ version: 0 });
