export { patientCursor, patientListVersion } from './patientCursor.ts';
