import { expect, test, type Page } from '@playwright/test';
import { MODULE_CODE_EXISTS_SHOWN } from '../contract/menuRoles.ts';
import { USER_EXISTS_SHOWN } from '../contract/staff.ts';
import { totpCode, totpStep } from '../server/auth/totp.ts';
import { DEMO_PASSWORD } from '../server/seed/demo-user.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Access administration by keyboard only, on a server of its own (port offset 25) whose log holds
 * the invitation mails: the admin invites a user from the Users screen (N), the user opens the
 * e-mailed link, sets a password, enrols an authenticator from the QR code's key and signs in;
 * the admin deactivates them (A) and their open session ends at its next request. Then a data
 * role, a menu role and a module are added from their screens, with the spec's duplicate
 * messages, and the admin enrols a new authenticator app in their settings.
 */
test.describe.configure({ mode: 'serial' });

const NEW_USER = 'nora.quinn@demo.test';
const NEW_PASSWORD = 'Welcome-Aboard-2026';
const SHOTS = 'test-results/access-admin';

let server: OwnServer | null = null;
let log = '';
let page: Page;
let nora: Page;
let noraKey = '';

const { steps, selected, answer, run } = paletteOf(() => page);
const grid = (name: string) => page.getByRole('grid', { name });

async function choose(stepTitle: string, typed: string, choice: string): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

/** A code of the key from a step not used yet (the enrolment's code cannot sign in again). */
async function codeAfter(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    if (totpStep(now) > usedStep) return { code: totpCode(secret, now), step: totpStep(now) };
    await new Promise((resolve) => setTimeout(resolve, (totpStep(now) + 1) * 30_000 - now + 250));
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(25, 'access-admin', { onOutput: (text) => (log += text) });
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  nora = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1280, height: 860 } });
});

test.afterAll(async () => {
  await page.close();
  await nora.close();
  server?.stop();
});

test('the admin menu leads to Users, and N invites a user who is listed as invited', async () => {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const title of ['Users', 'Menu Roles', 'Modules', 'Data Roles']) await expect(menu).toContainText(title);
  await run('go to users', 'Go to users');
  await expect(page).toHaveURL(/\/setting\/users$/);
  await expect(grid('Users')).toBeFocused();
  await expect(page.locator('.key-hints')).toContainText('N invite');
  await page.keyboard.press('n');
  await answer('E-mail', NEW_USER);
  await answer('First name', 'Nora');
  await answer('Last name', 'Quinn');
  await choose('Menu role', 'Biller', 'Biller');
  await choose('Data role', 'Lakeside', 'Lakeside Only');
  await expect(page.getByText('User Successfully Created')).toBeVisible();
  const row = grid('Users').locator('tbody tr', { hasText: NEW_USER });
  await expect(row).toContainText('Biller');
  await expect(row).toContainText('Invited');
  await page.screenshot({ path: `${SHOTS}/users-invited.png` });

  // The same e-mail again: the spec's words for a profile that exists.
  await page.keyboard.press('n');
  await answer('E-mail', NEW_USER);
  await answer('First name', 'Nora');
  await answer('Last name', 'Again');
  await choose('Menu role', 'Biller', 'Biller');
  await choose('Data role', 'Lakeside', 'Lakeside Only');
  await expect(page.getByText(USER_EXISTS_SHOWN)).toBeVisible();
});

