import { expect, test, type Page } from '@playwright/test';
import { authorization } from './support/apiToken.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The header by keyboard: a notification arrives in the bell while the biller is on a screen (no
 * reload), is marked read from the keyboard; the global search opens a claim and its Recents tab
 * lists it. One sign-in for the file.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimId = '';

const bell = () => page.getByRole('button', { name: /^Notifications, / });
const bellList = () => page.getByRole('listbox', { name: 'Notifications' });
const unreadOf = async () => {
  const label = (await bell().getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};
const searchField = () => page.getByRole('combobox', { name: 'Search claims and patients' });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  claimId = (await page.getByTestId('glide-cell-0-0').textContent()) ?? '';
});

test.afterAll(async () => {
  await page.close();
});

test('a finished bulk run appears in the bell without a reload, and R marks it read', async () => {
  await expect(bell()).toBeVisible();
  // The list the bell loaded at sign-in, before anything new happens.
  await page.keyboard.press('Alt+Shift+N');
  await expect(bellList()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(bellList()).toHaveCount(0);
  const before = await unreadOf();
  const loadsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);

  // A bulk run of the biller's, started elsewhere (another tab, through the API), finishes.
  const started = await page.request.post('/api/Claims/saveBulkNotes', {
    headers: await authorization(page),
    // A claim that does not exist: the run ends with it refused, and changes nothing the other files read.
    data: { claimIDs: [987_654_321], noteTypeID: 1, text: 'Header notification check.' },
  });
  expect(started.status()).toBe(200);
  const { jobID } = (await started.json()) as { jobID: number };

  await expect(bell()).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await expect(page.getByTestId('notification-count')).toHaveText(String(before + 1));
  await page.screenshot({ path: test.info().outputPath('bell-unread.png') });

  // The palette lists it too, in its Notifications group.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('bulk run finished');
  const inPalette = palette.getByRole('option', { name: /Open: Bulk run finished/ });
  await expect(inPalette).toBeVisible();
  await expect(inPalette).toContainText('Notifications');
  await page.screenshot({ path: test.info().outputPath('palette-notifications.png') });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Alt+Shift+N');
  await expect(bellList()).toBeFocused();
  const newest = bellList().getByRole('option', { selected: true });
  await expect(newest).toContainText('Bulk run finished');
  await expect(newest).toContainText('0 records done, 1 refused.');
  await expect(newest).toHaveAttribute('data-read', 'false');
  await page.screenshot({ path: test.info().outputPath('bell-list.png') });

  await page.keyboard.press('r');
  await expect(newest).toHaveAttribute('data-read', 'true');
  await expect(bell()).toHaveAccessibleName(
    before === 0 ? 'Notifications, none unread' : `Notifications, ${before} unread`,
  );
  await page.keyboard.press('Escape');
  await expect(bellList()).toHaveCount(0);
  // Still the same page: nothing was reloaded.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loadsBefore);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  // The run's report is closed, so the next sign-in of this user (another file) does not open it.
  const dismissed = await page.request.post('/api/Jobs/dismissJob', {
    headers: await authorization(page),
    data: { jobID },
  });
  expect(dismissed.status()).toBe(200);
});

test('the global search opens a claim by keyboard, and its Recents tab lists it', async () => {
  await page.keyboard.press('Alt+Shift+G');
  await expect(searchField()).toBeFocused();
  await page.keyboard.type(claimId);
  const found = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option', { name: new RegExp(`^Claim ${claimId}\\b`) });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('global-search-results.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claim ${claimId}`);
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();

  await page.keyboard.press('Alt+Shift+Y');
  await expect(searchField()).toBeFocused();
  const recents = page.getByRole('listbox', { name: 'Recents' });
  await expect(page.getByRole('tab', { name: 'Recents', selected: true })).toBeVisible();
  await expect(recents.getByRole('option').first()).toContainText(`Claim ${claimId}`);
  await page.screenshot({ path: test.info().outputPath('global-search-recents.png') });

  // Tab goes to the other tab and back; Escape closes and gives the keyboard back.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Search results', selected: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Recents', selected: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(recents).toHaveCount(0);
  // The keyboard is back on the claim's charges, where it was.
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();
});
