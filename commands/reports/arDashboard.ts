/**
 * The AR dashboard: go to it, list the claims behind the widget under the cursor, set its
 * parameters (the posting period of the money widgets, AR days' period, the group, the payer of
 * expected payments) as the report screens' "Set report parameter…" does, and make the screen on
 * view the page the user lands on after sign-in (or go back to the menu's first).
 */
import { AR_DAYS_PERIODS } from '../../contract/arDashboard.ts';
import { Users } from '../../contract/calls/users.ts';
import { callApi } from '../../src/api/client.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import {
  DASHBOARD_PERIODS,
  dashboardChoices,
  dashboardParamProblem,
  dashboardParameters,
  dashboardParams,
  drillIntoWidget,
  focusDashboardParameters,
  periodOf,
  rangeProblem,
  setDashboardParam,
  setDashboardParams,
  shownParams,
  withParam,
} from '../../src/features/arDashboard/index.ts';
import { localToday } from '../../src/ui/format.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { AR_DASHBOARD_PATH } from '../../src/routing/paths.ts';
import { allowedLinksOfUser } from '../../src/routing/userLinks.ts';
import { session } from '../../src/state/session.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { notInMenuReason } from '../general/screens.ts';

const onDashboard = (ctx: CommandContext) => ctx.route === AR_DASHBOARD_PATH;

const goToDashboard: Command = {
  id: 'nav.goToArDashboard',
  title: 'Go to AR dashboard',
  group: 'Navigation',
  keywords: ['dashboard', 'accounts receivable', 'ar days', 'collections', 'expected payments', 'overview'],
  shortcut: 'g v',
  privilege: 'DASHBOARD',
  disabledReason: () => notInMenuReason(AR_DASHBOARD_PATH, 'The AR dashboard'),
  run: () => goTo(AR_DASHBOARD_PATH),
};

const showClaimsBehindWidget: Command = {
  id: 'arDashboard.drill',
  title: 'Show the claims behind this widget',
  group: 'Reports',
  keywords: ['drill down', 'dashboard', 'widget', 'claims list'],
  screenKey: 'Enter',
  privilege: 'DASHBOARD',
  when: onDashboard,
  disabledReason: (ctx) => (onDashboard(ctx) ? null : 'Open the AR dashboard first (g v).'),
  run: () => {
    if (!drillIntoWidget()) notify.info('This widget has nothing to show yet.');
  },
};

const makeLandingPage: Command = {
  id: 'arDashboard.makeLandingPage',
  title: 'Make this my landing page',
  group: 'General',
  keywords: ['landing page', 'home', 'start page', 'after sign-in', 'default page', 'dashboard'],
  shortcut: 'Alt+Shift+k',
  disabledReason: (ctx) => {
    const user = session.user;
    if (!user) return 'Sign in first.';
    // A screen of the menu, not one record's screen: a claim may be gone by the next sign-in.
    return allowedLinksOfUser(user).includes(ctx.route) ? null : 'Only a screen of your menu can be your landing page.';
  },
  run: async (ctx) => {
    const page = ctx.route;
    await callApi(Users.saveUserSetting, { key: 'landingPage', value: page }, { source: ctx.source });
    if (session.user) session.user.defaultModuleURL = page;
    notify.success(`You will land here after you sign in: ${page}.`);
  },
};

const resetLandingPage: Command = {
  id: 'arDashboard.resetLandingPage',
  title: 'Land on the first screen of my menu',
  group: 'General',
  keywords: ['landing page', 'home', 'start page', 'after sign-in', 'default page', 'reset'],
  run: async (ctx) => {
    await callApi(Users.saveUserSetting, { key: 'landingPage', value: null }, { source: ctx.source });
    if (session.user) session.user.defaultModuleURL = null;
    notify.success('You will land on the first screen of your menu after you sign in.');
  },
};

// ---- Parameters -----------------------------------------------------------------------------------

const onDashboardReason = (ctx: CommandContext) => (onDashboard(ctx) ? null : 'Open the AR dashboard first (g v).');
const parameterBase = {
  group: 'Reports',
  privilege: 'DASHBOARD',
  when: onDashboard,
  disabledReason: onDashboardReason,
} as const;

