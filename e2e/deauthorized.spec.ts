import { expect, test } from '@playwright/test';
import { signIn, storedSession, USERS } from './support/signIn.ts';

test('a 401 clears the session and sends the user to /login?deauthorized=1', async ({ page }) => {
  await signIn(page, USERS.biller);
  // Reload on the settings page, open to every user and calling nothing that needs the session, so
  // no call of the landing screen can meet the 401 before the test triggers one.
  await page.goto('/setting/users-settings');
  await expect(page.getByRole('heading', { name: 'User settings' })).toBeVisible();
  const { token, loginAuditID } = await storedSession(page);

  // End the session behind the app's back, as an expiry or an admin would.
  const logout = await page.request.post('/api/Users/userLogout', {
    data: { loginAuditID },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(logout.ok()).toBe(true);

  // Any call now answers 401. The header's live notifications may meet it first and end the
  // session on their own; else changing the password, with input the server would otherwise
  // accept, does.
  const deauthorized = page.waitForURL(/\/login\?deauthorized=1$/);
  const changePassword = async () => {
    await page.getByLabel('Current password').fill('Not-The-Password-1', { timeout: 10_000 });
    await page.getByLabel('New password', { exact: true }).fill('Another-Password-2', { timeout: 10_000 });
    await page.getByLabel('New password again').fill('Another-Password-2', { timeout: 10_000 });
    await page.keyboard.press('Enter');
  };
  await Promise.race([deauthorized, changePassword().catch(() => deauthorized)]);

  await expect(page).toHaveURL(/\/login\?deauthorized=1$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('persist:session'));
  expect(JSON.parse(stored ?? '{}') as unknown).toMatchObject({ version: -1, user: null });
});
