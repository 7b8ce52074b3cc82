import { expect, test, type Page } from '@playwright/test';
import { authorization } from './support/apiToken.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import type { OwnServer } from './support/ownServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import { paletteOf } from './support/palette.ts';

/**
 * Payments that have no screen of their own, by keyboard from the palette: an advance payment
 * taken for a patient and applied to one of their claims (the claim's balance falls by it), and
 * a payment batch opened and then refused a second time under the same number. On a server of
 * its own, so the claims it pays do not change what the other browser tests find.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let patientName = '';
let balanceBefore = 0;
let advanceID = 0;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, answer, run, pickPatient } = paletteSteps;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 9, 'payments'));
  // A claim that still owes and nothing was posted to yet, newest first.
  ({ claimID, patientName, balance: balanceBefore } = await findOwingClaim(page));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('"Add advance payment…" takes a $30.00 deposit for the patient, step by step in the palette', async () => {
  await run('add advance payment', 'Add advance payment…');
  await pickPatient(patientName);
  await answer('Amount', '30.00');
  await expect(steps()).toContainText('Method');
  await expect(selected()).toContainText('Cash');
  await page.keyboard.press('Enter');
  await answer('Reference', 'DESK-1');
  await answer('Received on', '');
  await answer('Date of service', '');
  // The demo holds advance payments of other patients: this one's number is the one announced.
  const credit = page.getByText(/\$30\.00 Cash is the patient's credit \(advance #\d+\)/);
  await expect(credit).toBeVisible();
  advanceID = Number(/advance #(\d+)/.exec((await credit.textContent()) ?? '')?.[1]);
  await expect(palette()).toHaveCount(0);
});

test('on the claim, Alt+Shift+A applies the credit: the claim owes $30.00 less', async () => {
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  // Until its lines are loaded the screen holds no claim to apply to (the key says so).
  await expect(
    page
      .getByRole('region', { name: `Claim ${claimID}` })
      .locator('tbody tr')
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Alt+Shift+A');
  await expect(steps()).toContainText('Advance payment');
  await expect(selected()).toContainText('$30.00 left of $30.00');
  await page.screenshot({ path: test.info().outputPath('advance-apply-step.png') });
  await page.keyboard.press('Enter');
  await answer('Amount', '');
  await expect(
    page.getByText(`Applied $30.00 of advance #${advanceID} to claim ${claimID}; $0.00 is left as credit.`),
  ).toBeVisible();
  const headers = await authorization(page);
  const after = await page.request.get(
    `/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc`,
    { headers },
  );
  const claim = ((await after.json()) as { rows: { claimID: number; balance: number }[] }).rows.find(
    (row) => row.claimID === claimID,
  );
  expect(claim?.balance).toBe(balanceBefore - 3_000);
});

test('"New payment batch…" opens a deposit; the same batch number again is refused with the reason', async () => {
  for (const attempt of ['first', 'again']) {
    await newPaymentBatch(paletteSteps, {
      batchNumber: 'E2E-2026-11-23-01',
      checkNumber: '55501',
      depositDate: '',
      total: '1250.00',
    });
    if (attempt === 'first') await expect(page.getByText('Batch Successfully Created')).toBeVisible();
    else await expect(page.getByText(/Batch number E2E-2026-11-23-01 is already used in this group/)).toBeVisible();
    await expect(palette()).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('payment-batch-refused.png') });
});
