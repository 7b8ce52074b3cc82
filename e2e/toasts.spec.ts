import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Toasts by keyboard: routine successes close by themselves, at most three stand at once, in the
 * bottom-left corner and off the row the cursor is on; a toast that waits for Dismiss gives the
 * keyboard back to where it was when it is dismissed.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

const cell = (col: number, row: number) => page.getByTestId(`glide-cell-${col}-${row}`);
const shownToasts = () => page.locator('.toast:not(.toast--leaving)');
const gridFocused = () => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null);
/** The top of the highest toast on screen, and the right edge of the widest. */
const toastBounds = () =>
  shownToasts().evaluateAll((toasts) => {
    const boxes = toasts.map((toast) => toast.getBoundingClientRect());
    return {
      top: Math.min(...boxes.map((box) => box.top)),
      bottom: Math.max(...boxes.map((box) => box.bottom)),
      right: Math.max(...boxes.map((box) => box.right)),
    };
  });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1400, height: 860 },
  });
  page = await context.newPage();
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(cell(0, 0)).toHaveText(/^\d+$/);
  await expect.poll(gridFocused).toBe(true);
});

test.afterAll(async () => {
  await page.context().close();
});

test('routine successes stand three at most, bottom-left, move off the cursor row and close by themselves', async () => {
  for (let copy = 0; copy < 5; copy += 1) {
    await page.keyboard.press('Control+C');
    await expect(page.getByText('Copied 1 row.').first()).toBeVisible();
  }
  await expect(shownToasts()).toHaveCount(3);
  const corner = await toastBounds();
  expect(corner.right).toBeLessThan(420);
  expect(corner.bottom).toBeGreaterThan(800);

  // The cursor goes down to the window's foot, where the toasts stood: they move to the top.
  for (let step = 0; step < 40 && (await toastBounds()).top > 400; step += 1) await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await toastBounds()).top).toBeLessThan(200);
  await page.screenshot({ path: test.info().outputPath('toasts-off-the-cursor-row.png') });

  await expect(shownToasts()).toHaveCount(0, { timeout: 5_000 });
});

test('a toast waiting for Dismiss gives the keyboard back to where it was when dismissed by keyboard', async () => {
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Show claim summary');
  await page.keyboard.press('Enter');
  const summary = shownToasts().filter({ hasText: /^Claim \d+/ });
  await expect(summary.getByRole('button', { name: 'Dismiss' })).toBeVisible();

  // The claim form: Tab walks its fields, then the toasts.
  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('patient-search')).toBeFocused();
  let before = '';
  for (let presses = 0; presses < 80; presses += 1) {
    const inToast = await page.evaluate(() => document.activeElement?.closest('.toast') !== null);
    if (inToast) break;
    before = await page.evaluate(
      () => document.activeElement?.textContent?.trim() ?? document.activeElement?.getAttribute('aria-label') ?? '',
    );
    await page.keyboard.press('Tab');
  }
  await expect(summary.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  expect(before).toBe('Create claim');
  await page.keyboard.press('Enter');
  await expect(summary).toHaveCount(0);
  // Not the page body: the button the keyboard was on before it went into the toast.
  await expect(page.getByRole('button', { name: 'Create claim' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});
