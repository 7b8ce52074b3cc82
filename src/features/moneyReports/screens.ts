import { createElement, type ComponentType } from 'react';
import type { ReportRow } from '../../../contract/moneyReports.ts';
import { REPORTS_PATH } from '../../routing/paths.ts';
import { ReportScreen } from '../reportKit/index.ts';
import { MONEY_REPORT_DEFINITIONS, type MoneyReportDefinition } from './definitions.ts';
import { ReportsIndexPage } from './ReportsIndexPage.tsx';

/** A report's screen: the report kit drawing its definition. */
function screenOf(definition: MoneyReportDefinition): ComponentType {
  const Screen = () => createElement(ReportScreen<ReportRow>, { definition });
  Screen.displayName = `MoneyReport(${definition.reportID})`;
  return Screen;
}

/** The money and activity reports' screens and the index of every report. Screens.tsx spreads these into its app screens, by path. */
export const moneyReportScreens: Readonly<Record<string, ComponentType>> = {
  [REPORTS_PATH]: ReportsIndexPage,
  ...Object.fromEntries(MONEY_REPORT_DEFINITIONS.map((definition) => [definition.path, screenOf(definition)])),
};
