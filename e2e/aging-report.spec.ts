import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import type { AgingReportReply } from '../contract/agingReports.ts';
import { authorization } from './support/apiToken.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The aging reports by keyboard on the demo data: the palette opens aging by insurance with the
 * server's figures, a patient's row of aging by patient opens onto their claims, the export holds
 * every row and the totals, and Enter on a payer's bucket opens the claims list on the claims
 * behind it.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const { answer, run } = paletteOf(() => page);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const cell = (col: number, row: number) => page.getByTestId(`glide-cell-${col}-${row}`);
const BUCKET_COLUMNS = { '0-30': 3, '31-60': 4, '61-90': 5, '91-120': 6, '120+': 7 } as const;
const TOTAL_COLUMN = 8;

/** The report as the server answers it to the signed-in user. */
async function served(path: string, query: Record<string, string> = {}): Promise<AgingReportReply> {
  const reply = await page.request.get(`/api/Reports/${path}`, {
    headers: await authorization(page),
    params: { pageSize: '500', ...query },
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as AgingReportReply;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ acceptDownloads: true, viewport: { width: 1500, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(cell(0, 0)).toHaveText(/^\d+$/);
});

test.afterAll(async () => {
  await page.close();
});

test('the palette opens aging by insurance: each payer’s row and the patients’ row, the totals last', async () => {
  await run('aging by insurance', 'Aging by insurance');
  await expect(page).toHaveURL(/\/app\/aging-report$/);
  const report = await served('getAgingByInsuranceReport');
  expect(report.total).toBeGreaterThan(1);
  await expect(page.getByTestId('report-note')).toContainText('Each payer’s row holds what that payer owes now');
  const first = report.rows[0];
  if (!first) throw new Error('no rows');
  await expect(cell(0, 0)).toHaveText(first.label);
  await expect(cell(TOTAL_COLUMN, 0)).toHaveText(dollars(first.total));
  // The totals row, frozen last, adds up every row.
  await expect(cell(0, report.total)).toHaveText('Totals');
  await expect(cell(TOTAL_COLUMN, report.total)).toHaveText(dollars(report.totals.total));
  expect(report.rows.reduce((sum, row) => sum + row.total, 0)).toBe(report.totals.total);
  // Under the last row the grid is blank up to the totals: no empty row in the totals' colour.
  const canvas = page.locator('.report-kit__grid [data-testid="data-grid-canvas"]');
  const underLastRow = 30 + report.total * 26 + 13;
  const height = (await canvas.boundingBox())?.height ?? 0;
  if (underLastRow + 26 < height - 26)
    await expect
      .poll(() =>
        canvas.evaluate((grid: HTMLCanvasElement, y) => {
          const ratio = grid.width / grid.getBoundingClientRect().width;
          const pixel = grid.getContext('2d')?.getImageData(Math.round(60 * ratio), Math.round(y * ratio), 1, 1).data;
          return pixel ? [...pixel.slice(0, 3)].map((value) => value.toString(16).padStart(2, '0')).join('') : '';
        }, underLastRow),
      )
      .toBe('ffffff');
  await page.waitForTimeout(800);
  await page.screenshot({ path: test.info().outputPath('aging-by-insurance.png') });
});

test('a saved report brings its parameters back: save, change a parameter, open the saved report', async () => {
  const agedBy = page.getByRole('form', { name: 'Report parameters' }).getByLabel('Aged by');
  const setAgedBy = async (value: string) => {
    await page.keyboard.press('Alt+Shift+F');
    await answer('Parameter', 'Aged by');
    await answer('Value', value);
    await expect(agedBy).toHaveValue(value);
  };
  await setAgedBy('posting');
  await page.keyboard.press('Alt+Shift+S');
  await answer('Name of the saved report', 'Aged by posting');
  await expect(page.getByText('Saved "Aged by posting".')).toBeVisible();

  await setAgedBy('dos');
  await page.keyboard.press('Alt+Shift+O');
  await expect(page.getByRole('option', { name: /Aged by posting/ })).toContainText('Aged by: posting');
  await page.screenshot({ path: test.info().outputPath('open-saved-report.png') });
  await answer('Saved report', 'Aged by posting');
  await expect(agedBy).toHaveValue('posting');

  await page.keyboard.press('Alt+Shift+X');
  await expect(page.getByRole('option', { name: /Aged by posting/ })).toBeVisible();
  await answer('Saved report to delete', 'Aged by posting');
  await answer('Delete it?', 'Yes');
  await expect(page.getByText('The saved report was deleted.')).toBeVisible();
  await page.keyboard.press('Alt+Shift+C');
  await expect(agedBy).toHaveValue('dos');
});

test('aging by patient: E on a patient opens their claims under the row, E again closes them', async () => {
  await page.keyboard.press('4');
  await expect(page.getByTestId('report-note')).toContainText('one patient’s claims');
  const report = await served('getAgingByPatientReport');
  const first = report.rows[0];
  if (!first?.rowID) throw new Error('no patient rows');
  await expect(cell(0, 0)).toHaveText(`▸ ${first.label}`);
  await page.keyboard.press('e');
  await expect(cell(0, 0)).toHaveText(`▾ ${first.label}`);
  const claims = first.claimCount;
  // The patient's claims, each a row under theirs, add up to the patient's total.
  await expect(cell(0, 1)).toHaveText(new RegExp(`^\\s+${first.label}$`));
  await expect(cell(1, claims)).toHaveText(/^Claim \d+/);
  await expect(cell(0, claims + 1)).toHaveText(/^▸ /);
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath('aging-by-patient-expanded.png') });
  await page.keyboard.press('e');
  await expect(cell(0, 1)).toHaveText(/^▸ /);
});

