import { expect, test, type Page } from '@playwright/test';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * The claim detail screen by keyboard only: Enter on a claims list row opens it, Tab and arrows
 * move through it, Escape goes back to the list it came from; the workspace opens it by command.
 * Signed in as the biller, who sees one group only.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const option = (name: string | RegExp) => palette().getByRole('option', { name });

/** '$1,234.50' or '-$12.00' as cents. */
function cents(text: string): number {
  const negative = text.trim().startsWith('-');
  const value = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  return negative ? -value : value;
}

async function total(label: string): Promise<number> {
  const text = await page
    .getByTestId('claim-totals')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();
  return cents(text ?? '');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  // The list takes the keyboard once its rows are in; a key before that is the page's.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null)).toBe(true);
});

test.afterAll(async () => {
  await page.close();
});

test('Enter on a claims list row opens the claim; Tab moves between its lists; Escape goes back', async () => {
  await page.keyboard.press('ArrowDown');
  const claimId = (await page.getByTestId('glide-cell-0-1').textContent()) ?? '';
  expect(claimId).toMatch(/^\d+$/);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claim ${claimId}`);
  const charges = page.getByRole('grid', { name: 'Charges' });
  await expect(charges).toBeFocused();
  await expect(charges.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  // What the biller reads at the top adds up: balance = charges - paid - adjusted.
  expect(await total('Balance')).toBe(
    (await total('Total charges')) - (await total('Paid')) - (await total('Adjusted')),
  );
  await page.screenshot({ path: test.info().outputPath('claim-detail.png') });
  // The palette gives the keyboard back to the list it was opened from.
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette()).toHaveCount(0);
  await expect(charges).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('grid', { name: 'Postings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('a claim of a group outside the data role reads as not found', async () => {
  const { token } = await storedSession(page);
  const reply = await page.request.get('/api/Claims/getAllClaimsSearchData', {
    params: { pageSize: '500' },
    headers: { authorization: `Bearer ${token}` },
  });
  const mine = new Set(((await reply.json()) as { rows: { claimID: number }[] }).rows.map((row) => row.claimID));
  const outside = Array.from({ length: 300 }, (_, index) => index + 1).find((id) => !mine.has(id));
  expect(outside).toBeDefined();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('claim by id');
  await page.keyboard.press('Enter');
  await page.keyboard.type(String(outside));
  await page.keyboard.press('Enter');
  // The server says where a claim opens (Repository/getClaimScreen): one outside the data role is
  // refused at once, in the catalogue's words, and the biller stays where they were.
  const refused = page.locator('.toast', { hasText: 'Error: unable to get claim route.' });
  await expect(refused).toContainText(
    `Claim ${outside} was not found, or it belongs to a practice outside your data role.`,
  );
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await refused.getByRole('button', { name: 'Dismiss' }).click();

  // Typed into the address bar, the claim's screen says the same.
  await page.goto(`/app/claim-detail/${outside}`);
  await expect(page.getByRole('alert')).toHaveText(
    `Claim ${outside} was not found, or it belongs to a practice outside your data role.`,
  );
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('from a workspace, "Open claim detail" opens the claim under the cursor, and the palette brings the biller back', async () => {
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  await page.keyboard.press('Control+Alt+1');
  await expect(page).toHaveURL(/\/app\/workspace\/claims-work$/);
  const claimId = (await page.locator('[data-pane-id="claims"]').getByTestId('glide-cell-0-0').textContent()) ?? '';
  expect(claimId).toMatch(/^\d+$/);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('open claim detail');
  await expect(option(/Open claim detail/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('back to the claims');
  await expect(option(/Back to the claims list/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/workspace\/claims-work$/);
});
