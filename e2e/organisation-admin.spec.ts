import { expect, test, type Page } from '@playwright/test';
import { npiCheckDigit } from '../contract/npi.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Onboarding a client by keyboard only: the admin adds a group, sets its login page and logo,
 * adds a practice, a facility, a provider (the test server cannot use the NPI registry: switched
 * off with NPPES_URL=off, or unreachable, the palette says so and the details are typed) and a payer, inactivates the provider, and the
 * group's sub-domain shows its login page. Each screen is photographed.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = 'test-results/organisation-admin';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const npi = (firstNine: string) => `${firstNine}${npiCheckDigit(firstNine)}`;

let page: Page;
const { steps, selected, answer, run } = paletteOf(() => page);
const grid = (name: string) => page.getByRole('grid', { name });

async function choose(stepTitle: string, typed: string, choice: string): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
});

test('the admin menu leads to the organisation screens, and N adds a group that opens on its practices', async () => {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const title of ['Groups', 'Practices', 'Facilities', 'Providers', 'Insurances'])
    await expect(menu).toContainText(title);
  await run('go to groups', 'Go to groups');
  await expect(page).toHaveURL(/\/setting\/group$/);
  await expect(grid('Groups')).toBeFocused();
  await expect(grid('Groups')).toContainText('Lakeside Medical Billing');
  await expect(page.locator('.key-hints')).toContainText('N new group');
  await page.keyboard.press('n');
  await answer('Group name', 'Brightside Clinics');
  await answer('Tax ID', '12-345'); // refused as typed: the step stays
  await expect(steps()).toContainText('Tax ID');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toContainText('must be 9 digits');
  await page.keyboard.press('Control+A');
  await answer('Tax ID', '74-2223334');
  await expect(page.getByText('Group Successfully Created: Brightside Clinics')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/group\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Brightside Clinics · practices' })).toBeVisible();
});

test('the group gets its login page and logo from the palette', async () => {
  await run('login page', 'Set group login page');
  await answer('Sub-domain', 'brightside');
  await answer('Title on the login page', 'Brightside Clinics Billing');
  await answer('Primary colour', '#1a7f5a');
  await answer('Background colour', '#eef7f2');
  await expect(page.getByText('Branding Successfully Saved: Brightside Clinics signs in at brightside.')).toBeVisible();
  await run('upload group logo', 'Upload group logo');
  const chooser = page.waitForEvent('filechooser');
  await choose('Which file', 'logo', 'Logo');
  await (await chooser).setFiles({ name: 'brightside.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Branding Successfully Saved: brightside.png is the logo of brightside')).toBeVisible();
  await run('upload group logo', 'Upload group logo');
  const second = page.waitForEvent('filechooser');
  await choose('Which file', 'Image 1', 'Image 1');
  await (await second).setFiles({ name: 'welcome.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Branding Successfully Saved: welcome.png is the image1 of brightside')).toBeVisible();
});

test('N adds a practice to the group, refusing a PO box as its billing address', async () => {
  await grid('Brightside Clinics · practices').focus();
  await page.keyboard.press('n');
  await answer('Practice name', 'Brightside Family Medicine');
  await answer('Billing NPI', npi('234567891'));
  await answer('Tax ID', '74-2223334');
  await answer('Taxonomy code', '207Q00000X');
  await answer('Billing address', 'PO Box 12, Austin, TX 78701');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toContainText('not a PO box');
  await page.keyboard.press('Control+A');
  await answer('Billing address', '400 Congress Ave, Austin, TX 78701');
  await expect(page.getByText('Practice Successfully Created: Brightside Family Medicine')).toBeVisible();
  const row = grid('Brightside Clinics · practices').locator('tbody tr', { hasText: 'Brightside Family Medicine' });
  await expect(row).toContainText('207Q00000X');
  await expect(row).toContainText('Active');
  await page.screenshot({ path: `${SHOTS}/group-practices.png` });
});

test('Enter opens the practice’s facilities, where N adds one with its place of service', async () => {
  await grid('Brightside Clinics · practices').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setting\/facilities\/\d+$/);
  await expect(grid('Brightside Family Medicine · facilities')).toBeFocused();
  await page.keyboard.press('n');
  await answer('Facility name', 'Brightside Main Office');
  await answer('Place of service', '11');
  await choose('Type of bill', 'None', 'None');
  await answer('Address', '400 Congress Ave, Austin, TX 78701');
  await expect(page.getByText('Facility Successfully Created: Brightside Main Office')).toBeVisible();
  await expect(grid('Brightside Family Medicine · facilities')).toContainText('11 Office');
});

