import type { ComponentType } from 'react';
import { AGING_REPORT_PATH } from '../../routing/paths.ts';
import { AgingReportPage } from './AgingReportPage.tsx';

/** The aging reports' screens. Screens.tsx spreads these into its app screens, by path. */
export const agingReportScreens: Readonly<Record<string, ComponentType>> = {
  [AGING_REPORT_PATH]: AgingReportPage,
};
