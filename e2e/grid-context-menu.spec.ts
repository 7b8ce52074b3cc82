import { expect, test, type Page } from '@playwright/test';
import type { ClaimDNAReply } from '../contract/claimDNA.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * The claims grid's context menu by keyboard only: pick two claims, Shift+F10, jump to a bulk
 * command by its letter, answer its step in the palette, and see both rows change, with the run
 * recorded as coming from the menu. Then the claim ID hover with the mouse.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

const STATUS_COLUMN = 7;
const cell = (col: number, row: number) => page.getByTestId(`glide-cell-${col}-${row}`);
const menu = () => page.getByRole('menu', { name: 'Claim actions' });
const activeItem = () => menu().locator('.context-menu__item--active');
const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const banner = () => page.getByTestId('selection-banner');
const gridFocused = () => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null);

/** The first two rows of the first page whose claims can still be closed by hand. */
async function closableRows(): Promise<number[]> {
  const rows: number[] = [];
  for (let row = 0; row < 20 && rows.length < 2; row += 1) {
    const status = (await cell(STATUS_COLUMN, row).textContent()) ?? '';
    if (!/Closed|Void/.test(status)) rows.push(row);
  }
  expect(rows).toHaveLength(2);
  return rows;
}

/** Types `letter` until the highlighted entry is `title` (a letter jumps to the next title starting with it). */
async function jumpTo(letter: string, title: RegExp): Promise<void> {
  await expect(activeItem()).toBeVisible();
  for (let press = 0; press < 12 && !title.test(await activeItem().innerText()); press += 1)
    await page.keyboard.press(letter);
  await expect(activeItem()).toHaveText(title);
}

async function lastEvent(claimID: number): Promise<{ action: string; source: string } | undefined> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/Claims/getClaimDNAData?claimID=${claimID}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as ClaimDNAReply).events.at(-1);
}

