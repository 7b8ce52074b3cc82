import { expect, test, type Page } from '@playwright/test';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import type { OwnServer } from './support/ownServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import { paletteOf } from './support/palette.ts';

/**
 * The payments screens by keyboard alone: the advance payments list gains the advance added
 * from the palette (N on the list), a patient payment posted on a claim from the palette lowers
 * the claim's balance, the reconciliation screen lists the deposits with their postings and the
 * palette's "Reconcile deposit…" reconciles the cursor deposit there, and Alt+Shift+P on the
 * claims list posts on the cursor claim. On a server of its own, since it posts money.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let patientName = '';
let balanceBefore = 0;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, answer, run, pickPatient } = paletteSteps;
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
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
  await expect(page.getByText(/is the patient's credit \(advance #\d+\)\.$/)).toBeVisible();
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
  await expect(
    page
      .getByRole('region', { name: `Claim ${claimID}` })
      .locator('tbody tr')
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Alt+Shift+P');
  await answer('Amount paid', '25.00');
  await expect(steps()).toContainText('Method');
  await expect(selected()).toContainText('Cash');
  await page.keyboard.press('Enter');
  await answer('Reference', 'DESK-9');
  await answer('Posting date', '');
  await expect(
    page.getByText(`$25.00 Cash on claim ${claimID}; it now owes ${dollars(balanceBefore - 2_500)}.`),
  ).toBeVisible();
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
  await newPaymentBatch(paletteSteps, {
    batchNumber: 'E2E-RECON-1',
    checkNumber: '',
    depositDate: '',
    total: '310.00',
  });
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

test('there, "Reconcile deposit…" from the palette reconciles the cursor deposit, without asking which', async () => {
  const deposits = page.getByRole('grid', { name: 'Deposits' });
  const cursorRow = deposits.locator('tbody tr[aria-selected="true"]');
  // The demo's front desk deposit balances (its two patient payments make its total) and is open.
  const balanced = deposits.locator('tbody tr', { hasText: 'Balances: R reconciles' }).first();
  const reference = (await balanced.locator('td').nth(1).innerText()).trim();
  await page.keyboard.press('Home');
  for (let press = 0; press < 40 && !(await cursorRow.innerText()).includes(reference); press += 1)
    await page.keyboard.press('ArrowDown');
  await expect(cursorRow).toContainText(reference);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Reconcile deposit');
  await expect(selected()).toContainText('Reconcile deposit…');
  // The screen's own key is shown beside the command.
  await expect(selected().getByLabel('Shortcut R')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reconcile-from-palette.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Deposit reconciled\b/)).toBeVisible();
  await expect(palette()).toHaveCount(0);
  // The list of deposits to reconcile is read again without it, and the keyboard is back on it.
  await expect(deposits.locator('tbody tr', { hasText: reference })).toHaveCount(0);
  await expect(deposits).toBeFocused();
});

test('on the claims list, Alt+Shift+P posts a patient payment on the cursor claim', async () => {
  const { rows } = (await (
    await page.request.get(
      '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc',
      { headers: await authorization(page) },
    )
  ).json()) as {
    rows: { claimID: number; balance: number }[];
  };
  const index = rows.findIndex((row) => row.claimID === claimID);
  const owes = rows[index]?.balance ?? 0;
  expect(owes).toBeGreaterThanOrEqual(1_000);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null)).toBe(true);
  for (let press = 0; press < index; press += 1) await page.keyboard.press('ArrowDown');
  const cursorCell = page.getByTestId(`glide-cell-0-${index}`);
  await expect(cursorCell).toHaveText(String(claimID));
  await expect(cursorCell).toHaveAttribute('aria-selected', 'true');
  // The grid hands its cursor claim to the commands 40 ms after the cursor rests.
  await page.waitForTimeout(300);
  await page.keyboard.press('Alt+Shift+P');
  // No claim is open: the first step names the cursor claim and what it owes.
  await expect(steps()).toContainText('Claim to post on');
  await expect(selected()).toContainText(`Claim ${claimID}`);
  await expect(selected()).toContainText(`owes ${dollars(owes)}`);
  await page.keyboard.press('Enter');
  await answer('Amount paid', '10.00');
  await expect(steps()).toContainText('Method');
  await page.keyboard.press('Enter');
  await answer('Reference', '');
  await answer('Posting date', '');
  await expect(page.getByText(`$10.00 Cash on claim ${claimID}; it now owes ${dollars(owes - 1_000)}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await page.screenshot({ path: test.info().outputPath('patient-payment-from-list.png') });
});
