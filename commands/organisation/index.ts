import type { Command } from '../../src/console/types.ts';
import { groupCommands } from './groups.ts';
import { insuranceCommands } from './insurances.ts';
import { practiceCommands } from './practices.ts';
import { providerCommands } from './providers.ts';

/** The organisation's administration: groups and branding, practices, facilities, providers, payers. */
export const organisationCommands: readonly Command[] = [
  ...groupCommands,
  ...practiceCommands,
  ...providerCommands,
  ...insuranceCommands,
];
