import type { ComponentType } from 'react';
import { AR_DASHBOARD_PATH } from '../../routing/paths.ts';
import { ArDashboardPage } from './ArDashboardPage.tsx';

/** The AR dashboard. Screens.tsx spreads these into its app screens, by path. */
export const arDashboardScreens: Readonly<Record<string, ComponentType>> = {
  [AR_DASHBOARD_PATH]: ArDashboardPage,
};