test.beforeAll(async ({ browser }) => {
  // Wide enough for the Status column to be drawn (the grid only lays out the columns in view).
  page = await browser.newPage({ viewport: { width: 1700, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(cell(0, 0)).toHaveText(/^\d+$/);
  await expect.poll(gridFocused).toBe(true);
});

test.afterAll(async () => {
  await page.close();
});

test('Shift+F10 on two picked claims runs a bulk status change from the menu', async () => {
  const [first = 0, second = 0] = await closableRows();
  const claimIDs = [Number(await cell(0, first).textContent()), Number(await cell(0, second).textContent())];
  for (let row = 0; row < first; row += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  for (let row = first; row < second; row += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(banner()).toHaveText(/2 claims selected\./);

  await page.keyboard.press('Shift+F10');
  await expect(menu()).toBeFocused();
  // A one-claim command stays listed on two claims, greyed with its reason.
  await expect(menu().getByRole('menuitem', { name: /Show claim summary/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu().getByRole('menuitem', { name: /Show claim summary/ })).toContainText('Pick one claim');
  // Navigation and other commands that do not act on rows are not in a row's menu.
  await expect(menu().getByRole('menuitem', { name: /Go to/ })).toHaveCount(0);

  // A letter jumps through the titles starting with it, down to the bulk status change.
  await jumpTo('c', /^Change status of selected claims/);
  await page.screenshot({ path: test.info().outputPath('context-menu.png') });
  await page.keyboard.press('Enter');

  // The command's step continues in the palette.
  await expect(menu()).toHaveCount(0);
  await expect(palette().getByRole('option', { name: 'Closed' })).toBeVisible();
  await page.keyboard.type('Closed');
  await page.keyboard.press('Enter');
  await expect(palette()).toHaveCount(0);
  await expect(page.getByText('2 claims set to Closed.')).toBeVisible();
  // The grid draws reloaded rows on its canvas; its screen-reader table follows at its next
  // render, which moving the cursor causes.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(cell(STATUS_COLUMN, first)).toHaveText('Closed');
  await expect(cell(STATUS_COLUMN, second)).toHaveText('Closed');
  for (const claimID of claimIDs) expect(await lastEvent(claimID)).toMatchObject({ source: 'menu' });
  await expect.poll(gridFocused).toBe(true);
});

test('Escape closes the menu and gives the keyboard back to the grid', async () => {
  await page.keyboard.press('Escape'); // drops the picked rows: the menu is about the cursor row
  await page.keyboard.press('Shift+F10');
  await expect(menu()).toBeFocused();
  await expect(menu().getByRole('menuitem', { name: /Show claim summary/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(menu()).toHaveCount(0);
  await expect.poll(gridFocused).toBe(true);
  // The grid has the keyboard again: the next arrow moves its cursor.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(banner()).toHaveText(/1 claim selected\./);
});

test('on "all N matching" a command that names claims runs on every one of them', async () => {
  await page.keyboard.press('Escape');
  const total = Number(((await page.getByTestId('claims-total').textContent()) ?? '').replace(/\D/g, ''));
  // The first Ctrl+A takes the loaded rows (all of them when the list fits in the loaded pages), a second one all matching.
  await page.keyboard.press('Control+A');
  await expect(banner()).toBeVisible();
  if (!/matching are selected/.test(await banner().innerText())) await page.keyboard.press('Control+A');
  await expect(banner()).toHaveText(new RegExp(`All ${total} claims matching are selected`));
  await page.keyboard.press('Shift+F10');
  await expect(menu()).toBeFocused();
  await jumpTo('s', /^Scrub claims/);
  await expect(activeItem()).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  // The server lists the matching claims' ids (getAllClaimsSearchClaimIDS) and all of them are scrubbed.
  await expect(
    page.getByText(new RegExp(`^Scrubbed ${total} claims: \\d+ passed, \\d+ with errors\\.$`)),
  ).toBeVisible();
  await page.keyboard.press('Escape');
});

test('resting the mouse on a claim ID shows its summary, and leaving hides it', async () => {
  // The test before ends with Escape, which clears the selection: its banner leaves and the grid
  // moves up. Aim only once the grid stays put, or the mouse lands a row off.
  let lastTop = Number.NaN;
  await expect
    .poll(
      async () => {
        const top = (await page.locator('.claims-grid').boundingBox())?.y ?? Number.NaN;
        const settled = top === lastTop;
        lastTop = top;
        return settled;
      },
      { intervals: [150] },
    )
    .toBe(true);
  const claimID = (await cell(0, 2).textContent()) ?? '';
  const patient = (await cell(1, 2).textContent()) ?? '';
  const box = await page.locator('.claims-grid').boundingBox();
  if (!box) throw new Error('The claims grid is not on screen.');
  // Row 2 of the first column: below the 30 px header, 26 px rows.
  await page.mouse.move(box.x + 30, box.y + 30 + 26 * 2 + 13);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(`Claim ${claimID} · ${patient}`);
  await expect(tooltip).toContainText(/balance \$/);
  await page.screenshot({ path: test.info().outputPath('claim-hover.png') });
  await page.mouse.move(box.x + 250, box.y + 30 + 26 * 2 + 13);
  await expect(tooltip).toHaveCount(0);
});

test('a right-click outside the picked rows opens the menu for the clicked row', async () => {
  await page.keyboard.press('Escape');
  const box = await page.locator('.claims-grid').boundingBox();
  if (!box) throw new Error('The claims grid is not on screen.');
  await page.mouse.click(box.x + 30, box.y + 30 + 13); // row 0
  await page.keyboard.press('Space');
  await expect(banner()).toHaveText(/1 claim selected\./);
  // The banner pushed the grid down: measure it again.
  const moved = await page.locator('.claims-grid').boundingBox();
  if (!moved) throw new Error('The claims grid is not on screen.');
  const claimID = (await cell(0, 4).textContent()) ?? '';
  await page.mouse.click(moved.x + 150, moved.y + 30 + 26 * 4 + 13, { button: 'right' });
  await expect(menu()).toBeFocused();
  await jumpTo('s', /^Show claim summary/);
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Claim ${claimID} · `))).toBeVisible();
});

test('keys faster than the list settles: two claims picked and scrubbed at once are both scrubbed', async () => {
  await page.keyboard.press('Escape');
  await expect(banner()).toHaveCount(0);
  await expect.poll(gridFocused).toBe(true);
  // No wait between the keys: the command must take the two rows on screen, not the selection
  // the list had written a moment before.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Alt+s');
  await expect(page.getByText(/^Scrubbed 2 claims: \d+ passed, \d+ with errors\.$/)).toBeVisible();
});
