import { useLocation } from 'wouter';
import { PATIENT_FORM } from '../../../routing/paths.ts';
import { FinancialsSection } from './FinancialsSection.tsx';

/** The financials of the patient open at /app/register-patient/[patient_id]. */
export function PatientFinancialsSection() {
  const [path] = useLocation();
  const patientID = PATIENT_FORM.idIn(path);
  return patientID === null ? null : <FinancialsSection key={patientID} patientID={patientID} />;
}
