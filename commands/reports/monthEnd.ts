import type { Command } from '../../src/console/types.ts';

/** Commands of month-end: the monthly summary and the month lock. */
export const monthEndCommands: readonly Command[] = [];
