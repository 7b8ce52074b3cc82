import { useLocation } from 'wouter';
import { PATIENT_FORM } from '../../../routing/paths.ts';
import { GuarantorsSection } from './GuarantorsSection.tsx';
import { InsurancesSection } from './InsurancesSection.tsx';

/** The insurances and guarantors of the patient open at /app/register-patient/[patient_id]. */
export function PatientCoverageSections() {
  const [path] = useLocation();
  const patientID = PATIENT_FORM.idIn(path);
  if (patientID === null) return null;
  return (
    <div className="patient-coverage">
      <InsurancesSection key={`insurances-${patientID}`} patientID={patientID} />
      <GuarantorsSection key={`guarantors-${patientID}`} patientID={patientID} />
    </div>
  );
}
