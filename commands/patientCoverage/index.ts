import type { Command } from '../../src/console/types.ts';
import { patientGuarantorCommands } from './guarantors.ts';
import { patientInsuranceCommands } from './insurances.ts';

/** A patient's insurances and guarantors, on the sections of the patient's screen. */
export const patientCoverageCommands: readonly Command[] = [...patientInsuranceCommands, ...patientGuarantorCommands];
