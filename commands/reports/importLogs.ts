import type { Command } from '../../src/console/types.ts';

/** Commands of the HL7 import and the import logs. */
export const importLogCommands: readonly Command[] = [];
