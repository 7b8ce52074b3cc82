/**
 * The AR dashboard: go to it, list the claims behind the widget under the cursor, and make the
 * screen on view the page the user lands on after sign-in (or go back to the menu's first).
 */
import { Users } from '../../contract/calls/users.ts';
import { callApi } from '../../src/api/client.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { drillIntoWidget } from '../../src/features/arDashboard/index.ts';
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

/** Commands of the AR dashboard. */
export const arDashboardCommands: readonly Command[] = [
  goToDashboard,
  showClaimsBehindWidget,
  makeLandingPage,
  resetLandingPage,
];
