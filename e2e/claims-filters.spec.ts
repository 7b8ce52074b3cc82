import { expect, test, type Page } from '@playwright/test';
import type { ClaimTableReply } from '../contract/claims.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * Work lists by keyboard: the accounts receivable view with its aging sections, a payer filter
 * from the palette shown as a chip, and clearing back to all claims.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let allClaims = 0;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const total = async () => Number((await page.getByTestId('claims-total').textContent())?.replace(/\D/g, ''));

async function run(title: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await page.keyboard.type(title);
  await expect(palette().getByRole('option').first()).toContainText(title);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.northwind);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  allClaims = await total();
  expect(allClaims).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await page.close();
});

test('shows accounts receivable only, with the aging sections adding up to the list', async () => {
  await run('Show accounts receivable only');
  await expect(page.getByRole('heading', { name: 'Accounts Receivable' })).toBeVisible();
  await expect(page.getByTestId('filter-chip')).toContainText(['Accounts receivable']);
  await expect.poll(total).toBeLessThan(allClaims);
  const aging = page.locator('[aria-label="Accounts receivable by age"]');
  await expect(aging).toContainText('Aged 0-30 days');
  const counts = await aging.getByRole('button').allTextContents();
  const sum = counts.reduce((all, text) => all + Number(/days (\d[\d,]*)/.exec(text)?.[1]?.replace(/,/g, '') ?? 0), 0);
  expect(sum).toBe(await total());
});

test('narrows to one payer from the palette; the chip names it and every row is theirs', async () => {
  const receivable = await total();
  await run('Filter claims by payer');
  await expect(palette().getByRole('option').first()).toBeVisible();
  const option = palette().getByRole('option').first();
  const payer = (await option.locator('.palette__title').textContent())?.trim() ?? '';
  const insuranceID = Number((await option.locator('.palette__detail').textContent())?.replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('filter-chip')).toContainText(['Accounts receivable', `Payer: ${payer}`]);
  await expect.poll(total).toBeLessThan(receivable);
  await expect(page.getByTestId('glide-cell-6-0')).toHaveText(payer);
  // The same search on the server: the rows on screen are all of them, and all the payer's.
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/Claims/getAllClaimsSearchTableData?ar=true&insuranceID=${insuranceID}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const table = (await reply.json()) as ClaimTableReply;
  expect(table.total).toBe(await total());
  expect(new Set(table.rows.map((row) => row[8]))).toEqual(new Set([insuranceID]));
});

test('clears the filters back to all claims', async () => {
  await run('Clear claim filters');
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Claims' })).toBeVisible();
  await expect.poll(total).toBe(allClaims);
});
