/** Denial management: the screen of denied claims with their reasons and denied charges, and its filters. */
import type { DenialReportReply } from '../../contract/denials.ts';
import { getDenialReport } from '../../src/api/crossoverDenials.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { NO_FILTERS, setDenialFilters, type DenialFilters } from '../../src/features/denials/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { DENIAL_MANAGEMENT_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const onScreen = (ctx: CommandContext) => ctx.route === DENIAL_MANAGEMENT_PATH;
const onScreenReason = (ctx: CommandContext) => (onScreen(ctx) ? null : 'Open denial management first (g d).');
const optionalDate = (value: string) =>
  value.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? null : 'A date as YYYY-MM-DD, or nothing.';

export function payerChoices(payers: DenialReportReply['payers']): CommandChoice[] {
  return [
    { value: 'all', label: 'All payers' },
    ...payers.map((payer) => ({
      value: String(payer.insuranceID),
      label: payer.payerName,
      hint: `${payer.claimCount} denied claim${payer.claimCount === 1 ? '' : 's'}`,
    })),
  ];
}

export function reasonChoices(reasons: DenialReportReply['reasons']): CommandChoice[] {
  return [
    { value: 'all', label: 'All reasons' },
    ...reasons
      .filter((reason) => reason.reasonCode !== '')
      .map((reason) => ({
        value: reason.reasonCode,
        label: [reason.reasonCode, reason.description].filter(Boolean).join(' '),
        hint: `${reason.claimCount} claim${reason.claimCount === 1 ? '' : 's'}`,
      })),
  ];
}

/** The palette's answers as the screen's filters ('all' and empty answers filter nothing). */
export function filtersFromAnswers(answers: Readonly<Record<string, unknown>>): DenialFilters {
  const text = (key: string) => (typeof answers[key] === 'string' ? answers[key].trim() : '');
  const payer = text('insuranceID');
  const reason = text('reasonCode');
  return {
    insuranceID: payer === '' || payer === 'all' ? null : Number(payer),
    reasonCode: reason === 'all' ? '' : reason,
    dosFrom: text('dosFrom'),
    dosTo: text('dosTo'),
  };
}

/** Every payer and reason with a standing denial, for the choice steps. */
const unfiltered = () => getDenialReport({ pageSize: 1 }, { silent: true, background: true });

const goToDenialManagement: Command = {
  id: 'nav.goToDenialManagement',
  title: 'Go to denial management',
  group: 'Navigation',
  keywords: ['denials', 'denied claims', 'carc', 'reason codes', 'appeal', 'rejections'],
  shortcut: 'g d',
  privilege: 'CLAIMS',
  disabledReason: () => notInMenuReason(DENIAL_MANAGEMENT_PATH, 'Denial management'),
  run: () => goTo(DENIAL_MANAGEMENT_PATH),
};

const filterDenials: Command = {
  id: 'denials.filter',
  title: 'Filter denials…',
  group: 'Claims',
  keywords: ['denials', 'filter', 'payer', 'reason', 'carc', 'date of service'],
  privilege: 'CLAIMS',
  when: onScreen,
  disabledReason: onScreenReason,
  steps: [
    {
      key: 'insuranceID',
      kind: 'choice',
      title: 'Payer',
      choices: async () => payerChoices((await unfiltered()).payers),
    },
    {
      key: 'reasonCode',
      kind: 'choice',
      title: 'Denial reason (CARC)',
      choices: async () => reasonChoices((await unfiltered()).reasons),
    },
    { key: 'dosFrom', kind: 'text', title: 'DOS from, YYYY-MM-DD (empty: any)', validate: optionalDate },
    { key: 'dosTo', kind: 'text', title: 'DOS to, YYYY-MM-DD (empty: any)', validate: optionalDate },
  ],
  run: (_ctx, args) => setDenialFilters(filtersFromAnswers(args)),
};

const clearDenialFilters: Command = {
  id: 'denials.clearFilters',
  title: 'Clear denial filters',
  group: 'Claims',
  keywords: ['denials', 'filter', 'reset', 'all'],
  privilege: 'CLAIMS',
  when: onScreen,
  disabledReason: onScreenReason,
  run: () => setDenialFilters(NO_FILTERS),
};

export const denialCommands: readonly Command[] = [goToDenialManagement, filterDenials, clearDenialFilters];
