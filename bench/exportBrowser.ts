import { stat } from 'node:fs/promises';
import { chromium, expect } from '@playwright/test';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { isDatabaseEmpty, seedDemo } from '../server/seed/generator.ts';
import { CHROMIUM_ARGS, startBenchApp } from './appServer.ts';
import { signInByScreen } from './signInByScreen.ts';
import { print, summarise } from './stats.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const ROUNDS = 3;

/**
 * The CSV export as a biller runs it, in headless Chromium against the real server on PGlite:
 * palette, "export claims", CSV, a title, Enter; timed from that Enter until the browser has the
 * file (its download starts). Every claim the admin sees goes into the file.
 * BENCH_EXPORT_DATA_DIR reuses a PGlite folder seeded once; otherwise BENCH_EXPORT_ROWS are seeded.
 */
export async function benchExportInBrowser(): Promise<void> {
  const dataDir = process.env.BENCH_EXPORT_DATA_DIR;
  const db = await openPglite(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await migrate(db);
    if (!dataDir || (await isDatabaseEmpty(db))) {
      await loadReferenceData(db);
      await seedDemo(db, { claims: ROWS });
    }
    const app = await startBenchApp(db);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await signInByScreen(page, app.base);
    await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
    const total = Number((await page.getByTestId('claims-total').textContent())?.replace(/\D/g, ''));
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null)).toBe(true);
      await page.keyboard.press('Control+K');
      await expect(palette).toBeVisible();
      await page.keyboard.type('export claims');
      await page.keyboard.press('Enter');
      await page.keyboard.type('CSV');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('textbox', { name: 'Title (names the file)' })).toBeFocused();
      await page.keyboard.type('All Claims');
      const download = page.waitForEvent('download', { timeout: 120_000 });
      const started = performance.now();
      await page.keyboard.press('Enter');
      const file = await download;
      times.push(performance.now() - started);
      bytes = (await stat(await file.path())).size;
      await expect(page.getByText('Export successful.')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    print({ bench: 'export: CSV in the browser, Enter to file (PGlite)', rows: total, bytes, ms: summarise(times), targetMs: 2000 });
    await app.close();
  } finally {
    await browser.close();
    await db.close();
  }
}
