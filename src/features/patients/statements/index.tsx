import { useLocation } from 'wouter';
import { PATIENT_FORM } from '../../../routing/paths.ts';
import { StatementsSection } from './StatementsSection.tsx';

/** The statements of the patient open at /app/register-patient/[patient_id]. */
export function PatientStatementsSection() {
  const [path] = useLocation();
  const patientID = PATIENT_FORM.idIn(path);
  return patientID === null ? null : <StatementsSection key={patientID} patientID={patientID} />;
}
