/** The CustomPrint controller's calls, each served at /api/CustomPrint/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const CustomPrint = controller('CustomPrint', {
  getPrintPatientStatements: planned('GET', 'REPORTS'),
});
