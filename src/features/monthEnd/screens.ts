import type { ComponentType } from 'react';
import { MONTHLY_SUMMARY_PATH } from '../../routing/paths.ts';
import { MonthlySummaryPage } from './MonthlySummaryPage.tsx';

/** Month-end screens: the monthly summary and the month lock. Screens.tsx spreads these into its app screens, by path. */
export const monthEndScreens: Readonly<Record<string, ComponentType>> = {
  [MONTHLY_SUMMARY_PATH]: MonthlySummaryPage,
};
