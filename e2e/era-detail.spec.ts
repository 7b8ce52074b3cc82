import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_GROUP_NAME } from '../server/seed/organisation-data.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The ERA detail screen by keyboard only: an 835 whose claims match none of ours is uploaded, O
 * opens it, L links its first claim to a demo claim and its line to that claim's first charge, X
 * unlinks the line and L links it again, P posts the check accepting the unmatched second claim.
 *
 * It runs on a server of its own: the posted check cannot be deleted, and e2e/era.spec.ts starts
 * from an ERA list with no check on the shared one.
 */
test.describe.configure({ mode: 'serial' });

const SAMPLE = fileURLToPath(
  new URL('../server/edi/samples/835_5010_lfh_managed_care_deductible_contractual.835', import.meta.url),
);
const TRACE = '7170066655';

let server: OwnServer | null = null;
let page: Page;
let filesChosen = 0;
let demoClaimID = '';
let groupName = '';

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const eraClaims = () => page.getByRole('grid', { name: 'ERA claims' });
const eraLines = () => page.getByRole('grid', { name: 'ERA lines' });
const firstEraClaim = () => eraClaims().locator('tbody tr').first();
const firstEraLine = () => eraLines().locator('tbody tr').first();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(7, 'era-detail');
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  page.on('filechooser', (chooser) => {
    filesChosen += 1;
    void chooser.setFiles(SAMPLE);
  });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('the ID of a demo claim still owing is read off the claims list, and the 835 is uploaded on the ERA screen', async () => {
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  // A claim the payer still owes (column 7 is its status): the line step lists the charges left to pay.
  for (let row = 0; row < 20 && demoClaimID === ''; row += 1) {
    const status = (await page.getByTestId(`glide-cell-7-${row}`).textContent()) ?? '';
    if (!/^(Submitted|Accepted)/.test(status)) continue;
    demoClaimID = (await page.getByTestId(`glide-cell-0-${row}`).textContent()) ?? '';
    // The ERA is uploaded for the claim's group (column 4 is its practice): links stay inside a group.
    const practice = (await page.getByTestId(`glide-cell-4-${row}`).textContent()) ?? '';
    groupName = practice.startsWith('Northwind') ? 'Northwind Health Partners' : DEMO_GROUP_NAME;
  }
  expect(demoClaimID).toMatch(/^\d+$/);

  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/app\/era-search$/);
  const checks = page.getByRole('grid', { name: 'ERA checks' });
  await expect(checks).toBeFocused();
  await page.keyboard.press('u');
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Group the payments are for');
  await page.keyboard.type(groupName);
  await expect(palette().getByRole('option', { name: groupName })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => filesChosen).toBe(1);
  await expect(page.getByText('ERA uploaded successfully.')).toBeVisible();
  await expect(checks.locator('tbody tr', { hasText: TRACE })).toBeVisible();
  await expect(checks).toBeFocused();
});

test('O opens the detail: the check on top, both ERA claims unmatched', async () => {
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/era-detail\/\d+$/);
  await expect(page.getByTestId('era-check-header')).toContainText(TRACE);
  await expect(page.getByTestId('era-check-header')).toContainText('RUSHMORE LIFE');
  await expect(page.getByTestId('era-check-status')).toHaveText('Unposted');
  await expect(eraClaims()).toBeFocused();
  await expect(eraClaims().locator('tbody tr')).toHaveCount(2);
  await expect(eraClaims().locator('tbody tr', { hasText: 'Unmatched' })).toHaveCount(2);
  await expect(firstEraLine()).toContainText('Unmatched');
});

test('L links the first ERA claim to a demo claim by its ID', async () => {
  await page.keyboard.press('l');
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Claim ID');
  await page.keyboard.type('12a');
  await page.keyboard.press('Enter');
  await expect(palette()).toContainText('Type the claim ID, digits only.');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(demoClaimID);
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`is linked to claim ${demoClaimID}\\.$`))).toBeVisible();
  await expect(firstEraClaim()).toContainText(demoClaimID);
  await expect(firstEraClaim()).not.toContainText('Unmatched');
  await expect(eraClaims().locator('tbody tr', { hasText: 'Unmatched' })).toHaveCount(1);
});

test('Tab to the line: L links it to the claim’s first charge, X unlinks it, L links it again', async () => {
  await expect(eraClaims()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(eraLines()).toBeFocused();

  await page.keyboard.press('l');
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Charge of the linked claim');
  await expect(palette().getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(palette().getByRole('option').first()).toContainText(/^Line \d+ · /);
  await page.keyboard.press('Enter');
  await expect(firstEraLine()).not.toContainText('Unmatched');

  await expect(eraLines()).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByText(/^ERA line .* is unmatched\.$/)).toBeVisible();
  await expect(firstEraLine()).toContainText('Unmatched');

  await page.keyboard.press('l');
  await expect(palette().getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(firstEraLine()).not.toContainText('Unmatched');
});

test('P posts the check, accepting the unmatched second claim; the header reads Partly posted, the posted claim refuses changes', async () => {
  await expect(eraLines()).toBeFocused();
  await page.keyboard.press('p');
  const postOption = palette().getByRole('option', {
    name: new RegExp(`^Post check ${TRACE} \\(RUSHMORE LIFE\\), \\$945\\.00, accepting: `),
  });
  await expect(postOption).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`ERA check ${TRACE} (RUSHMORE LIFE) posted.`)).toBeVisible();
  // The second claim matches none of ours: it waits in the queue, linkable and postable later.
  await expect(page.getByTestId('era-check-status')).toHaveText('Partly posted');
  await expect(firstEraClaim()).toContainText('Posted');
  await expect(eraClaims().locator('tbody tr', { hasText: 'Unmatched' })).toHaveCount(1);
  // The toasts of the steps above would cover the lines' last columns.
  await page.screenshot({
    path: test.info().outputPath('era-detail.png'),
    style: '[role="status"], [role="alert"] { display: none !important; }',
  });

  await page.keyboard.press('l');
  await expect(page.getByText('This ERA claim is posted.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/era-search$/);
});

test('"Open ERA detail" from the palette opens it again; Enter on the linked ERA claim opens our claim', async () => {
  await expect(page.getByRole('grid', { name: 'ERA checks' })).toBeFocused();
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Open ERA detail');
  await expect(palette().getByRole('option', { name: /Open ERA detail/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/era-detail\/\d+$/);
  await expect(eraClaims()).toBeFocused();
  await expect(firstEraClaim()).toContainText(demoClaimID);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${demoClaimID}$`));
});
