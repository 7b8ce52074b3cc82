import type { ComponentType } from 'react';

/** The HL7 and EDI import logs. Screens.tsx spreads these into its app screens, by path. */
export const importLogScreens: Readonly<Record<string, ComponentType>> = {};
