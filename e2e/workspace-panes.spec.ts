import { expect, test, type Page } from '@playwright/test';
import { resetClaimsLayout } from './support/gridLayout.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Workspaces by keyboard only: open a layout by its key, move between panes with F6, Shift+F6 and
 * Control+digit, follow a claim from the Claims pane into the others, maximise and restore a pane,
 * switch layouts through the palette, and keep resized panes across a reload. One sign-in for the
 * file (the server takes one TOTP step per user).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
/** The newest claim and its patient, as the claims list shows them. */
let newestClaim = '';
let newestPatient = '';

const pane = (id: string) => page.locator(`[data-pane-id="${id}"]`);
const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const option = (name: string | RegExp) => palette().getByRole('option', { name });

/** Which pane holds DOM focus now. */
function focusedPane(): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-pane-id]')?.dataset.paneId ?? null);
}

async function expectFocusIn(paneId: string): Promise<void> {
  await expect.poll(focusedPane).toBe(paneId);
  await expect(pane(paneId)).toHaveAttribute('data-focused', 'true');
}

/** The claim ID in row `row` of the Claims pane's grid (its hidden accessibility table). */
async function claimIdAt(row: number): Promise<string> {
  const cell = pane('claims').getByTestId(`glide-cell-0-${row}`);
  await expect(cell).toHaveText(/^\d+$/);
  return (await cell.textContent()) ?? '';
}

/** Width of a pane's panel as a share of the whole workspace, in percent. */
function widthShare(paneId: string): Promise<number> {
  return page.evaluate((id) => {
    const panel = document.querySelector(`[data-pane-id="${id}"]`)?.closest('[data-panel]');
    const group = panel?.closest('[data-group]');
    if (!panel || !group) return -1;
    return (panel.getBoundingClientRect().width / group.getBoundingClientRect().width) * 100;
  }, paneId);
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  // Cells are read by column (1 is the patient): start from the default layout.
  await resetClaimsLayout(page);
  await page.reload();
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  newestClaim = (await page.getByTestId('glide-cell-0-0').textContent()) ?? '';
  newestPatient = (await page.getByTestId('glide-cell-1-0').textContent()) ?? '';
});

test.afterAll(async () => {
  await page.close();
});

test('Control+Alt+1 opens the claims workspace; the charges and postings follow the claim under the cursor', async () => {
  await page.keyboard.press('Control+Alt+1');
  await expect(page).toHaveURL(/\/app\/workspace\/claims-work$/);
  await expectFocusIn('claims');

  const first = await claimIdAt(0);
  await expect(page.getByTestId('charges-summary')).toContainText(`Claim ${first} ·`);
  await expect(page.getByTestId('postings-summary')).toContainText(`Claim ${first} ·`);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const third = await claimIdAt(2);
  await expect(page.getByTestId('charges-summary')).toContainText(`Claim ${third} ·`);
  await expect(page.getByTestId('postings-summary')).toContainText(`Claim ${third} ·`);
  await expect(pane('charges').getByRole('row')).not.toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('claims-workspace.png') });
});

test('F6 and Shift+F6 cycle through the panes, Control+digit jumps to one', async () => {
  await expectFocusIn('claims');
  await page.keyboard.press('F6');
  await expectFocusIn('charges');
  await page.keyboard.press('F6');
  await expectFocusIn('postings');
  await page.keyboard.press('F6');
  await expectFocusIn('claims');
  await page.keyboard.press('Shift+F6');
  await expectFocusIn('postings');
  await page.keyboard.press('Shift+F6');
  await expectFocusIn('charges');

  await page.keyboard.press('Control+1');
  await expectFocusIn('claims');
  await page.keyboard.press('Control+3');
  await expectFocusIn('postings');
  await page.keyboard.press('Control+2');
  await expectFocusIn('charges');
  // Two F6 in a row, quicker than a frame: the second steps on from where the first went.
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  await expectFocusIn('claims');
  await page.keyboard.press('Control+2');
  await expectFocusIn('charges');
  // Only the pane holding the keyboard is outlined.
  await expect(page.locator('[data-pane-id][data-focused="true"]')).toHaveCount(1);
});

