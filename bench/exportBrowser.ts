import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, expect } from '@playwright/test';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { isDatabaseEmpty, seedDemo } from '../server/seed/generator.ts';
import { CHROMIUM_ARGS, startBenchApp } from './appServer.ts';
import { NAME_HELPER } from './pageScripts.ts';
import { signInByScreen } from './signInByScreen.ts';
import { print, summarise } from './stats.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const FORMATS = [
  { format: 'CSV', option: 'CSV', rounds: 3, targetMs: 2000 },
  { format: 'PDF', option: 'PDF', rounds: 2, targetMs: undefined },
  { format: 'xlsx', option: 'Spreadsheet', rounds: 2, targetMs: undefined },
] as const;

interface FrameWatch {
  stopFrameWatch(): number;
}

/**
 * Runs in the page: notes every frame until stopped, and answers the longest time between two,
 * how long the biller's keys would have waited at worst while the file was written.
 */
function watchFrames(): void {
  let last = performance.now();
  let longest = 0;
  let watching = true;
  const onFrame = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (watching) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  (window as unknown as FrameWatch).stopFrameWatch = () => {
    watching = false;
    return Math.round(Math.max(longest, performance.now() - last));
  };
}

/**
 * The exports as a biller runs them, in headless Chromium against the real server on PGlite:
 * palette, "export claims", a format, a title, Enter; timed from that Enter until the browser has
 * the file (its download starts), with the longest gap between two frames meanwhile. Every claim
 * the admin sees goes into the file.
 * BENCH_EXPORT_DATA_DIR reuses a PGlite folder seeded once; otherwise BENCH_EXPORT_ROWS are seeded.
 * BENCH_EXPORT_FORMATS (e.g. `pdf,xlsx`) runs only those formats.
 */
export async function benchExportInBrowser(): Promise<void> {
  const dataDir = process.env.BENCH_EXPORT_DATA_DIR;
  const db = await openPglite(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await migrate(db);
    if (!dataDir || (await isDatabaseEmpty(db))) {
      await loadReferenceData(db);
      await seedDemo(db, { claims: ROWS });
    }
    const app = await startBenchApp(db);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await page.addInitScript(NAME_HELPER);
    await signInByScreen(page, app.base);
    await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
    const total = Number((await page.getByTestId('claims-total').textContent())?.replace(/\D/g, ''));
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const only = process.env.BENCH_EXPORT_FORMATS?.toLowerCase().split(',');
    for (const { format, option, rounds, targetMs } of FORMATS.filter(
      (entry) => !only || only.includes(entry.format.toLowerCase()),
    )) {
      const times: number[] = [];
      const stalls: number[] = [];
      let bytes = 0;
      for (let round = 0; round < rounds; round += 1) {
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null))
          .toBe(true);
        await page.keyboard.press('Control+K');
        await expect(palette).toBeVisible();
        await page.keyboard.type('export claims');
        await page.keyboard.press('Enter');
        await page.keyboard.type(option);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('textbox', { name: 'Title (names the file)' })).toBeFocused();
        await page.keyboard.type('All Claims');
        const download = page.waitForEvent('download', { timeout: 600_000 });
        await page.evaluate(watchFrames);
        const started = performance.now();
        await page.keyboard.press('Enter');
        const file = await download;
        times.push(performance.now() - started);
        stalls.push(await page.evaluate(() => (window as unknown as FrameWatch).stopFrameWatch()));
        bytes = (await stat(await file.path())).size;
        await expect(page.getByText('Export successful.')).toBeVisible();
        await page.keyboard.press('Escape');
      }
      print({
        bench: `export: ${format} in the browser, Enter to file (PGlite)`,
        rows: total,
        bytes,
        ms: summarise(times),
        longestFrameMs: summarise(stalls),
        targetMs,
      });
    }
    await app.close();
  } finally {
    await browser.close();
    await db.close();
  }
}

// `npx tsx bench/exportBrowser.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchExportInBrowser();
