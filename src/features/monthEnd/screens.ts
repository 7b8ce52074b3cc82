import type { ComponentType } from 'react';

/** Month-end screens: the monthly summary and the month lock. Screens.tsx spreads these into its app screens, by path. */
export const monthEndScreens: Readonly<Record<string, ComponentType>> = {};
