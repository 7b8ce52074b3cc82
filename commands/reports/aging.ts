/**
 * The aging reports: go to the screen, switch between the aged trial balance and aging by
 * insurance, provider and patient. The report kit's commands (parameters, export, the claims
 * behind a figure, expand a patient) come with them, registered once here for every kit screen.
 */
import { AGING_REPORT_KINDS, type AgingReportKind } from '../../contract/agingReports.ts';
import type { Command } from '../../src/console/types.ts';
import { AGING_KIND_TITLES, setAgingKind } from '../../src/features/agingReports/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { AGING_REPORT_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';
import { reportKitCommands } from './kit.ts';

const KEYWORDS: Record<AgingReportKind, readonly string[]> = {
  trialBalance: ['aged trial balance', 'atb', 'claims', 'balances', 'aging'],
  insurance: ['aging by payer', 'insurance', 'payer', 'aging'],
  provider: ['aging by provider', 'provider', 'doctor', 'aging'],
  patient: ['aging by patient', 'patient', 'patient balance', 'aging'],
};

const goToAgingReport: Command = {
  id: 'nav.goToAgingReport',
  title: 'Go to aging report',
  group: 'Navigation',
  keywords: ['aging', 'aged trial balance', 'ar', 'accounts receivable', 'buckets', 'reports'],
  shortcut: 'g t',
  privilege: 'REPORTS',
  disabledReason: () => notInMenuReason(AGING_REPORT_PATH, 'The aging report'),
  run: () => goTo(AGING_REPORT_PATH),
};

function showKind(kind: AgingReportKind, index: number): Command {
  return {
    id: `aging.show.${kind}`,
    title: AGING_KIND_TITLES[kind],
    group: 'Reports',
    keywords: KEYWORDS[kind],
    screenKey: String(index + 1),
    privilege: 'REPORTS',
    disabledReason: () => notInMenuReason(AGING_REPORT_PATH, 'The aging report'),
    run: () => {
      setAgingKind(kind);
      goTo(AGING_REPORT_PATH);
    },
  };
}

export const agingReportCommands: readonly Command[] = [
  goToAgingReport,
  ...AGING_REPORT_KINDS.map(showKind),
  ...reportKitCommands,
];
