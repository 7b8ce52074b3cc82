/** Commands of month-end: the monthly summary (months, filters, reload, export) and the month lock. */
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '../../src/export/exportFile.ts';
import {
  exportMonthlySummary,
  getFacilityChoices,
  getMonthEndStatus,
  getPracticeChoices,
  getProviderChoices,
  lockConfirmText,
  lockMonthEnd,
  monthEndOnScreen,
  monthFrom,
  monthLabel,
  parseMonth,
  reloadMonthlySummary,
  setSummaryFilters,
  setSummaryGroup,
  setSummaryMonths,
  summaryChanged,
} from '../../src/features/monthEnd/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { goTo } from '../../src/routing/navigation.ts';
import { MONTHLY_SUMMARY_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

export const RELOAD_FAILED = 'Error: error refreshing monthly summary report data.';
export const DEFAULT_SUMMARY_TITLE = 'Monthly Summary';

const onScreen = (ctx: CommandContext) => ctx.route === MONTHLY_SUMMARY_PATH;
const onScreenReason = (ctx: CommandContext) =>
  onScreen(ctx) && monthEndOnScreen.groupID !== null ? null : 'Open the monthly summary first (g m).';
const monthStep = (key: string, title: string, keeps: () => string) => ({
  key,
  kind: 'text' as const,
  title,
  placeholder: `e.g. 2026-10 or October 2026; Enter keeps ${monthLabel(keeps())}`,
  validate: (value: string) =>
    value.trim() === '' || parseMonth(value) !== null ? null : 'Type a month as 2026-10, 10/2026 or October 2026.',
});
const monthOf = (answer: unknown, otherwise: string) =>
  typeof answer === 'string' && answer.trim() !== '' ? (parseMonth(answer) ?? otherwise) : otherwise;
const idsOf = (answer: unknown): number[] =>
  typeof answer === 'string' && answer !== '' && answer !== 'all' ? [Number(answer)] : [];

/** The month a lock is about: the cursor row's, else last month. */
const cursorMonth = () => monthEndOnScreen.cursor?.monthStart ?? monthFrom(monthEndOnScreen.toMonth, -1);

const goToMonthlySummary: Command = {
  id: 'nav.goToMonthlySummary',
  title: 'Go to monthly summary',
  group: 'Navigation',
  keywords: ['month-end', 'month end', 'monthly summary', 'lock', 'close month', 'ar', 'report'],
  shortcut: 'g m',
  privilege: 'REPORTS',
  disabledReason: () => notInMenuReason(MONTHLY_SUMMARY_PATH, 'The monthly summary'),
  run: () => goTo(MONTHLY_SUMMARY_PATH),
};

const chooseMonths: Command = {
  id: 'monthEnd.chooseMonths',
  title: 'Monthly summary: choose months…',
  group: 'Reports',
  keywords: ['month', 'period', 'from', 'to', 'range'],
  screenKey: 'm',
  privilege: 'REPORTS',
  when: onScreen,
  disabledReason: onScreenReason,
  steps: [
    monthStep('fromMonth', 'First month', () => monthEndOnScreen.fromMonth),
    monthStep('toMonth', 'Last month', () => monthEndOnScreen.toMonth),
  ],
  run: (_ctx, args) =>
    setSummaryMonths(
      monthOf(args.fromMonth, monthEndOnScreen.fromMonth),
      monthOf(args.toMonth, monthEndOnScreen.toMonth),
    ),
};

async function groupChoices(): Promise<CommandChoice[]> {
  const { practices } = await getPracticeChoices({ silent: true });
  const groups = new Map<number, string>();
  for (const practice of practices) groups.set(practice.groupID, practice.groupName);
  const current = monthEndOnScreen.groupID;
  return [...groups.entries()]
    .sort(([a], [b]) => (a === current ? -1 : b === current ? 1 : 0))
    .map(([groupID, name]) => ({ value: String(groupID), label: name, hint: groupID === current ? 'shown now' : '' }));
}

const groupOf = (answers: Readonly<Record<string, unknown>>) =>
  typeof answers.groupID === 'string' ? Number(answers.groupID) : (monthEndOnScreen.groupID ?? 0);

const filterSummary: Command = {
  id: 'monthEnd.filter',
  title: 'Filter monthly summary…',
  group: 'Reports',
  keywords: ['group', 'practice', 'provider', 'facility', 'filter'],
  screenKey: 'f',
  privilege: 'REPORTS',
  when: onScreen,
  disabledReason: onScreenReason,
  steps: [
    { key: 'groupID', kind: 'choice', title: 'Group', choices: groupChoices },
    {
      key: 'practiceID',
      kind: 'choice',
      title: 'Practice',
      choices: async (_ctx, answers) => [
        { value: 'all', label: 'Every practice' },
        ...(await getPracticeChoices({ silent: true })).practices
          .filter((practice) => practice.groupID === groupOf(answers))
          .map((practice) => ({ value: String(practice.practiceID), label: practice.name })),
      ],
    },
    {
      key: 'providerID',
      kind: 'choice',
      title: 'Provider',
      choices: async (_ctx, answers) => [
        { value: 'all', label: 'Every provider' },
        ...(await getProviderChoices(groupOf(answers), { silent: true })).providers.map((provider) => ({
          value: String(provider.providerID),
          label: provider.name,
          hint: provider.npi,
        })),
      ],
    },
    {
      key: 'facilityID',
      kind: 'choice',
      title: 'Facility',
      choices: async (_ctx, answers) => [
        { value: 'all', label: 'Every facility' },
        ...(await getFacilityChoices(groupOf(answers), { silent: true })).facilities.map((facility) => ({
          value: String(facility.facilityID),
          label: facility.name,
        })),
      ],
    },
  ],
  run: async (_ctx, args) => {
    const groupID = groupOf(args);
    if (groupID !== monthEndOnScreen.groupID) {
      const choice = (await groupChoices()).find((group) => group.value === String(groupID));
      setSummaryGroup(groupID, choice?.label ?? '');
    }
    setSummaryFilters({
      practiceIDs: idsOf(args.practiceID),
      providerIDs: idsOf(args.providerID),
      facilityIDs: idsOf(args.facilityID),
    });
  },
};

/** The practice step: every practice of the group, or one, each with how far it is locked. */
async function practiceChoices(answers: Readonly<Record<string, unknown>>): Promise<CommandChoice[]> {
  const month = monthOf(answers.month, cursorMonth());
  const groupID = monthEndOnScreen.groupID ?? 0;
  const status = await getMonthEndStatus({ groupID, monthStartDate: month }, { silent: true });
  const lockedText = (through: string | null) =>
    through === null ? 'nothing locked yet' : `locked through ${monthLabel(through)}`;
  const cursorPractice = monthEndOnScreen.cursor?.practiceID ?? null;
  const one = status.practices
    .map((practice) => ({
      value: String(practice.practiceID),
      label: practice.practiceName,
      hint: lockedText(practice.lockedThrough),
    }))
    .sort((a, b) => (a.value === String(cursorPractice) ? -1 : b.value === String(cursorPractice) ? 1 : 0));
  const all = { value: 'all', label: `Every practice of ${monthEndOnScreen.groupName || 'the group'}` };
  return cursorPractice === null ? [all, ...one] : [...one, all];
}

const lockMonth: Command = {
  id: 'monthEnd.lockMonth',
  title: 'Lock month…',
  group: 'Reports',
  keywords: ['month-end', 'month end', 'close', 'lock', 'period', 'close books'],
  shortcut: 'Alt+Shift+l',
  screenKey: 'l',
  privilege: 'REPORTS',
  when: onScreen,
  disabledReason: onScreenReason,
  steps: [
    {
      key: 'month',
      kind: 'text',
      title: 'Month to lock',
      placeholder: 'e.g. 2026-10 or October 2026; Enter for the month under the cursor',
      validate: (value: string) =>
        value.trim() === '' || parseMonth(value) !== null ? null : 'Type a month as 2026-10, 10/2026 or October 2026.',
    },
    { key: 'practiceID', kind: 'choice', title: 'Practice', choices: (_ctx, answers) => practiceChoices(answers) },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Confirm',
      choices: async (_ctx, answers) => {
        const month = monthOf(answers.month, cursorMonth());
        const groupID = monthEndOnScreen.groupID ?? 0;
        const practiceID = idsOf(answers.practiceID)[0];
        const status = await getMonthEndStatus(
          { groupID, monthStartDate: month, ...(practiceID === undefined ? {} : { practiceID }) },
          { silent: true },
        );
        if (!status.monthEnded)
          return [
            { value: 'cancel', label: `${monthLabel(month)} has not ended yet: a month is locked once it is over.` },
          ];
        if (status.practices.every((practice) => practice.monthLocked))
          return [{ value: 'cancel', label: `${monthLabel(month)} is locked already: nothing to do.` }];
        return [
          { value: 'lock', label: lockConfirmText(month, status.practices) },
          { value: 'cancel', label: 'Cancel: lock nothing' },
        ];
      },
    },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'lock') {
      notify.info('Nothing was locked.');
      return;
    }
    const practiceID = idsOf(args.practiceID)[0];
    const reply = await lockMonthEnd(
      {
        groupID: monthEndOnScreen.groupID ?? 0,
        monthStartDate: monthOf(args.month, cursorMonth()),
        ...(practiceID === undefined ? {} : { practiceID }),
      },
      { source: ctx.source },
    );
    notify.successWithDetail(`${monthLabel(monthOf(args.month, cursorMonth()))} locked.`, reply.message);
    summaryChanged();
    recordsChanged('posting');
  },
};

