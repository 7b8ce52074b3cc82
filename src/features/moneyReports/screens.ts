import type { ComponentType } from 'react';

/** The money and activity reports' screens. Screens.tsx spreads these into its app screens, by path. */
export const moneyReportScreens: Readonly<Record<string, ComponentType>> = {};