test('arrows move the cursor inside a pane list', async () => {
  const rows = pane('postings').locator('tbody tr');
  // Down the claims list to a claim with a few postings.
  await page.keyboard.press('Control+1');
  for (let step = 0; step < 40 && (await rows.count()) < 2; step += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('postings-summary')).toHaveAttribute('data-state', 'ready');
  }
  expect(await rows.count()).toBeGreaterThanOrEqual(2);

  await page.keyboard.press('Control+3');
  await expect(pane('postings').getByRole('grid')).toBeFocused();
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Home');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
});

test('Control+Shift+Enter maximises the focused pane and restores it', async () => {
  await page.keyboard.press('Control+2');
  await expectFocusIn('charges');
  const restoredWidth = (await pane('charges').boundingBox())?.width ?? 0;

  await page.keyboard.press('Control+Shift+Enter');
  await expect(pane('charges')).toHaveClass(/pane--maximised/);
  const workspaceWidth = (await page.locator('.workspace__panes').boundingBox())?.width ?? 0;
  await expect.poll(async () => (await pane('charges').boundingBox())?.width ?? 0).toBeGreaterThan(workspaceWidth - 4);
  await expect(pane('claims')).toHaveAttribute('inert', '');
  await expectFocusIn('charges');
  await page.screenshot({ path: test.info().outputPath('pane-maximised.png') });

  await page.keyboard.press('Control+Shift+Enter');
  await expect(pane('charges')).not.toHaveClass(/pane--maximised/);
  await expect
    .poll(async () => Math.round((await pane('charges').boundingBox())?.width ?? 0))
    .toBe(Math.round(restoredWidth));
  await expectFocusIn('charges');

  // Going to another pane while one is maximised brings the layout back.
  await page.keyboard.press('Control+Shift+Enter');
  await expect(pane('charges')).toHaveClass(/pane--maximised/);
  await page.keyboard.press('Control+1');
  await expect(pane('charges')).not.toHaveClass(/pane--maximised/);
  await expectFocusIn('claims');
});

