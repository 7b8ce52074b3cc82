import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import type { MoneyReportReply } from '../contract/moneyReports.ts';
import { authorization } from './support/apiToken.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The money and activity reports by keyboard on the demo data: g o lists every report, the palette
 * opens one by its name, a parameter set from the palette narrows it to what the server counts,
 * the export holds every matching row and adds up to the totals, and Enter on a provider's figure
 * opens the claims list on that provider's claims.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const { palette, steps, answer, run } = paletteOf(() => page);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** The charge detail's Charges column: after claim, patient, DOS, CPT, modifiers, units, provider and payer. */
const CHARGES = 8;
const rowsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

/** The report as the server answers it to the signed-in user. */
async function served(path: string, query: Record<string, string> = {}): Promise<MoneyReportReply> {
  const reply = await page.request.get(`/api/${path}`, {
    headers: await authorization(page),
    params: { pageSize: '1', ...query },
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as MoneyReportReply;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
});

test.afterAll(async () => {
  await page.close();
});

test('g o lists every report; the palette opens the charge detail by its name, with the server’s rows and totals', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/reports$/);
  const list = page.getByRole('listbox', { name: 'Reports' }).or(page.getByRole('grid', { name: 'Reports' }));
  for (const name of ['Charge detail', 'Ledger account', 'Patient accounting detail', 'Payment report', 'ERA data'])
    await expect(list).toContainText(name);
  await page.screenshot({ path: test.info().outputPath('reports-index.png') });

  await run('charge detail', 'Open charge detail report');
  await expect(page).toHaveURL(/\/app\/reports\/charge-detail$/);
  const report = await served('Reports/getChargeDetailReport');
  expect(report.totalRows).toBeGreaterThan(0);
  await expect(page.getByText(rowsText(report.totalRows), { exact: true })).toBeVisible();
  await expect(page.getByTestId('report-note')).toContainText('Each charge line');
  // The first row is the server's first in the report's order (newest date of service first).
  await expect(page.getByTestId(`glide-cell-${CHARGES}-0`)).toHaveText(dollars(Number(report.rows[0]?.charges)));
  await page.screenshot({ path: test.info().outputPath('charge-detail.png') });
});

test('a parameter set from the palette narrows the report to what the server counts for it', async () => {
  const all = await served('Reports/getChargeDetailReport');
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const narrowed = await served('Reports/getChargeDetailReport', { dosFrom: since });
  expect(narrowed.totalRows).toBeLessThan(all.totalRows);
  await page.keyboard.press('Alt+Shift+F');
  await expect(palette()).toBeVisible();
  await expect(steps()).toContainText('Parameter');
  await page.keyboard.type('DOS from');
  await page.keyboard.press('Enter');
  await answer('Value', since);
  await expect(page.getByText(rowsText(narrowed.totalRows), { exact: true })).toBeVisible();
  await expect(page.getByTestId('glide-cell-1-0')).toHaveText(String(narrowed.rows[0]?.patientName));
  await page.screenshot({ path: test.info().outputPath('charge-detail-narrowed.png') });
});

test('the export holds every matching row and adds up to the report’s totals', async () => {
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const narrowed = await served('Reports/getChargeDetailReport', { dosFrom: since });
  await page.keyboard.press('Alt+Shift+E');
  await expect(steps()).toContainText('Format');
  await page.keyboard.type('CSV');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Title');
  await page.keyboard.type('Recent charges');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe('Recent charges.csv');
  const text = (await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [head, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const charges = (head ?? []).indexOf('Charges');
  expect(charges).toBeGreaterThan(0);
  const cents = (cell: string | undefined) => Math.round(Number((cell ?? '').replace(/[$,]/g, '')) * 100);
  // Every matching row, then the totals row: the server's totals, which the rows add up to.
  const totals = rows.at(-1) ?? [];
  const body = rows.slice(0, -1);
  expect(body.length).toBe(narrowed.totalRows);
  expect(cents(totals[charges])).toBe(narrowed.totals.charges);
  expect(body.reduce((sum, row) => sum + cents(row[charges]), 0)).toBe(narrowed.totals.charges);
});

test('Enter on a provider’s figure opens the claims list on that provider’s claims', async () => {
  await run('claim activity by provider', 'Open claim activity by provider report');
  await expect(page).toHaveURL(/\/app\/reports\/claim-activity-by-provider$/);
  const report = await served('Reports/getClaimActivityByProvider', { sortColumn: 'providerName', sortOrder: 'asc' });
  const first = (
    await served('Reports/getClaimActivityByProvider', { pageSize: '1', sortColumn: 'providerName', sortOrder: 'asc' })
  ).rows[0];
  expect(first).toBeDefined();
  await expect(page.getByText(rowsText(report.totalRows), { exact: true })).toBeVisible();
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(String(first?.providerName));
  await page.screenshot({ path: test.info().outputPath('claim-activity.png') });
  // From the provider's name to the Charges figure: Provider, Claims, Lines, Charges.
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('filter-chip')).toContainText([`Provider: ${String(first?.providerName)}`]);
  // Every claim the report counted for the provider is in the list (which also holds their claims with nothing posted yet).
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  const listed = Number((await page.getByTestId('claims-total').textContent())?.replace(/\D/g, ''));
  expect(listed).toBeGreaterThanOrEqual(Number(first?.claims));
  await page.screenshot({ path: test.info().outputPath('drilled-claims.png') });
});
