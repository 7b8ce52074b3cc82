import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { signInByScreen } from './signInByScreen.ts';
import { print, summarise } from './stats.ts';
import { NAME_HELPER } from './pageScripts.ts';

/**
 * The palette with 500 extra commands, in the real app in headless Chromium against an in-process
 * server: Control+K to the first results painted, and one keystroke to the filtered results
 * painted. Timed in the page from the keydown to the end of the frame that shows the change
 * (requestAnimationFrame, then a task, so the paint is included).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APP_DIR = join(ROOT, '.tmp/bench-palette-web');
const EXTRA_COMMANDS = 500;
const RUNS = 100;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Frames uncapped (no vsync), so a figure is what the work cost, not time spent waiting for the display. */
const UNCAPPED = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
/** Letters that narrow the synthetic titles ("Review denied claims #12", "Resubmit ...") by different amounts. */
const KEYS = ['r', 'w', 'a', 'e', 'p', 'h'];
const SCREENS = [
  ['claims list', '/app/all-claims'],
  ['settings', '/setting/users-settings'],
] as const;

/** Runs in the page: resolves with ms from the next keydown to the painted frame after the DOM changes. */
function armTimer(): void {
  Reflect.set(
    window,
    '__paintedAfterKey',
    new Promise<[number, number]>((resolve) => {
      let keyAt = 0;
      // From the key itself, not the Control before it: Playwright sends Control+K as two keydowns
      // a round trip apart, where a biller holds Control well before pressing K.
      const onKey = (event: KeyboardEvent) => {
        if (['Control', 'Meta', 'Shift', 'Alt'].includes(event.key)) return;
        keyAt = performance.now();
        window.removeEventListener('keydown', onKey, { capture: true });
      };
      window.addEventListener('keydown', onKey, { capture: true });
      const observer = new MutationObserver(() => {
        if (keyAt === 0) return;
        observer.disconnect();
        const domAt = performance.now();
        requestAnimationFrame(() => setTimeout(() => resolve([performance.now() - keyAt, domAt - keyAt]), 0));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    }),
  );
}

/** [keydown to painted, keydown to the DOM change] in ms. */
async function timeKey(page: Page, key: string): Promise<[number, number]> {
  await page.evaluate(armTimer);
  await page.keyboard.press(key);
  return page.evaluate(() => Reflect.get(window, '__paintedAfterKey') as Promise<[number, number]>);
}

export async function benchPalette(): Promise<void> {
  const db = await openPglite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...UNCAPPED],
  });
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims: 300 });
    // The bench hook (window.__registerBenchCommands) exists only in a build made with this flag.
    process.env.VITE_CONSOLE_BENCH = '1';
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: APP_DIR, emptyOutDir: true },
    });
    delete process.env.VITE_CONSOLE_BENCH;
    const app = await buildApp({ db, webRoot: APP_DIR });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(NAME_HELPER);
    await signInByScreen(page, base);
    await page.waitForFunction(() => typeof window.__registerBenchCommands === 'function');
    // The floor on this machine: a key whose only work is to add one text node, timed the same way.
    const floor: [number, number][] = [];
    await page.evaluate(() => {
      const mark = document.createElement('div');
      mark.id = 'bench-floor';
      document.body.append(mark);
      window.addEventListener('keydown', (event) => event.key === 'F9' && mark.append('.'));
    });
    for (let run = 0; run < RUNS; run += 1) floor.push(await timeKey(page, 'F9'));
    print({
      bench: 'keystroke to painted frame, trivial work (floor of this method)',
      runs: RUNS,
      ms: summarise(floor.map(([ms]) => ms)),
    });

    // On the claims list (its grid redraws when the palette takes focus) and on a screen without
    // a grid; first with the product's own commands only, then with 500 more.
    for (const [screen, path] of SCREENS) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`**${path}`);
      for (const extra of [0, EXTRA_COMMANDS]) {
        await page.evaluate((count) => {
          const undo = Reflect.get(window, '__benchUndo') as (() => void) | undefined;
          undo?.();
          Reflect.set(window, '__benchUndo', count > 0 ? window.__registerBenchCommands?.(count) : undefined);
        }, extra);
        const open: [number, number][] = [];
        const keystroke: [number, number][] = [];
        for (let run = 0; run < RUNS; run += 1) {
          open.push(await timeKey(page, 'Control+K'));
          keystroke.push(await timeKey(page, KEYS[run % KEYS.length]!));
          await page.keyboard.press('Escape');
          // The palette rests hidden between openings (src/console/Palette.tsx).
          await page.waitForFunction(
            () => document.querySelector('.palette__backdrop:not(.palette__backdrop--resting)') === null,
          );
        }
        const shown = { screen, extraCommands: extra, runs: RUNS, targetP95Ms: 16 };
        const painted = (samples: [number, number][]) => summarise(samples.map(([ms]) => ms));
        const toDom = (samples: [number, number][]) => summarise(samples.map(([, ms]) => ms));
        print({ bench: 'palette open to first results painted', ...shown, ms: painted(open), toDomMs: toDom(open) });
        print({
          bench: 'palette keystroke to filtered results painted',
          ...shown,
          ms: painted(keystroke),
          toDomMs: toDom(keystroke),
        });
      }
    }
    await app.close();
  } finally {
    await browser.close();
    await db.close();
  }
}

// `npx tsx bench/palette.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPalette();
