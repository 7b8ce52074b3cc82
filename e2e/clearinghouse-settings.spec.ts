import { expect, test, type Page } from '@playwright/test';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The Clearinghouses screen by keyboard only: g l opens it, E sets up the connection under the
 * cursor step by step (here local folders, which need no key), and C collects its replies now; a
 * folder that does not exist is said plainly, in the toast and on the row.
 */
let page: Page;
const { steps, selected, answer } = paletteOf(() => page);
const grid = () => page.getByRole('grid', { name: 'Clearinghouses' });

async function choose(stepTitle: string, typed: string, choice: string): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
});

test('an administrator sets up a clearinghouse by keyboard, and a collection that fails says why', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await expect(page).toHaveURL(/\/setting\/clearinghouses$/);
  await expect(grid()).toBeFocused();
  const row = grid().locator('tbody tr', { hasText: 'Waystar' });
  await expect(row).toContainText('not set up');
  // The list is by name: Waystar is the last row.
  await page.keyboard.press('End');
  await page.keyboard.press('e');
  await choose('How the clearinghouse is reached', 'Local', 'Local folders');
  await answer('SFTP host', '');
  await answer('Port', '');
  await answer('SFTP user', '');
  await answer('Private key', '');
  await answer("Server's host key", '');
  await answer('Outbound folder', '/nonexistent-e2e/waystar/outbound');
  await answer('Inbound folder', '/nonexistent-e2e/waystar/inbound');
  await answer('Archive folder', '/nonexistent-e2e/waystar/archive');
  await answer('Poll every', '30');
  await choose('Post remittances (835) at once?', 'Yes', 'Yes, at once');
  await choose('Send and collect?', 'On', 'On');
  await expect(page.getByText('Clearinghouse connection saved successfully: Waystar')).toBeVisible();
  await expect(row).toContainText('local folders');
  await expect(row).toContainText('/nonexistent-e2e/waystar/inbound');
  await expect(row).toContainText('30 s');
  await expect(row).toContainText('at once');

  await grid().focus();
  await page.keyboard.press('c');
  await expect(
    page.getByText(/The folder \/nonexistent-e2e\/waystar\/inbound could not be listed: ENOENT/).first(),
  ).toBeVisible();
  await expect(row).toContainText('could not be listed');
  await page.screenshot({ path: test.info().outputPath('clearinghouses.png') });

  // Switched off again, so the server's schedule leaves it alone.
  await grid().focus();
  await page.keyboard.press('e');
  await choose('How the clearinghouse is reached', 'Local', 'Local folders');
  for (const step of [
    'SFTP host',
    'Port',
    'SFTP user',
    'Private key',
    "Server's host key",
    'Outbound folder',
    'Inbound folder',
    'Archive folder',
    'Poll every',
  ])
    await answer(step, '');
  await choose('Post remittances (835) at once?', 'No', 'No, a biller posts them');
  await choose('Send and collect?', 'Off', 'Off');
  await expect(row).toContainText('local folders (off)');
});
