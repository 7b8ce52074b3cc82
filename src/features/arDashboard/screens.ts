import type { ComponentType } from 'react';

/** The AR dashboard. Screens.tsx spreads these into its app screens, by path. */
export const arDashboardScreens: Readonly<Record<string, ComponentType>> = {};