const groupNow = () => {
  const groupID = dashboardParams.params.groupID;
  return groupID ? Number(groupID) : undefined;
};

/** The parameters as the screen offers them, their choices read now (the data role's groups, the payers awaited). */
async function parametersNow() {
  const { groups, payers } = await dashboardChoices(groupNow(), { silent: true, background: true });
  return dashboardParameters(groups, payers);
}

/** A parameter's choices, the one in force marked. */
async function choicesOf(key: string): Promise<CommandChoice[]> {
  const parameter = (await parametersNow()).find((each) => each.key === key);
  const now = dashboardParams.params[key] ?? parameter?.choices?.[0]?.value ?? '';
  return (parameter?.choices ?? []).map((choice) => ({
    value: choice.value === '' ? 'all' : choice.value,
    label: choice.label,
    hint: choice.value === now ? 'shown now' : '',
  }));
}

/** Sets one parameter after the report kit's checks; a warning names what is wrong. */
async function setChecked(key: string, answer: unknown): Promise<void> {
  const value = typeof answer === 'string' ? (answer === 'all' ? '' : answer.trim()) : '';
  // Only a group's or a payer's choices are read from the server.
  const parameters = key === 'groupID' || key === 'insuranceID' ? await parametersNow() : dashboardParameters([], []);
  const parameter = parameters.find((each) => each.key === key);
  if (!parameter) return;
  const problem = dashboardParamProblem(parameter, value);
  if (problem !== null) return void notify.warning(`${parameter.label}: ${problem}`);
  setDashboardParam(key, value, localToday());
}

const setParameter: Command = {
  ...parameterBase,
  id: 'arDashboard.setParameter',
  title: 'Set dashboard parameter…',
  keywords: ['dashboard', 'parameter', 'filter', 'period', 'posting date', 'group', 'payer', 'ar days'],
  steps: [
    {
      key: 'parameter',
      kind: 'choice',
      title: 'Parameter',
      choices: () => {
        const shown = shownParams(dashboardParams.params, localToday());
        return dashboardParameters([], []).map((parameter) => ({
          value: parameter.key,
          label: parameter.label,
          hint:
            parameter.choices?.find((choice) => choice.value === shown[parameter.key])?.label ??
            (shown[parameter.key] || parameter.choices?.[0]?.label || 'not set'),
        }));
      },
    },
    { key: 'value', kind: 'text', title: 'Value (empty: the default)' },
  ],
  run: (_ctx, args) => setChecked(String(args['parameter']), args['value']),
};

const setPeriod: Command = {
  ...parameterBase,
  id: 'arDashboard.setPeriod',
  title: 'Dashboard period…',
  keywords: ['dashboard', 'period', 'posting date', 'this month', 'last month', 'quarter', '12 months', 'collected'],
  screenKey: 'p',
  steps: [
    {
      key: 'period',
      kind: 'choice',
      title: 'Money posted in (collected, average revenue, average charge)',
      choices: () => {
        const now = periodOf(dashboardParams.params);
        return DASHBOARD_PERIODS.filter((period) => period.value !== 'custom' || now === 'custom').map((period) => ({
          value: period.value,
          label: period.value === 'custom' ? 'Dates of my own (D to change them)' : period.label,
          hint: period.value === now ? 'shown now' : '',
        }));
      },
    },
  ],
  run: (_ctx, args) => setChecked('period', args['period']),
};

const DATE_OR_NOTHING = (value: string) =>
  value.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? null : 'A date as YYYY-MM-DD, or nothing.';