const reloadSummary: Command = {
  id: 'monthEnd.reload',
  title: 'Reload monthly summary',
  group: 'Reports',
  keywords: ['refresh', 'reload', 'recompute', 'check', 'month-end'],
  shortcut: 'Alt+Shift+r',
  screenKey: 'r',
  privilege: 'REPORTS',
  when: onScreen,
  disabledReason: onScreenReason,
  run: async (ctx) => {
    const groupID = monthEndOnScreen.groupID;
    if (groupID === null) return;
    try {
      const reply = await reloadMonthlySummary(groupID, { source: ctx.source, silent: true });
      if (reply.differences.length === 0) notify.success(reply.message);
      else notify.warning(reply.message, reply.differences.map((difference) => difference.detail).join('\n'));
    } catch {
      notify.error(RELOAD_FAILED);
    }
    summaryChanged();
  },
};

const isFormat = (value: unknown): value is ExportFormat => EXPORT_FORMATS.some((format) => format === value);

const exportSummary: Command = {
  id: 'monthEnd.export',
  title: 'Export monthly summary…',
  group: 'Export',
  keywords: ['csv', 'pdf', 'excel', 'xlsx', 'spreadsheet', 'download', 'print', 'month-end'],
  screenKey: 'e',
  privilege: 'REPORTS',
  when: onScreen,
  disabledReason: onScreenReason,
  steps: [
    {
      key: 'format',
      kind: 'choice',
      title: 'Format',
      choices: () => EXPORT_FORMATS.map((format) => ({ value: format, label: EXPORT_FORMAT_LABELS[format] })),
    },
    {
      key: 'title',
      kind: 'text',
      title: 'Title (names the file)',
      placeholder: `${DEFAULT_SUMMARY_TITLE} (Enter keeps it)`,
    },
  ],
  run: async (ctx, args) => {
    const format = isFormat(args.format) ? args.format : 'csv';
    const title =
      typeof args.title === 'string' && args.title.trim() !== '' ? args.title.trim() : DEFAULT_SUMMARY_TITLE;
    await exportMonthlySummary(format, title, ctx.source);
  },
};

export const monthEndCommands: readonly Command[] = [
  goToMonthlySummary,
  chooseMonths,
  filterSummary,
  lockMonth,
  reloadSummary,
  exportSummary,
];
