import { expect, test, type Page } from '@playwright/test';
import type { ClaimTableReply } from '../contract/claims.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/** A new claim from the palette, by keyboard: patient, provider, date, place, diagnoses, no charge batch, then a line and a clean scrub. */
test.describe.configure({ mode: 'serial' });

let page: Page;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
});

test.afterAll(async () => {
  await page.close();
});

test('creates a draft claim, adds a line priced from the fee schedule, and it scrubs clean', async () => {
  const { token } = await storedSession(page);
  const newest = (await (
    await page.request.get('/api/Claims/getAllClaimsSearchTableData?pageSize=1', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as ClaimTableReply;
  const account = newest.rows[0]?.[3] ?? '';

  await page.keyboard.press('Control+K');
  await page.keyboard.type('New claim');
  await expect(palette().getByRole('option').first()).toContainText('New claim…');
  await page.keyboard.press('Enter');
  await page.keyboard.type(account);
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option').first()).toContainText(account);
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option').first()).toContainText('NPI');
  await page.keyboard.press('Enter');
  await page.keyboard.type('2026-11-02');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('I10');
  await page.keyboard.press('Enter');
  // The charge batch step is skipped with Enter: "No charge batch" comes first.
  await expect(palette().getByRole('option').first()).toContainText('No charge batch');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: /^Claim \d+$/ })).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Draft');
  await expect(fact('Charge batch')).toHaveText('—');
  await expect(page.getByRole('region', { name: 'Diagnoses' })).toContainText('I10');

  await page.keyboard.press('Control+K');
  await page.keyboard.type('Add charge line');
  await expect(palette().getByRole('option').first()).toContainText('Add charge line…');
  await page.keyboard.press('Enter');
  await page.keyboard.type('99213');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Enter');
  await expect(page.getByText(/Line 1 added: 99213 for \$\d/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charges' })).toContainText('99213');

  await page.keyboard.press('Alt+s');
  await expect(page.getByText(/passed the scrubber/)).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Ready to Submit');
});
