import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The claims list by keyboard: a cell too narrow for its text ends in "…", Escape in the empty
 * search field puts the keyboard back on the grid, and F8 ("Go to notifications") takes it into
 * the newest toast, from where Escape brings it back. One sign-in for the file.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

const gridFocused = () => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null);
const search = () => page.getByRole('searchbox', { name: 'Search claims by claim ID or patient name' });
const shownToasts = () => page.locator('.toast:not(.toast--leaving)');
const inToast = () => page.evaluate(() => document.activeElement?.closest('.toast') !== null);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1440, height: 900 },
  });
  page = await context.newPage();
  // Every text the page draws on a canvas, as drawn: the grid's cells are canvas text.
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { drawnTexts: string[] }).drawnTexts = drawn;
    const prototype = CanvasRenderingContext2D.prototype;
    const fillText = Object.getOwnPropertyDescriptor(prototype, 'fillText')?.value as (
      this: CanvasRenderingContext2D,
      text: string,
      x: number,
      y: number,
      maxWidth?: number,
    ) => void;
    prototype.fillText = function (
      this: CanvasRenderingContext2D,
      text: string,
      x: number,
      y: number,
      maxWidth?: number,
    ) {
      drawn.push(text);
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  await expect.poll(gridFocused).toBe(true);
});

test.afterAll(async () => {
  await page.context().close();
});

test('a cell too narrow for its text is drawn cut short, ending in "…"', async () => {
  // The cells' whole texts, from the grid's accessible table behind the canvas.
  const cells = await page.locator('[data-testid^="glide-cell-"]').allTextContents();
  await expect
    .poll(async () => {
      const drawn = await page.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts);
      // A shortened text: the start of a longer cell's text, then the ellipsis.
      return drawn.filter(
        (text) =>
          text.endsWith('…') &&
          text.length > 1 &&
          cells.some((cell) => cell.length > text.length - 1 && cell.startsWith(text.slice(0, -1))),
      ).length;
    })
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('claims-ellipsis.png') });
});

test('Escape in the empty search field puts the keyboard back on the grid; with text in it, it first empties it', async () => {
  await page.keyboard.press('/');
  await expect(search()).toBeFocused();
  await page.keyboard.type('zz');
  await page.keyboard.press('Escape');
  await expect(search()).toHaveValue('');
  await expect(search()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect.poll(gridFocused).toBe(true);
  // The grid's own keys work again: Space picks the cursor row.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-banner')).toContainText('1');
  await page.keyboard.press('Escape');
});

test('F8 goes into the newest notification; Escape closes it and gives the keyboard back to the grid', async () => {
  await page.keyboard.press('Control+C');
  await expect(shownToasts().filter({ hasText: 'Copied 1 row.' })).toHaveCount(1);
  await page.keyboard.press('F8');
  await expect.poll(inToast).toBe(true);
  await expect(shownToasts().filter({ hasText: 'Copied 1 row.' }).getByRole('button', { name: 'Close' })).toBeFocused();
  // Held while the keyboard is in it: it does not close by itself.
  await page.waitForTimeout(3_500);
  await expect(shownToasts().filter({ hasText: 'Copied 1 row.' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(shownToasts()).toHaveCount(0);
  await expect.poll(gridFocused).toBe(true);
});

test('"Go to notifications" is in the palette and the cheat sheet with F8; with no notification shown it says so', async () => {
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('go to notifications');
  const option = palette.getByRole('option', { name: /Go to notifications/ });
  await expect(option).toContainText('F8');
  await expect(option).toContainText('No notification is shown.');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.locator('.cheat-sheet__row', { hasText: 'Go to notifications' })).toContainText('F8');
  await page.keyboard.press('Escape');

  // From the palette, with a notification shown, it goes there too.
  await expect.poll(gridFocused).toBe(true);
  await page.keyboard.press('Control+C');
  await expect(shownToasts().filter({ hasText: 'Copied 1 row.' })).toHaveCount(1);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('go to notifications');
  await expect(palette.getByRole('option', { name: /Go to notifications/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(inToast).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(gridFocused).toBe(true);
});
