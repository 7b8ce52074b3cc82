import type { ComponentType } from 'react';

/** The aging reports' screens. Screens.tsx spreads these into its app screens, by path. */
export const agingReportScreens: Readonly<Record<string, ComponentType>> = {};
