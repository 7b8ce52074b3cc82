import { expect, test, type Page } from '@playwright/test';
import { authorization } from './support/apiToken.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Claim vs ERA (Ctrl+Alt+2) opens on the claim the biller is on, by keyboard: the claim open in
 * its detail, the claim under the claims list's cursor, or the claims picked there; not on the top
 * of the list. A claim no ERA has answered yet says so plainly and is not compared. Reads only.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
/** Claims no ERA has answered, below the top of the list (claim ID, newest first). */
const unanswered: number[] = [];

const pane = (id: string) => page.locator(`[data-pane-id="${id}"]`);
const cell = (col: number, row: number) => page.getByTestId(`glide-cell-${col}-${row}`);
const gridFocused = () => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null);

/** Back on the claims list with the grid's cursor on its first row. */
async function onClaimsList(): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(cell(0, 5)).toHaveText(/^\d+$/);
  await expect.poll(gridFocused).toBe(true);
  await page.keyboard.press('Control+Home');
}
const { run, selected } = paletteOf(() => page);

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const headers = await authorization(page);
  const listed = await page.request.get(
    '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=40&sortColumn=claimID&sortOrder=desc',
    { headers },
  );
  const claimIDs = ((await listed.json()) as { rows: { claimID: number }[] }).rows.map((row) => row.claimID);
  for (const claimID of claimIDs.slice(3)) {
    const answers = await page.request.get(`/api/Claims/getERAProfileDataByID?claimID=${claimID}`, { headers });
    if (((await answers.json()) as { answers: unknown[] }).answers.length === 0) unanswered.push(claimID);
    if (unanswered.length === 1) break;
  }
  expect(unanswered.length, 'a claim no ERA answered below the top three').toBe(1);
});

test.afterAll(async () => {
  await page.close();
});

test('from a claim open in its detail, Ctrl+Alt+2 compares that claim, and says plainly that no ERA has answered it', async () => {
  const claimID = unanswered[0]!;
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(page.getByTestId('claim-totals')).toBeVisible();
  await page.keyboard.press('Control+Alt+2');
  await expect(page).toHaveURL(/\/app\/workspace\/claim-vs-era$/);
  await expect(page.getByTestId('claims-listed')).toContainText(`Claim ${claimID} only`);
  await expect(pane('claims').getByTestId('glide-cell-0-0')).toHaveText(String(claimID));
  await expect(page.getByTestId('billed-summary')).toContainText(`Claim ${claimID} ·`);
  const remitted = page.getByTestId('remitted-summary');
  await expect(remitted).toHaveAttribute('data-state', 'ready');
  await expect(remitted).toContainText(`Claim ${claimID} · no ERA answer has arrived for this claim yet`);
  await expect(pane('remitted')).toContainText(
    `No ERA answer has arrived for claim ${claimID} yet: there is nothing to compare it with.`,
  );
  await expect(pane('remitted')).not.toContainText('billed and answered alike');
  await page.screenshot({ path: test.info().outputPath('claim-vs-era-from-detail.png') });
});

test('from the claims list, Ctrl+Alt+2 compares the claim under the cursor', async () => {
  await onClaimsList();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
  const claimID = (await cell(0, 3).textContent()) ?? '';
  await page.keyboard.press('Control+Alt+2');
  await expect(page).toHaveURL(/\/app\/workspace\/claim-vs-era$/);
  await expect(page.getByTestId('claims-listed')).toContainText(`Claim ${claimID} only`);
  await expect(pane('claims').getByTestId('glide-cell-0-0')).toHaveText(claimID);
  await expect(page.getByTestId('billed-summary')).toContainText(`Claim ${claimID} ·`);
  await expect(page.getByTestId('remitted-summary')).toContainText(`Claim ${claimID} ·`);
});

test('from claims picked in the list, Ctrl+Alt+2 lists those; "List every claim in the Claims pane" lists them all', async () => {
  await onClaimsList();
  const picked = [(await cell(0, 1).textContent()) ?? '', (await cell(0, 2).textContent()) ?? ''];
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-banner')).toHaveText(/2 claims selected\./);
  await page.keyboard.press('Control+Alt+2');
  await expect(page).toHaveURL(/\/app\/workspace\/claim-vs-era$/);
  await expect(page.getByTestId('claims-listed')).toContainText('The 2 claims you picked');
  // The pane lists them newest first.
  const [newer, older] = [...picked].sort((a, b) => Number(b) - Number(a));
  await expect(pane('claims').getByTestId('glide-cell-0-0')).toHaveText(newer!);
  await expect(pane('claims').getByTestId('glide-cell-0-1')).toHaveText(older!);
  await expect(pane('claims').getByTestId('glide-cell-0-2')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('claim-vs-era-picked.png') });

  await page.keyboard.press('Control+K');
  await page.keyboard.type('list every claim');
  await expect(selected()).toContainText('List every claim in the Claims pane');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('claims-listed')).toHaveCount(0);
  await expect(pane('claims').getByTestId('glide-cell-0-5')).toHaveText(/^\d+$/);
});
