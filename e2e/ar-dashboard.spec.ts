import { expect, test, type Page } from '@playwright/test';
import type { ArDaysReply, CollectedReply } from '../contract/arDashboard.ts';
import type { ClaimTableReply } from '../contract/claims.ts';
import { authorization } from './support/apiToken.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The AR dashboard by keyboard: a claim opened from the palette is among the recent records and
 * Enter opens it again; g v opens the dashboard, → reaches a widget and ← comes back, Enter on AR
 * days opens the claims list on exactly the receivable claims it counted; P sets the period of the
 * money widgets, which show that period's figures, keep it over a reload and drill into its
 * claims; "Make this my landing page" on the dashboard makes the next sign-in land there.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const { run, steps, selected } = paletteOf(() => page);
const widget = (name: string) => page.locator(`section[data-widget="${name}"]`);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** What the server answers the signed-in user for `call` with `query`. */
async function served<T>(call: string, query: Record<string, string> = {}): Promise<T> {
  const reply = await page.request.get(`/api/${call}`, { headers: await authorization(page), params: query });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as T;
}

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

test('P sets the money widgets’ period: the figure becomes that period’s, a reload keeps it, Enter lists its claims', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  const figure = widget('collected').locator('.ar-dashboard__figure');
  const twelveMonths = await served<CollectedReply>('ARDashboard/getCollectedAmountsData');
  await expect(figure).toHaveText(dollars(twelveMonths.collectedCents));

  // Last month as the biller's browser counts it.
  const today = await page.evaluate(() => {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() + 1 };
  });
  const month = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  const monthText = `${month.year}-${String(month.month).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const lastMonth = { fromPostingDate: `${monthText}-01`, toPostingDate: `${monthText}-${lastDay}` };
  const expected = await served<CollectedReply>('ARDashboard/getCollectedAmountsData', lastMonth);
  // The demo posts money over the whole year: one month's figure is not the year's.
  expect(expected.collectedCents).not.toBe(twelveMonths.collectedCents);

  await expect(widget('arDays')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('p');
  await expect(steps()).toContainText('Money posted in');
  await page.keyboard.type('last month');
  await expect(selected()).toContainText('Last month');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/ar-dashboard\?period=lastMonth$/);
  await expect(figure).toHaveText(dollars(expected.collectedCents));
  await expect(widget('collected')).toContainText(`${String(month.month).padStart(2, '0')}/01/${month.year}`);
  const bar = page.getByRole('form', { name: 'Dashboard parameters' });
  await expect(bar.locator('select[name="period"]')).toHaveValue('lastMonth');
  await expect(bar.locator('input[name="fromPostingDate"]')).toHaveValue(lastMonth.fromPostingDate);
  await page.screenshot({ path: test.info().outputPath('ar-dashboard-last-month.png') });

  await page.reload();
  await expect(page).toHaveURL(/\/app\/ar-dashboard\?period=lastMonth$/);
  await expect(bar.locator('select[name="period"]')).toHaveValue('lastMonth');
  await expect(figure).toHaveText(dollars(expected.collectedCents));

  // Enter on Collected lists the claims with money posted last month.
  await expect(page.locator('.ar-dashboard__grid')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(widget('collected')).toHaveAttribute('aria-current', 'true');
  const behind = await served<ClaimTableReply>('Claims/getAllClaimsSearchTableData', {
    pageSize: '1',
    postingFrom: lastMonth.fromPostingDate,
    postingTo: lastMonth.toPostingDate,
  });
  expect(expected.filter).toEqual({ postingFrom: lastMonth.fromPostingDate, postingTo: lastMonth.toPostingDate });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('claims-total')).toHaveText(new RegExp(`^${behind.total.toLocaleString('en-US')}\\b`));

  // Back on the dashboard (g v) the period is still last month; C clears it.
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/\/app\/ar-dashboard\?period=lastMonth$/);
  await expect(figure).toHaveText(dollars(expected.collectedCents));
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/app\/ar-dashboard$/);
  await expect(figure).toHaveText(dollars(twelveMonths.collectedCents));
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