test('Export report… as CSV holds every row of the report and its totals', async () => {
  await run('aging by insurance', 'Aging by insurance');
  const report = await served('getAgingByInsuranceReport');
  await expect(cell(0, report.total)).toHaveText('Totals');
  await run('export report', 'Export report');
  await answer('Format', 'CSV');
  const download = page.waitForEvent('download');
  await answer('Title', 'Aging by payer');
  const file = await download;
  await expect(page.getByText('Export successful.')).toBeVisible();
  expect(file.suggestedFilename()).toBe('Aging by payer.csv');
  const text = (await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual([
    'Owed by',
    'Detail',
    'Claims',
    '0-30',
    '31-60',
    '61-90',
    '91-120',
    '120+',
    'Total',
    'Payers owe',
    'Patients owe',
  ]);
  expect(rows).toHaveLength(report.total + 2);
  expect(rows.slice(1, -1).map((row) => row[0])).toEqual(report.rows.map((row) => row.label));
  expect(rows.at(-1)?.[0]).toBe('Totals');
  expect(rows.at(-1)?.[8]).toBe(dollars(report.totals.total));
});

test('Enter on a payer’s bucket opens the claims list on the claims behind it', async () => {
  const report = await served('getAgingByInsuranceReport');
  // The first payer with money in a bucket, and that bucket.
  const index = report.rows.findIndex((row) => row.owedBy === 'payer' && row.buckets['120+'] > 0);
  const payer = report.rows[index];
  if (!payer?.rowID) throw new Error('no payer with money over 120 days');
  const behind = await served('getAgingByInsuranceReport', {
    getOnlyIDS: 'true',
    rowID: String(payer.rowID),
    bucket: '120+',
  });
  await expect(cell(0, 0)).toHaveText(report.rows[0]?.label ?? '');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.report-kit__grid') !== null))
    .toBe(true);
  await page.keyboard.press('Control+Home');
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  for (let step = 0; step < BUCKET_COLUMNS['120+']; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const count = behind.totals.claimCount;
  if (count <= 200) {
    await expect(page.getByTestId('claims-total')).toContainText(`${count.toLocaleString('en-US')} claim`);
    const shown = Number(await cell(0, 0).textContent());
    expect(behind.claimIDs).toContain(shown);
  } else {
    await expect(page.getByText(/claims are behind this figure/)).toBeVisible();
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath('drill-into-claims.png') });
});
