import type { Command } from '../../src/console/types.ts';

/** Commands of the aging reports. */
export const agingReportCommands: readonly Command[] = [];
