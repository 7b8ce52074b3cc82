import { expect, test, type Page } from '@playwright/test';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import type { OwnServer } from './support/ownServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import { paletteOf } from './support/palette.ts';

/**
 * The payments screens by keyboard alone: the advance payments list gains the advance added
 * from the palette (N on the list), a patient payment posted on a claim from the palette lowers
 * the claim's balance, and the reconciliation screen lists the deposits with their postings. On a
 * server of its own, since it posts money.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let patientName = '';
let balanceBefore = 0;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, answer, run, pickPatient } = paletteSteps;
const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 13, 'payments-screens'));
  ({ claimID, patientName, balance: balanceBefore } = await findOwingClaim(page));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('g a opens the advance payments; N adds one from the palette and the list shows it, the keyboard back on the list', async () => {
  const advances = page.getByRole('grid', { name: 'Advance payments' });
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/app\/advance-payments$/);
  await expect(advances).toBeFocused();
  await page.keyboard.press('n');
  await pickPatient(patientName);
  await answer('Amount', '40.00');
  await expect(steps()).toContainText('Method');
  await page.keyboard.type('check');
  await expect(selected()).toContainText('Check');
  await page.keyboard.press('Enter');
  await answer('Reference', '7001');
  await answer('Received on', '');
  await answer('Date of service', '');
  await expect(page.getByText('Advance Payment added successfully')).toBeVisible();
  await expect(palette()).toHaveCount(0);
  const row = advances.locator('tbody tr', { hasText: 'Check 7001' });
  await expect(row).toContainText(new RegExp(escaped(patientName), 'i'));
  await expect(row).toContainText('$40.00');
  await expect(row).toContainText('Active');
  await expect(advances).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('advance-payments.png') });
});

test("Alt+Shift+P on a claim posts a patient payment and the claim's balance falls by it", async () => {
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  const balance = page.getByTestId('claim-totals').locator('div', { hasText: 'Balance' }).locator('dd');
  await expect(balance).toHaveText(dollars(balanceBefore));
  // The command needs the claim's lines on screen.
  await expect(page.getByRole('region', { name: `Claim ${claimID}` }).locator('tbody tr').first()).toBeVisible();
  await page.keyboard.press('Alt+Shift+P');
  await answer('Amount paid', '25.00');
  await expect(steps()).toContainText('Method');
  await expect(selected()).toContainText('Cash');
  await page.keyboard.press('Enter');
  await answer('Reference', 'DESK-9');
  await answer('Posting date', '');
  await expect(page.getByText('Patient payment saved.')).toBeVisible();
  await expect(page.getByText(`$25.00 Cash on claim ${claimID}; it now owes ${dollars(balanceBefore - 2_500)}.`)).toBeVisible();
  await expect(balance).toHaveText(dollars(balanceBefore - 2_500));
  await page.screenshot({ path: test.info().outputPath('patient-payment.png') });
});

test('g r opens the reconciliation: the deposits with their difference, Enter goes into the postings and Escape back', async () => {
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/app\/payment-reconciliation$/);
  const deposits = page.getByRole('grid', { name: 'Deposits' });
  await expect(deposits).toBeFocused();
  await expect(page.getByRole('heading', { name: /Deposits to reconcile/ })).toBeVisible();
  await expect(page.getByTestId('reconciliation-stats')).toContainText('Still to post');
  await expect(deposits.locator('thead')).toContainText('Difference');
  // A deposit opened from the palette shows up in the list, its whole total still to post.
  await newPaymentBatch(paletteSteps, { batchNumber: 'E2E-RECON-1', checkNumber: '', depositDate: '', total: '310.00' });
  await expect(page.getByText('Batch Successfully Created')).toBeVisible();
  const row = deposits.locator('tbody tr', { hasText: 'E2E-RECON-1' });
  await expect(row).toContainText('$310.00');
  await expect(row).toContainText('Not balanced');
  await expect(deposits).toBeFocused();
  await page.keyboard.press('Home');
  await expect(deposits.locator('tbody tr[aria-selected="true"]')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid', { name: 'Postings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(deposits).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('payment-reconciliation.png') });
});
