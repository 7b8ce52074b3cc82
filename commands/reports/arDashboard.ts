import type { Command } from '../../src/console/types.ts';

/** Commands of the AR dashboard. */
export const arDashboardCommands: readonly Command[] = [];
