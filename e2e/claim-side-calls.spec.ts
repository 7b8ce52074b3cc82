import { expect, test, type Page } from '@playwright/test';
import type { ClaimInfoReply } from '../contract/claimForm.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * The calls beside a claim, by keyboard only: a new draft claim opened by its ID (Alt+O), its
 * stats line, a charge line saved with the patient's payment on it (Alt+Shift+Q), the line in
 * full (Enter), a line's diagnosis pointers (Alt+Shift+T), an ERA check added up on its detail
 * (S), and a new claim form filled from the patient's last claim (Alt+L). On a server of its
 * own, since it posts money.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let patient = { patientID: 0, accountNumber: '', providerID: 0 };

const { palette, steps, selected, answer } = paletteOf(() => page);
const snap = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 45, 'claim-side-calls'));
  // A new draft claim of a demo patient, dated today, with two diagnoses, to add a line to.
  const headers = await authorization(page);
  const owing = await findOwingClaim(page);
  const info = (await (
    await page.request.get(`/api/Claims/getClaimInfoData?claimID=${owing.claimID}`, { headers })
  ).json()) as ClaimInfoReply;
  patient = {
    patientID: info.claim.patientID,
    accountNumber: info.claim.accountNumber,
    providerID: info.claim.providerID,
  };
  const today = new Date().toISOString().slice(0, 10);
  const saved = await page.request.post('/api/AddEditClaim/saveClaim', {
    headers,
    data: {
      patientID: patient.patientID,
      providerID: patient.providerID,
      posCode: '11',
      dosFrom: today,
      icds: ['E119', 'I10'],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  claimID = ((await saved.json()) as { claimID: number }).claimID;
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

const stats = () => page.getByTestId('claim-stats');
const charges = () => page.getByRole('grid', { name: 'Charges' });

test('Alt+O opens a claim by its ID on its detail, with its stats line', async () => {
  await page.keyboard.press('Alt+o');
  await answer('Claim ID', String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(stats()).toContainText('0 open lines');
  await expect(stats()).toContainText('0 ERA answers');
  await expect(stats()).toContainText('never sent');
  await expect(page.getByTestId('claim-stats-patient-paid')).toHaveText('Patient paid $0.00');

  // An ID no claim has is refused in the catalogue's words, and the screen stays.
  await page.keyboard.press('Alt+o');
  await answer('Claim ID', '999999999');
  await expect(page.getByText('Error: unable to get claim route.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
});

test('Alt+Shift+Q saves a charge line with the patient’s payment on it; the line and the stats show both', async () => {
  await charges().focus();
  await page.keyboard.press('Alt+Shift+q');
  await answer('Procedure code', '36415');
  await answer('Diagnosis pointers', '2');
  await answer('Charge amount', '30.00');
  await answer('Paid by the patient', '10.00');
  await expect(steps()).toContainText('Paid by');
  await page.keyboard.type('cash');
  await expect(selected()).toContainText('Cash');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Line 1 added for $30.00 and $10.00 paid on it: it owes $20.00.')).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(page.getByTestId('claim-stats-patient-paid')).toHaveText('Patient paid $10.00');
  await expect(stats()).toContainText('1 open line');
  await expect(charges().locator('tbody tr').first()).toContainText('36415');
  await expect(page.getByRole('grid', { name: 'Postings' })).toContainText('Patient payment');
  await snap('claim-detail-stats');

  // A payment past the line's charge is refused and nothing is saved: still one line.
  await page.keyboard.press('Alt+Shift+q');
  await answer('Procedure code', '99213');
  await answer('Diagnosis pointers', '');
  await answer('Charge amount', '20.00');
  await answer('Paid by the patient', '25.00');
  await page.keyboard.type('card');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/would pay it past its charge, so nothing was saved/)).toBeVisible();
  await page.reload();
  await expect(charges().locator('tbody tr')).toHaveCount(1);
});

test('Enter on the line shows it in full: the charge, the desk payment and the pointers; Alt+Shift+T changes the pointers', async () => {
  await expect(charges()).toBeFocused();
  await page.keyboard.press('Enter');
  const toast = page.locator('.toast', { hasText: `Claim ${claimID} Line 1: 36415` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('patient payment -$10.00');
  await expect(toast).toContainText('Pointers 2');
  await snap('charge-detail');
  await toast.getByRole('button', { name: 'Dismiss' }).click();

  await charges().focus();
  await page.keyboard.press('Alt+Shift+t');
  await expect(steps()).toContainText('Charge line');
  await page.keyboard.press('Enter');
  await answer('Diagnosis pointers', '1 2');
  await expect(page.getByText('Line 1 now points at 1, 2.')).toBeVisible();
  await expect(charges().locator('tbody tr').first()).toContainText('1,2');
});

test('S on an ERA detail adds its check up: claims by outcome, money, adjustments by CARC with their text', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/app\/era-search$/);
  const checks = page.getByRole('grid', { name: /ERA checks/ });
  await expect(checks.locator('tbody tr').first()).toBeVisible();
  await expect(checks).toBeFocused();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/era-detail\/\d+$/);
  await expect(page.getByRole('grid', { name: 'ERA claims' })).toBeFocused();
  await page.keyboard.press('s');
  const summary = page.getByTestId('era-check-summary');
  await expect(summary).toContainText('Billed');
  await expect(summary).toContainText(/\d+ \(\d+ matched, \d+ posted, \d+ denied\)/);
  await expect(summary.getByRole('table', { name: 'Adjustments by reason' })).toBeVisible();
  await snap('era-check-summary');
  await page.keyboard.press('s');
  await expect(summary).toHaveCount(0);
});

test('Alt+L fills a new claim form from the patient’s last claim', async () => {
  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/app\/create-claim$/);
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await page.keyboard.type(patient.accountNumber);
  await expect(page.getByRole('listbox', { name: 'Patient matches' }).getByRole('option').first()).toContainText(
    patient.accountNumber,
  );
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+l');
  await expect(page.getByText(`Filled from claim ${claimID}`)).toBeVisible();
  await expect(page.getByLabel('Rendering provider')).toHaveValue(String(patient.providerID));
  await expect(page.getByLabel('Place of service', { exact: true })).toHaveValue('11');
  await expect(page.getByTestId('diagnosis-list')).toContainText('E11.9');
  await expect(page.getByTestId('diagnosis-list')).toContainText('I10');
  await snap('claim-form-filled');
});