test('the invited user sets a password, enrols an authenticator from the QR code and signs in', async () => {
  await expect.poll(() => /accept-invitation\?token=\S+/.exec(log)?.[0] ?? '').not.toBe('');
  const link = /(\/accept-invitation\?token=\S+)/.exec(log)?.[1] ?? '';
  await nora.goto(link);
  await expect(nora.getByText('Welcome, Nora: choose your password')).toBeVisible();
  await expect(nora.getByLabel('New password', { exact: true })).toBeFocused();
  await nora.keyboard.type(NEW_PASSWORD);
  await nora.keyboard.press('Tab');
  await nora.keyboard.type(NEW_PASSWORD);
  await nora.keyboard.press('Enter');
  await expect(nora.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  await expect(nora.getByLabel('Code from the app')).toBeFocused();
  await nora.screenshot({ path: `${SHOTS}/invitation-qr.png` });
  noraKey = ((await nora.getByTestId('authenticator-key').textContent()) ?? '').replace(/\s/g, '');
  const enrolled = await codeAfter(noraKey, -1);
  await nora.keyboard.type(enrolled.code);
  await nora.keyboard.press('Enter');
  await expect(nora).toHaveURL(/\/login$/);
  await expect(nora.getByText('Authenticator app enrolled.', { exact: false })).toBeVisible();

  await expect(nora.getByLabel('E-mail')).toBeFocused();
  await nora.keyboard.press('ControlOrMeta+A');
  await nora.keyboard.type(NEW_USER);
  await nora.keyboard.press('Tab');
  await nora.keyboard.type(NEW_PASSWORD);
  await nora.keyboard.press('Enter');
  await expect(nora).toHaveURL(/\/tfa-verification$/);
  await nora.keyboard.type((await codeAfter(noraKey, enrolled.step)).code);
  await nora.keyboard.press('Enter');
  await expect(nora).toHaveURL(/\/app\/all-claims$/);
  // A biller's menu: no administration.
  await expect(nora.getByRole('navigation', { name: 'Main menu' })).not.toContainText('Users');

  // The admin's list reads again on a reload: the user has enrolled and signed in.
  await page.reload();
  await expect(grid('Users').locator('tbody tr', { hasText: NEW_USER })).toContainText('Enrolled');
});

test('A deactivates the user: their open session ends at its next request', async () => {
  const usersGrid = grid('Users');
  await usersGrid.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 20; step += 1) {
    if (((await usersGrid.locator('tr[aria-selected="true"]').textContent()) ?? '').includes(NEW_USER)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(usersGrid.locator('tr[aria-selected="true"]')).toContainText(NEW_USER);
  await page.keyboard.press('a');
  await choose('Are you sure?', 'Deactivate', 'Deactivate Nora Quinn');
  await expect(page.getByText('Successfully Inactivated')).toBeVisible();
  await expect(usersGrid.locator('tbody tr', { hasText: NEW_USER })).toContainText('Inactive');
  await nora.reload();
  await expect(nora).toHaveURL(/\/login\?deauthorized=1$/);
});

test('data roles, menu roles and modules are added from their screens', async () => {
  await run('go to data roles', 'Go to data roles');
  await expect(grid('Data roles')).toBeFocused();
  await page.keyboard.press('n');
  await answer('Data role name', 'E2E Northwind staff');
  await choose('Its first group', 'Northwind', 'Northwind');
  await expect(page.getByText('Data Role Successfully Created')).toBeVisible();
  await expect(grid('Data roles').locator('tbody tr', { hasText: 'E2E Northwind staff' })).toContainText(
    'all of its groups',
  );
  await page.screenshot({ path: `${SHOTS}/data-roles.png` });

  await run('go to menu roles', 'Go to menu roles');
  await expect(grid('Menu roles')).toBeFocused();
  await page.keyboard.press('n');
  await answer('Role name', 'E2E Poster');
  await choose('Its first module', 'Payments', 'Payments');
  await expect(page.getByText('Menu Role Successfully Created')).toBeVisible();
  const poster = grid('Menu roles').locator('tbody tr', { hasText: 'E2E Poster' });
  await expect(poster).toContainText('Payments');
  await grid('Menu roles').focus();
  for (let step = 0; step < 20; step += 1) {
    if (((await grid('Menu roles').locator('tr[aria-selected="true"]').textContent()) ?? '').includes('E2E Poster'))
      break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('e');
  await choose('Module to give or take off', 'Claims', 'Claims');
  await expect(page.getByText('Menu Role Successfully Saved')).toBeVisible();
  await expect(poster).toContainText('Claims, Payments');
  await page.screenshot({ path: `${SHOTS}/menu-roles.png` });

  await run('go to modules', 'Go to modules');
  await expect(grid('Modules')).toBeFocused();
  for (const name of ['Aging reports', 'Aging reports again']) {
    await page.keyboard.press('n');
    await answer('Module code', 'E2E_AGING');
    await answer('Module name', name);
    await choose('Module type', 'reports', 'reports');
  }
  await expect(page.getByText('Module Successfully Created')).toBeVisible();
  await expect(page.getByText(MODULE_CODE_EXISTS_SHOWN)).toBeVisible();
  await expect(grid('Modules').locator('tbody tr', { hasText: 'E2E_AGING' })).toContainText('Aging reports');
  await page.screenshot({ path: `${SHOTS}/modules.png` });
});

test('the settings enrol a new authenticator app for the signed-in user', async () => {
  await run('new authenticator', 'Set up a new authenticator app');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  const section = page.getByRole('region', { name: 'Authenticator app' });
  await expect(section.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  await expect(section.getByLabel('Code from the new app')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/settings-authenticator.png` });
  const key = ((await section.getByTestId('authenticator-key').textContent()) ?? '').replace(/\s/g, '');
  await page.keyboard.type((await codeAfter(key, -1)).code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Authenticator app enrolled.', { exact: false })).toBeVisible();
});
