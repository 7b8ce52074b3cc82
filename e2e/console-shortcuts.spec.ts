import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Rebinding a shortcut in /setting/users-settings by keyboard only: the new key works at once and
 * after a reload (it is kept on the server), the old one no longer does, a clash is refused with
 * the other command's name under the row edited, "Reset to defaults" brings the defaults back, the
 * list narrows as a command or key is typed in its filter, Escape out of a field gives the keys
 * back to the page, and a screen's key hints show the key as rebound.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
});

/** Tabs forward until the focused element's accessible label starts with `label`. */
async function tabTo(label: string): Promise<void> {
  for (let presses = 0; presses < 1000; presses += 1) {
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );
    if (focused.startsWith(label)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${label}".`);
}

/** Presses ArrowDown until the focused row's accessible label starts with `label`. */
async function arrowDownTo(label: string): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (focused.startsWith(label)) return;
  }
  throw new Error(`ArrowDown never reached "${label}".`);
}

/** Tabs backwards until the focused element's accessible label starts with `label`. */
async function shiftTabTo(label: string): Promise<void> {
  for (let presses = 0; presses < 1000; presses += 1) {
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );
    if (focused.startsWith(label)) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`Shift+Tab never reached "${label}".`);
}

async function pressSequence(...keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

const status = () => page.locator('.shortcut-settings').getByRole('status');

test('a rebound shortcut works at once, the old key no longer does, and a clash is refused', async () => {
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();

  await tabTo('Go to claims:');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Press the new keys…')).toBeVisible();
  await pressSequence('g', 'k');
  await expect(status()).toHaveText('Go to claims: G then K.');
  await expect(page.getByRole('button', { name: /^Go to claims: G then K\./ })).toBeFocused();

  // A clash in the same scope is refused, naming the command that has the key. The arrows move
  // down the list (other go-to commands may stand between the two).
  await arrowDownTo('Go to denial management:');
  await expect(page.getByRole('button', { name: /^Go to denial management:/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await pressSequence('g', 'k');
  await expect(status()).toHaveText(
    'G then K is already the shortcut of "Go to claims". Choose another key or change that one first.',
  );
  await expect(page.getByRole('button', { name: /^Go to denial management: G then D\./ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('shortcut-settings.png') });

  // Escape while recording leaves the binding as it was.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(status()).toHaveText('Go to denial management: unchanged.');

  // The old key does nothing any more; the new one goes to the claims list.
  await pressSequence('g', 'c');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await pressSequence('g', 'k');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('the binding is kept on the server: after a reload the palette and the key still use it', async () => {
  await page.reload();
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await page.keyboard.press('Control+K');
  const goToClaims = page
    .getByRole('dialog', { name: 'Command palette' })
    .getByRole('option', { name: /Go to claims/ });
  await expect(goToClaims).toContainText('GK');
  await page.keyboard.press('Escape');
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  // Letters typed in a text field are text, never a shortcut. The settings page puts the cursor in
  // its password field, but the palette closing can hand focus back late on a loaded machine, so
  // the test puts it there itself before typing.
  const password = page.getByLabel('Current password');
  await password.focus();
  await expect(password).toBeFocused();
  await pressSequence('g', 'k');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await tabTo('Go to claims: G then K.');
  await pressSequence('g', 'k');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('Delete clears a key and "Reset to defaults" brings every default back', async () => {
  // From the claims grid, whose own 's' sorts: after 'g' the 's' belongs to the sequence.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="data-grid-canvas"]') !== null))
    .toBe(true);
  const sortHeader = page.locator('th[role="columnheader"][aria-colindex="1"]');
  const sortBefore = await sortHeader.textContent();
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await page.goBack();
  await expect(sortHeader).toHaveText(sortBefore ?? '');
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await tabTo('Show keyboard shortcuts:');
  await page.keyboard.press('Delete');
  // Delete on a row that is not recording does nothing; Enter then Delete clears.
  await expect(page.getByRole('button', { name: /^Show keyboard shortcuts: \?\./ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  await expect(status()).toHaveText('Show keyboard shortcuts: no key.');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await tabTo('Reset to defaults');
  await page.keyboard.press('Enter');
  await expect(status()).toHaveText('All shortcuts are back to their defaults.');
  await expect(page.getByRole('button', { name: /^Go to claims: G then C\./ })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await pressSequence('g', 'c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('Escape out of the password field gives the shortcuts back: g c goes to the claims', async () => {
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  const password = page.getByLabel('Current password');
  await password.focus();
  // While typing, letters are text.
  await pressSequence('g', 'c');
  await expect(password).toHaveValue('gc');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await page.keyboard.press('Escape');
  await expect(password).not.toBeFocused();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('settings') ?? false))
    .toBe(true);
  await pressSequence('g', 'c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('a clash is said under the row being edited, in view, and the filter narrows the list by command or key', async () => {
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await tabTo('Open my settings:');
  await page.keyboard.press('Enter');
  await pressSequence('g', 'c');
  const row = page.getByRole('button', { name: /^Open my settings: G then S\./ });
  const message = page.getByTestId('shortcut-message');
  await expect(message).toHaveText(
    'G then C is already the shortcut of "Go to claims". Choose another key or change that one first.',
  );
  await expect(message).toBeInViewport();
  const rowBox = await row.boundingBox();
  const messageBox = await message.boundingBox();
  expect(messageBox && rowBox && messageBox.y - (rowBox.y + rowBox.height)).toBeLessThan(16);
  await page.screenshot({ path: test.info().outputPath('shortcut-clash-under-the-row.png') });

  await shiftTabTo('Filter shortcuts');
  await page.keyboard.type('reassign');
  const rows = page.getByRole('list', { name: 'Shortcuts' }).getByRole('button');
  await expect(rows).toHaveText([/^Reassign payment batch…/, /^Reassign claims…/]);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('alt+s');
  await expect(rows.first()).toHaveAccessibleName(/^Scrub claims: Alt\+S\./);
  await page.keyboard.press('ArrowDown');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByLabel('Filter shortcuts by command or key')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Filter shortcuts by command or key')).toHaveValue('');
  await page.keyboard.press('Escape');
  await pressSequence('g', 'c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test("a screen's key hints show a command's key as rebound", async () => {
  await pressSequence('g', 'b');
  await expect(page).toHaveURL(/\/app\/submission-batches$/);
  await expect(page.locator('.key-hints')).toContainText('Alt+D download the file');
  await pressSequence('g', 's');
  await expect(page).toHaveURL(/\/setting\/users-settings$/);
  await shiftTabTo('Filter shortcuts');
  await page.keyboard.type('837 file');
  const row = page.getByRole('list', { name: 'Shortcuts' }).getByRole('button').first();
  await expect(row).toHaveAccessibleName(/^Download the batch’s 837 file: Alt\+D\./);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+z');
  await expect(status()).toHaveText('Download the batch’s 837 file: Alt+Z.');

  await pressSequence('g', 'b');
  await expect(page).toHaveURL(/\/app\/submission-batches$/);
  await expect(page.locator('.key-hints')).toContainText('Alt+Z download the file');

  await pressSequence('g', 's');
  await tabTo('Reset to defaults');
  await page.keyboard.press('Enter');
  await expect(status()).toHaveText('All shortcuts are back to their defaults.');
});