const setPostingDates: Command = {
  ...parameterBase,
  id: 'arDashboard.setPostingDates',
  title: 'Dashboard posting dates…',
  keywords: ['dashboard', 'period', 'posting date', 'from', 'to', 'custom', 'range', 'collected'],
  screenKey: 'd',
  steps: [
    {
      key: 'from',
      kind: 'text',
      title: 'Posted from, YYYY-MM-DD',
      placeholder: 'Enter keeps the first day shown',
      validate: DATE_OR_NOTHING,
    },
    {
      key: 'to',
      kind: 'text',
      title: 'Posted to, YYYY-MM-DD',
      placeholder: 'Enter keeps the last day shown',
      validate: DATE_OR_NOTHING,
    },
  ],
  run: (_ctx, args) => {
    const today = localToday();
    const shown = shownParams(dashboardParams.params, today);
    const typed = (answer: unknown, otherwise: string) =>
      typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : otherwise;
    const dates = [
      ['fromPostingDate', typed(args['from'], shown.fromPostingDate ?? '')],
      ['toPostingDate', typed(args['to'], shown.toPostingDate ?? '')],
    ] as const;
    let next = dashboardParams.params;
    for (const [key, value] of dates) {
      const parameter = dashboardParameters([], []).find((each) => each.key === key);
      const problem = parameter ? dashboardParamProblem(parameter, value) : null;
      if (parameter && problem !== null) return void notify.warning(`${parameter.label}: ${problem}`);
      next = withParam(next, key, value, today);
    }
    const problem = rangeProblem(next, today);
    if (problem !== null) return void notify.warning(problem);
    setDashboardParams(next);
  },
};

const setArDaysPeriod: Command = {
  ...parameterBase,
  id: 'arDashboard.setArDaysPeriod',
  title: 'Dashboard AR days period…',
  keywords: ['dashboard', 'ar days', 'days sales outstanding', 'dso', 'period', ...AR_DAYS_PERIODS.map(String)],
  screenKey: 'a',
  steps: [
    { key: 'periodDays', kind: 'choice', title: 'AR days over the charges of', choices: () => choicesOf('periodDays') },
  ],
  run: (_ctx, args) => setChecked('periodDays', args['periodDays']),
};

const setExpectedHorizon: Command = {
  ...parameterBase,
  id: 'arDashboard.setExpectedHorizon',
  title: 'Dashboard expected payments horizon…',
  keywords: ['dashboard', 'expected payments', 'horizon', 'days ahead', 'forecast', 'next 7 days', 'next 14 days'],
  screenKey: 'h',
  steps: [
    { key: 'horizonDays', kind: 'choice', title: 'Expected payments within', choices: () => choicesOf('horizonDays') },
  ],
  run: (_ctx, args) => setChecked('horizonDays', args['horizonDays']),
};

const setGroup: Command = {
  ...parameterBase,
  id: 'arDashboard.setGroup',
  title: 'Dashboard group…',
  keywords: ['dashboard', 'group', 'practice', 'filter', 'data role'],
  screenKey: 'f',
  steps: [{ key: 'groupID', kind: 'choice', title: 'Group', choices: () => choicesOf('groupID') }],
  run: (_ctx, args) => setChecked('groupID', args['groupID']),
};

const setPayer: Command = {
  ...parameterBase,
  id: 'arDashboard.setPayer',
  title: 'Dashboard payer of expected payments…',
  keywords: ['dashboard', 'payer', 'insurance', 'expected payments', 'filter'],
  screenKey: 'y',
  steps: [{ key: 'insuranceID', kind: 'choice', title: 'Payer', choices: () => choicesOf('insuranceID') }],
  run: (_ctx, args) => setChecked('insuranceID', args['insuranceID']),
};

const clearParameters: Command = {
  ...parameterBase,
  id: 'arDashboard.clearParameters',
  title: 'Clear dashboard parameters',
  keywords: ['dashboard', 'reset', 'parameters', 'default', 'last 12 months', 'every group'],
  screenKey: 'c',
  run: () => setDashboardParams({}),
};

const editParameters: Command = {
  ...parameterBase,
  id: 'arDashboard.editParameters',
  title: 'Edit dashboard parameters',
  keywords: ['dashboard', 'parameters', 'fields', 'filter'],
  screenKey: '/',
  run: () => {
    focusDashboardParameters();
  },
};

/** Commands of the AR dashboard. */
export const arDashboardCommands: readonly Command[] = [
  goToDashboard,
  showClaimsBehindWidget,
  setParameter,
  setPeriod,
  setPostingDates,
  setArDaysPeriod,
  setExpectedHorizon,
  setGroup,
  setPayer,
  clearParameters,
  editParameters,
  makeLandingPage,
  resetLandingPage,
];
