/** A patient's insurances and guarantors, as sections any patient screen can hold. */
export { GuarantorsSection } from './GuarantorsSection.tsx';
export { InsurancesSection } from './InsurancesSection.tsx';
export { PatientCoverageSections } from './PatientCoverageSections.tsx';
