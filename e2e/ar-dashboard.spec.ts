import { expect, test, type Page } from '@playwright/test';
import type { ArDaysReply } from '../contract/arDashboard.ts';
import { authorization } from './support/apiToken.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The AR dashboard by keyboard: a claim opened from the palette is among the recent records and
 * Enter opens it again; g v opens the dashboard, → reaches a widget and ← comes back, Enter on AR
 * days opens the claims list on exactly the receivable claims it counted; "Make this my landing
 * page" on the dashboard makes the next sign-in land there.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const { run } = paletteOf(() => page);
const widget = (name: string) => page.locator(`section[data-widget="${name}"]`);

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  // The shared demo server's admin lands on the claims list again.
  await page.request.post('/api/Users/saveUserSetting', {
    headers: await authorization(page),
    data: { key: 'landingPage', value: null },
  });
  await page.close();
});

test('lists a claim opened from the palette among the recent records, and Enter opens it again', async () => {
  const claimID = (await page.getByTestId('glide-cell-0-0').textContent()) ?? '';
  expect(claimID).toMatch(/^\d+$/);
  await run(claimID, `Claim ${claimID}`);
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  await expect(widget('recent')).toContainText(`Claim ${claimID}`);
  // ← from the first widget wraps to the last, the recent records.
  await page.keyboard.press('ArrowLeft');
  await expect(widget('recent')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  // The widget under the cursor stays where it was.
  await expect(widget('recent')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowRight');
});

test('opens the dashboard, moves between widgets and drills from AR days into the receivable claims', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  await expect(widget('arDays')).toHaveAttribute('aria-current', 'true');
  await expect(widget('arDays').locator('.ar-dashboard__figure')).toHaveText(/^\d+\.\d days$/);
  for (const name of [
    'collected',
    'expected',
    'actionNeeded',
    'openItems',
    'averageRevenue',
    'averageCharge',
    'tasks',
    'recent',
  ])
    await expect(widget(name).locator('.ar-dashboard__figure')).not.toHaveText(
      /^(\$0\.00|0 claims|0 tasks|0 records|–)$/,
    );
  await page.screenshot({ path: 'test-results/ar-dashboard.png' });
  await page.keyboard.press('ArrowRight');
  await expect(widget('collected')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(widget('arDays')).toHaveAttribute('aria-current', 'true');

  const served = await page.request.get('/api/ARDashboard/getARSByData', { headers: await authorization(page) });
  const arDays = (await served.json()) as ArDaysReply;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('claims-total')).toHaveText(
    new RegExp(`^${arDays.arClaims.toLocaleString('en-US')}\\b`),
  );
});

test('makes the dashboard the landing page, and the next sign-in lands there', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  await run('make this my landing', 'Make this my landing page');
  await expect(page.getByText('You will land here after you sign in')).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  await expect(widget('arDays')).toHaveAttribute('aria-current', 'true');
});