test('N on Providers adds a provider from the NPI; with the registry off, the palette says so and the details are typed', async () => {
  await run('go to providers', 'Go to providers');
  await expect(grid('Providers')).toBeFocused();
  await page.keyboard.press('n');
  await choose('Group', 'Brightside', 'Brightside Clinics');
  await answer('NPI', npi('155555555'));
  // Off (NPPES_URL=off), unreachable (no internet: up to the adapter's 8 s) or no such NPI: the same step, said in one line.
  await expect(steps()).toContainText('From the NPI registry', { timeout: 15_000 });
  await expect(selected()).toContainText('Type the details myself', { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toContainText(
    /switched off|could not be reached|not in the NPI registry/,
  );
  await page.keyboard.press('Enter');
  await answer('Name as Last, First', 'Okafor, Maya');
  await answer('Taxonomy code', '207R00000X');
  await choose('Roles on claims', 'Rendering and', 'Rendering and supervising');
  await answer('E-mail', 'maya.okafor@brightside.test');
  await expect(page.getByText('Provider Successfully Created: Okafor, Maya')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/providers\/\d+$/);
  const details = grid('Provider');
  await expect(details).toContainText('Brightside Clinics');
  await expect(details).toContainText('rendering, supervising');
  // The cursor on Credential, E changes just that field.
  await details.focus();
  await details.locator('tbody tr', { hasText: 'Credential' }).click();
  await page.keyboard.press('e');
  await answer('New value', 'MD');
  await expect(page.getByText('Provider Successfully Update: Okafor, Maya')).toBeVisible();
  await expect(details.locator('tbody tr', { hasText: 'Credential' })).toContainText('MD');
  await page.keyboard.press('a');
  await choose('Are you sure', 'Inactivate', 'Inactivate Okafor, Maya MD');
  await expect(page.getByText('Successfully Inactivated: Okafor, Maya MD')).toBeVisible();
  await expect(details.locator('tbody tr', { hasText: 'Status' })).toContainText('Inactive');
  await page.screenshot({ path: `${SHOTS}/provider.png` });
});

test('N on Insurances adds a payer for the client with its payer IDs, clearing house and claim format', async () => {
  await run('go to insurances', 'Go to insurances');
  await expect(grid('Insurances')).toBeFocused();
  await page.keyboard.press('n');
  await answer('Payer name', 'Lone Star Health Plan');
  await choose('Insurance type', 'Commercial', 'Commercial');
  await answer('Payer ID for claims', 'LSHP1');
  await choose('Clearing house', 'Availity', 'Availity');
  await answer('Payer ID for eligibility', 'LSHP1E');
  await choose('Claim format', 'P prof', 'P professional');
  await answer('Timely filing', '180');
  await choose('Whose payer', 'Brightside', 'Brightside Clinics');
  await expect(page.getByText('Insurance Successfully Created: Lone Star Health Plan')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/insurances\/\d+$/);
  await expect(grid('Insurance')).toContainText('Availity');
  await page.screenshot({ path: `${SHOTS}/insurance.png` });
  await run('go to insurances', 'Go to insurances');
  await expect(grid('Insurances').locator('tbody tr', { hasText: 'Lone Star Health Plan' })).toContainText('180 d');
  await page.screenshot({ path: `${SHOTS}/insurances.png` });
});

test('the group’s sub-domain shows its login page with the uploaded logo', async ({ browser, baseURL }) => {
  const branded = new URL(baseURL ?? 'http://localhost:8181');
  branded.hostname = 'brightside.localhost';
  branded.pathname = '/login';
  const login = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await login.goto(branded.toString());
  await expect(login.getByRole('heading', { name: 'Brightside Clinics Billing' })).toBeVisible();
  const logo = login.locator('img.auth__logo');
  await expect(logo).toHaveAttribute('src', /\/api\/Client\/getBrandingFile\?fileID=\d+/);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await expect(
    login.getByRole('complementary', { name: 'Brightside Clinics Billing images' }).locator('img'),
  ).toHaveCount(1);
  await login.screenshot({ path: `${SHOTS}/login.png` });
  await login.close();
});
