import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { pdfText } from './support/pdfText.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Exports of the claims grid from the palette, by keyboard: each format is downloaded and read
 * back. All matching rows go into the file, not only the loaded ones.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let total = 0;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const gridFocused = () => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null);

async function exportAs(format: string, title: string): Promise<{ name: string; bytes: Buffer }> {
  await expect.poll(gridFocused).toBe(true);
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await page.keyboard.type('export claims');
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option', { name: format })).toBeVisible();
  await page.keyboard.type(format);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title (names the file)' })).toBeFocused();
  await page.keyboard.type(title);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  await expect(page.getByText('Export successful.')).toBeVisible();
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ acceptDownloads: true });
  await signIn(page, USERS.northwind);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  total = Number((await page.getByTestId('claims-total').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await page.close();
});

test('CSV: every matching row, every field quoted, money in en-US USD', async () => {
  const { name, bytes } = await exportAs('CSV', 'Northwind Claims');
  expect(name).toBe('Northwind Claims.csv');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(
    '"Claim ID","Patient","Account","DOS From","DOS To","Practice","Provider","Payer","Claim Status","Scrub Status","Submit Status","Total Charges","Balance","Assignee"',
  );
  expect(lines.every((line) => line.startsWith('"') && line.endsWith('"'))).toBe(true);
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row[0])).size).toBe(total);
  expect(
    rows.every((row) => /^-?\$[\d,]+\.\d{2}$/.test(row[12] ?? '') && /^\d{2}\/\d{2}\/\d{4}$/.test(row[3] ?? '')),
  ).toBe(true);
  expect(rows.every((row) => (row[5] ?? '').startsWith('Northwind'))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('export-done.png') });
});

test('Spreadsheet: typed cells, money as dollars with a currency format, dates as dates', async () => {
  const { name, bytes } = await exportAs('Spreadsheet', 'Northwind Claims');
  expect(name).toBe('Northwind Claims.xlsx');
  const files = unzipSync(new Uint8Array(bytes));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  expect(sheet.match(/<row /g)).toHaveLength(total + 1);
  // Claim ID a number, DOS a date serial, balance a number of dollars: none of them strings.
  expect(sheet).toMatch(/<c r="A2"( s="\d+")?><v>\d+<\/v><\/c>/);
  expect(sheet).toMatch(/<c r="D2" s="\d+"><v>4\d{4}<\/v><\/c>/);
  expect(sheet).toMatch(/<c r="M2" s="\d+"><v>-?\d+(\.\d{1,2})?<\/v><\/c>/);
  expect(strFromU8(files['xl/styles.xml']!)).toContain('formatCode="[$$-409]#,##0.00;[Red]-[$$-409]#,##0.00"');
});

test('Spreadsheet: the page lets the zip start its workers from blob: URLs, as it does for a sheet over 160 KB', async () => {
  // This list is too short to need them; with 5,000 claims the export waited for them forever.
  const answer = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const script = URL.createObjectURL(new Blob(['postMessage("zipped")'], { type: 'text/javascript' }));
        const worker = new Worker(script);
        worker.onmessage = (event: MessageEvent<string>) => resolve(event.data);
        worker.onerror = () => resolve('refused');
        setTimeout(() => resolve('no answer'), 5_000);
      }),
  );
  expect(answer).toBe('zipped');
});

test("PDF: written off the page's thread, named after the title, every claim on numbered pages under a cyan header", async () => {
  // The layout of a large PDF takes seconds; it runs in a worker so the console keeps answering.
  const worker = page.waitForEvent('worker');
  const { name, bytes } = await exportAs('PDF', 'Northwind Claims');
  expect((await worker).url()).toMatch(/exportWorker/);
  expect(name).toBe('Northwind Claims.pdf');
  const pdf = pdfText(new Uint8Array(bytes));
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain('/Title (Northwind Claims)');
  expect(pdf).toContain('(Northwind Claims) Tj');
  expect(pdf).toMatch(/\(-?\$[\d,]+\.\d{2}\) Tj/);
  expect(pdf).toContain('0 1 1 rg');
  const pages = [...pdf.matchAll(/\(Page ([\d,]+) of ([\d,]+)\) Tj/g)];
  expect(pages.length).toBeGreaterThan(0);
  expect(pdf.split('(Claim ID) Tj').length - 1).toBe(pages.length);
  // Every claim of the search: its ID drawn as a cell of its own.
  const ids = [...pdf.matchAll(/Td \((\d+)\) Tj/g)].map((match) => match[1]);
  expect(new Set(ids).size).toBe(total);
});
