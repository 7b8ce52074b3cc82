import type { Command } from '../../src/console/types.ts';

/** Commands of the money and activity reports. */
export const moneyReportCommands: readonly Command[] = [];
