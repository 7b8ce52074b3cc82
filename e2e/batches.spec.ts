import { expect, test, type Page } from '@playwright/test';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import type { OwnServer } from './support/ownServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import { paletteOf } from './support/palette.ts';

/**
 * The payment batch screens by keyboard only: the list opened from the palette, a batch created
 * from the palette and listed with what is still to post, Enter opens it, Tab moves between its
 * paid lines, its ledger postings and its files, Escape goes back, Delete removes it after a confirm step.
 * On a server of its own: the batches it opens and deletes stay out of the other specs' way.
 */
test.describe.configure({ mode: 'serial' });

const BATCH = 'E2E-BATCH-0001';

let server: OwnServer | null = null;
let page: Page;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, run } = paletteSteps;
const batches = () => page.getByRole('grid', { name: 'Payment batches' });
const batchRow = () => batches().locator('tbody tr', { hasText: BATCH });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 11, 'batches'));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('"Go to payment batches" in the palette opens the list, which takes the keyboard', async () => {
  await run('go to payment batches', 'Go to payment batches');
  await expect(page).toHaveURL(/\/app\/payment-batches$/);
  await expect(page.getByRole('heading', { name: 'Payment batches', exact: true })).toBeVisible();
  await expect(batches()).toBeFocused();
});

test('"New payment batch…" from the palette: the batch is listed with its total still to post', async () => {
  await newPaymentBatch(paletteSteps, { batchNumber: BATCH, checkNumber: '77001', depositDate: '2026-11-20', total: '1250.00' });
  await expect(page.getByText('Batch Successfully Created')).toBeVisible();
  await expect(palette()).toHaveCount(0);
  // Total, posted and unposted, in that order, right-aligned dollars.
  await expect(batchRow()).toContainText('$1,250.00$0.00$1,250.00');
  await expect(batchRow()).toContainText('11/20/2026');
  await expect(batches()).toBeFocused();
});

test('Enter opens the batch: its totals say what is still to post; Tab moves between its lists, Escape goes back', async () => {
  // The newest batch is first: the cursor is on it.
  await expect(batchRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/payment-batch\/\d+$/);
  await expect(page.getByRole('heading', { name: `Payment batch ${BATCH}` })).toBeVisible();
  await expect(page.getByTestId('payment-batch-balance')).toHaveText('$1,250.00 still to post: $0.00 posted of $1,250.00.');
  const paidLines = page.getByRole('grid', { name: 'Paid lines' });
  const postings = page.getByRole('grid', { name: 'Ledger postings' });
  const files = page.getByRole('grid', { name: 'Batch files' });
  await expect(paidLines).toBeFocused();
  await expect(paidLines).toContainText('Nothing was paid from this batch yet.');
  await page.keyboard.press('Tab');
  await expect(postings).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(files).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(paidLines).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(files).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/payment-batches$/);
  await expect(batches()).toBeFocused();
});

test('Delete on the cursor batch asks to confirm, then deletes it', async () => {
  await expect(batchRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Delete');
  await expect(steps()).toContainText('Delete it?');
  await expect(selected()).toHaveText(new RegExp(`Delete batch ${BATCH} · Insurance`));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment Batch Successfully Deleted')).toBeVisible();
  await expect(batchRow()).toHaveCount(0);
  await expect(batches()).toBeFocused();
});
