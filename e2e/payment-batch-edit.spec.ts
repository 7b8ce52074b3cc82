import { expect, test, type Page } from '@playwright/test';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * A payment batch changed by keyboard only: E on the list edits the cursor batch's total and the
 * list's figures follow, E on its detail closes it, A attaches a PDF through the browser's file
 * chooser and the Files list shows it. On a server of its own (offset 17): the batch it changes
 * stays out of the other specs' way.
 */
test.describe.configure({ mode: 'serial' });

const BATCH = 'E2E-EDIT-0001';
/** The smallest file the server takes as a PDF: its header and end marker. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let server: OwnServer | null = null;
let page: Page;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, answer, run } = paletteSteps;
const batches = () => page.getByRole('grid', { name: 'Payment batches' });
const batchRow = () => batches().locator('tbody tr', { hasText: BATCH });

/** Picks a field in the edit's field step by typing its name. */
async function pickField(label: string): Promise<void> {
  await expect(steps()).toContainText('Field to change');
  await page.keyboard.type(label);
  await expect(selected()).toContainText(label);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 17, 'payment-batch-edit'));
  // Playwright turns the chooser's interception on without waiting for it: turned on here, long
  // before A opens the chooser, it cannot lose that race (seen when the machine is busy).
  page.on('filechooser', () => undefined);
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('E on the payment batch list edits the cursor batch: its new total shows in the list', async () => {
  await run('go to payment batches', 'Go to payment batches');
  await expect(batches()).toBeFocused();
  await expect(page.locator('.key-hints')).toContainText('E edit');
  await newPaymentBatch(paletteSteps, {
    batchNumber: BATCH,
    checkNumber: '88001',
    depositDate: '2026-11-20',
    total: '1250.00',
  });
  await expect(batchRow()).toContainText('$1,250.00$0.00$1,250.00');
  await expect(batchRow()).toHaveAttribute('aria-selected', 'true');
  await expect(batches()).toBeFocused();

  await page.keyboard.press('e');
  await pickField('Total');
  // The value step names the batch and what the total is now.
  await answer(`New total of ${BATCH} (now $1,250.00)`, '1500.00');
  await expect(page.getByText(/: total \$1,500\.00$/)).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(batchRow()).toContainText('$1,500.00$0.00$1,500.00');
});

test('a typed value the field refuses is said in the step, and nothing is sent', async () => {
  await expect(batches()).toBeFocused();
  await page.keyboard.press('e');
  await pickField('Deposit date');
  await expect(steps()).toContainText('New deposit date');
  await page.keyboard.type('11/21/2026');
  await page.keyboard.press('Enter');
  await expect(palette()).toContainText('Type the date as YYYY-MM-DD, or leave it empty to clear it.');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(palette()).toHaveCount(0);
  await expect(batchRow()).toContainText('11/20/2026');
});

test('E on the batch detail closes it', async () => {
  await batches().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Payment batch ${BATCH}` })).toBeVisible();
  const header = page.getByTestId('payment-batch-header');
  await expect(header).toContainText('Open');
  await expect(page.getByRole('grid', { name: 'Paid lines' })).toBeFocused();
  await page.keyboard.press('e');
  await pickField('Close batch');
  await expect(header).toContainText('Closed');
  await expect(page.getByTestId('payment-batch-balance')).toHaveText(
    '$1,500.00 still to post: $0.00 posted of $1,500.00.',
  );
});

test('A on the batch detail attaches a PDF picked in the file chooser; Files lists it', async () => {
  const files = page.getByRole('grid', { name: 'Batch files' });
  await expect(files).toContainText('No files were filed with this batch.');
  await page.getByRole('grid', { name: 'Paid lines' }).focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('a');
  await (await chooser).setFiles({ name: 'deposit-slip.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Document Successfully uploaded')).toBeVisible();
  await expect(files).toContainText('deposit-slip.pdf');
  await expect(files).toContainText('application/pdf');
});
