/** The reports index and the money and activity reports: each opens from the palette by its name. */
import type { Command } from '../../src/console/types.ts';
import { MONEY_REPORT_DEFINITIONS, type MoneyReportDefinition } from '../../src/features/moneyReports/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { REPORTS_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const goToReports: Command = {
  id: 'nav.goToReports',
  title: 'Go to reports',
  group: 'Navigation',
  keywords: ['reports', 'all reports', 'index', 'money', 'activity'],
  shortcut: 'g o',
  privilege: 'REPORTS',
  disabledReason: () => notInMenuReason(REPORTS_PATH, 'Reports'),
  run: () => goTo(REPORTS_PATH),
};

/** "Charge detail" as "Open charge detail report", "ERA data" as "Open ERA data report", "Payment report" once. */
export function openReportTitle(title: string): string {
  const acronym = /^[A-Z]{2}/.test(title);
  const name = acronym ? title : `${title.charAt(0).toLowerCase()}${title.slice(1)}`;
  return `Open ${name}${/ report$/i.test(name) ? '' : ' report'}`;
}

function openReport(definition: MoneyReportDefinition): Command {
  return {
    id: `reports.open.${definition.reportID}`,
    title: openReportTitle(definition.title),
    group: 'Reports',
    keywords: ['report', definition.title, ...definition.keywords],
    privilege: 'REPORTS',
    disabledReason: () => notInMenuReason(definition.path, definition.title),
    run: () => goTo(definition.path),
  };
}

/** Commands of the money and activity reports. */
export const moneyReportCommands: readonly Command[] = [goToReports, ...MONEY_REPORT_DEFINITIONS.map(openReport)];