test('switching layout is a palette command with a choice step; Claim vs ERA opens on the claim under the cursor and lines up both sides', async () => {
  const onClaim = /Claim (\d+) ·/.exec((await page.getByTestId('charges-summary').textContent()) ?? '')?.[1] ?? '';
  expect(onClaim).not.toBe('');
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await page.keyboard.type('switch workspace');
  await expect(option(/Switch workspace layout/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('claim vs');
  await expect(option(/Claim vs ERA/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/workspace\/claim-vs-era$/);
  await expectFocusIn('claims');
  // The claim the biller was on, not the top of the list.
  await expect(page.getByTestId('claims-listed')).toContainText(`Claim ${onClaim} only`);
  expect(await claimIdAt(0)).toBe(onClaim);
  await expect(page.getByTestId('billed-summary')).toContainText(`Claim ${onClaim} ·`);
  // Every claim again from the palette; the keyboard is back in the list.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('list every claim');
  await expect(option(/List every claim in the Claims pane/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('claims-listed')).toHaveCount(0);
  await expectFocusIn('claims');
  const claimId = await claimIdAt(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('billed-summary')).toContainText(`Claim ${claimId} ·`);
  await expect(page.getByTestId('remitted-summary')).toContainText(`Claim ${claimId} ·`);
  await expect(page.getByTestId('billed-summary')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('remitted-summary')).toHaveAttribute('data-state', 'ready');
  const billedRows = pane('billed').locator('tbody tr');
  const remittedRows = pane('remitted').locator('tbody tr');
  await expect(billedRows.first()).toBeVisible();
  await expect(remittedRows).toHaveCount(await billedRows.count());

  // Both sides read across: the same line on the same height, and the cursor moves on both.
  const top = async (row: ReturnType<typeof billedRows.nth>) => Math.round((await row.boundingBox())?.y ?? -1);
  await expect.poll(() => top(remittedRows.nth(0))).toBe(await top(billedRows.nth(0)));
  if ((await billedRows.count()) > 1) {
    await page.keyboard.press('F6');
    await expectFocusIn('billed');
    await page.keyboard.press('ArrowDown');
    await expect(billedRows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(remittedRows.nth(1)).toHaveAttribute('aria-selected', 'true');
  }
  await page.screenshot({ path: test.info().outputPath('claim-vs-era.png') });
});

test("Control+Alt+3 opens Patient | Claims | Ledger on the last claim's patient", async () => {
  await page.keyboard.press('Control+1');
  const patientName = (await pane('claims').getByTestId('glide-cell-1-2').textContent()) ?? '';
  await page.keyboard.press('Control+Alt+3');
  await expect(page).toHaveURL(/\/app\/workspace\/patient-ledger$/);
  const [last, first] = patientName.split(', ');
  await expect(page.getByTestId('patient-card').getByRole('heading', { level: 3 })).toHaveText(
    new RegExp(`^${last}, ${first}`, 'i'),
  );
  await expect(pane('claims').getByTestId('glide-cell-1-0')).toHaveText(patientName);
  await expect(page.getByTestId('ledger-summary')).toContainText(/\d+ rows · balance/);

  // Another patient, found in the Patient pane by one of their claim IDs.
  await page.keyboard.press('Control+1');
  await expect(pane('patient').getByRole('searchbox')).toBeFocused();
  await page.keyboard.type(newestClaim);
  await expect(pane('patient').getByRole('grid', { name: 'Matching patients' }).locator('tbody tr')).toHaveText([
    new RegExp(`^${newestPatient}`),
  ]);
  await page.keyboard.press('Enter');
  const [newestLast, newestFirst] = newestPatient.split(', ');
  await expect(page.getByTestId('patient-card').getByRole('heading', { level: 3 })).toHaveText(
    new RegExp(`^${newestLast}, ${newestFirst}`, 'i'),
  );
  await expect(pane('claims').getByTestId('glide-cell-1-0')).toHaveText(newestPatient);
  await page.screenshot({ path: test.info().outputPath('patient-ledger.png') });
});

test('Escape in the patient search leaves the field for its pane: letters are keys again', async () => {
  await page.keyboard.press('Control+1');
  const field = pane('patient').getByRole('searchbox');
  await expect(field).toBeFocused();
  await page.keyboard.type('zz');
  await page.keyboard.press('Escape');
  await expect(field).not.toBeFocused();
  await expectFocusIn('patient');
  // '?' typed in the field was text; now it opens the cheat sheet.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('zz');
});

test('pane sizes resized by keyboard on a separator are kept across a reload', async () => {
  await page.keyboard.press('Control+Alt+1');
  await expect(page).toHaveURL(/\/app\/workspace\/claims-work$/);
  // The claims grid takes the keyboard when its first rows arrive: let that happen first.
  await claimIdAt(0);
  await page.keyboard.press('Control+2');
  await expectFocusIn('charges');
  // The separator between Claims and Charges is the previous stop in the tab order.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('separator', { name: 'Resize Claims and Charges' })).toBeFocused();
  const before = await widthShare('claims');
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/Users/saveUserSetting') && response.ok(),
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => widthShare('claims')).toBeGreaterThan(before + 10);
  const resized = await widthShare('claims');
  await saved;

  await page.reload();
  await expect(page).toHaveURL(/\/app\/workspace\/claims-work$/);
  await expectFocusIn('claims');
  await expect.poll(async () => Math.abs((await widthShare('claims')) - resized)).toBeLessThan(0.5);
});
