import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The console by keyboard only: palette, next steps, record jump, cheat sheet and the reasons a
 * command cannot run. One sign-in for the file (the server takes one TOTP step per user).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimId = '';
let patientName = '';

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = () => palette().getByRole('combobox');
const option = (name: string | RegExp) => palette().getByRole('option', { name });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  claimId = (await page.getByTestId('glide-cell-0-0').textContent()) ?? '';
  patientName = (await page.getByTestId('glide-cell-1-0').textContent()) ?? '';
});

test.afterAll(async () => {
  await page.close();
});

test('Control+K opens the palette, typing filters it, Escape and Control+K close it', async () => {
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await expect(paletteInput()).toBeFocused();
  await expect(option(/Go to claims/)).toBeVisible();
  await expect(option(/Go to claims/)).toContainText('GC');
  await page.screenshot({ path: test.info().outputPath('palette-open.png') });

  await page.keyboard.type('shortcuts');
  await expect(option(/Show keyboard shortcuts/)).toBeVisible();
  await expect(option(/Go to claims/)).toHaveCount(0);
  // '?' typed in the palette is text, not the cheat sheet.
  await page.keyboard.type('?');
  await expect(paletteInput()).toHaveValue('shortcuts?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(palette()).toHaveCount(0);
  // Reopened, it starts afresh (the list rests hidden between openings) and takes the typing.
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await expect(paletteInput()).toHaveValue('');
  await expect(option(/Go to claims/)).toBeVisible();
  // Even when the page below drops the focus (a redraw blurs its element), typing goes on in the field.
  await paletteInput().evaluate((field) => field.blur());
  await page.keyboard.type('g');
  await expect(paletteInput()).toHaveValue('g');
  await page.keyboard.press('Control+K');
  await expect(palette()).toHaveCount(0);
  // So do the keys the palette acts on: with the focus dropped, Escape still closes it.
  await page.keyboard.press('Control+K');
  await expect(palette()).toBeVisible();
  await paletteInput().evaluate((field) => field.blur());
  await page.keyboard.press('Escape');
  await expect(palette()).toHaveCount(0);
  // Closed, the keys are the screen's again: 'g' 'b' goes to the submission batches.
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/app\/submission-batches$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('a command that cannot run is listed greyed with its reason, and its key says why', async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('expanded view');
  const expanded = option(/Expanded view/);
  await expect(expanded).toContainText('Open a claim first.');
  await expect(expanded).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: test.info().outputPath('palette-disabled.png') });
  await page.keyboard.press('Escape');

  await page.keyboard.press('Alt+x');
  await expect(page.getByText('Expanded view: Open a claim first.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test('a command with a next step asks it in the palette, with the step shown and Backspace to go back', async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('claim by id');
  await expect(option(/Go to a claim by ID/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  const step = page.getByRole('textbox', { name: 'Claim ID' });
  await expect(step).toBeFocused();
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Go to a claim by ID…');
  await page.keyboard.type('12a');
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('alert')).toHaveText('A claim ID is digits only.');
  await page.screenshot({ path: test.info().outputPath('palette-step.png') });

  // Empty the field, then Backspace on the empty field goes back to the command list.
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
  await expect(paletteInput()).toBeFocused();
  await page.keyboard.type('claim by id');
  await page.keyboard.press('Enter');
  await expect(step).toBeFocused();
  await page.keyboard.type(claimId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));
  await expect(palette()).toHaveCount(0);
});

test('typing a claim ID finds the claim on the server and Enter opens it; it is then a recent record', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/app\/all-claims$/);

  await page.keyboard.press('Control+K');
  await page.keyboard.type(claimId);
  const hit = option(new RegExp(`^Claim ${claimId}`));
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('palette-record.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));

  await page.keyboard.press('Control+K');
  await expect(
    palette()
      .getByRole('group', { name: 'Recent records' })
      .getByRole('option', { name: new RegExp(`^Claim ${claimId}`) }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
});

test("typing a patient's name finds them and Enter opens the Patient | Claims | Ledger workspace on them", async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type(patientName);
  // The grid shows names in capitals; the patient record keeps them as registered.
  const hit = option(new RegExp(`^${patientName}`, 'i'));
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('Account');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/workspace\/patient-ledger$/);
  await expect(page.getByTestId('patient-card')).toContainText(new RegExp(patientName, 'i'));
});

test('? shows every command with its key, and Escape closes it', async () => {
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  const navigation = sheet.getByRole('region', { name: 'Navigation' });
  await expect(navigation.getByText('Go to claims')).toBeVisible();
  await expect(navigation).toContainText('Go to claimsGC');
  await expect(sheet.getByRole('region', { name: 'General' })).toContainText('Open the command paletteCtrl+K');
  await page.screenshot({ path: test.info().outputPath('cheat-sheet.png') });
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});
