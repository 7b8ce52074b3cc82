import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The ERA screen by keyboard only: g e, an 835 uploaded from the palette through the browser's
 * file picker, the same file refused the second time, Enter sums the check up, Delete removes it
 * after a confirm step.
 */
test.describe.configure({ mode: 'serial' });

const SAMPLE = fileURLToPath(
  new URL('../server/edi/samples/835_5010_lfh_managed_care_deductible_contractual.835', import.meta.url),
);
const TRACE = '7170066655';

let page: Page;
let filesChosen = 0;
let fileToChoose = SAMPLE;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const checks = () => page.getByRole('grid', { name: 'ERA checks' });
const checkRow = () => checks().locator('tbody tr', { hasText: TRACE });

/** The admin's data role reaches two groups: the upload asks which, then opens the file picker. */
async function answerGroupAndFile(): Promise<void> {
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Group the payments are for');
  await expect(palette().locator('[role="option"][aria-selected="true"]')).toBeVisible();
  const before = filesChosen;
  await page.keyboard.press('Enter');
  await expect.poll(() => filesChosen).toBe(before + 1);
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Listening from the start has the browser hand every file picker to the test: a waitForEvent
  // started at the key press may switch the interception on after the picker was dismissed.
  page.on('filechooser', (chooser) => {
    filesChosen += 1;
    void chooser.setFiles(fileToChoose);
  });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
});

test('g e opens the ERA screen with the demo’s checks: the 835s answering its submission batches, posted', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/app\/era-search$/);
  await expect(page.getByRole('heading', { name: 'ERA', exact: true })).toBeVisible();
  await expect(checks()).toBeFocused();
  const demoChecks = checks().locator('tbody tr', { hasText: /remittance for 837P_/ });
  await expect(demoChecks.first()).toContainText('Posted');
  await expect(page.getByTestId('era-stats')).toContainText(`Checks${await demoChecks.count()}`);
});

test('an 835 uploaded from the palette is listed with its trace number and total; the same file again is refused', async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Upload ERA file');
  await expect(palette().getByRole('option', { name: /Upload ERA file…/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await answerGroupAndFile();

  await expect(page.getByText('ERA uploaded successfully.')).toBeVisible();
  await expect(page.getByText(`Check ${TRACE} (RUSHMORE LIFE, $945.00)`)).toBeVisible();
  await expect(checkRow()).toContainText('$945.00');
  await expect(checkRow()).toContainText('RUSHMORE LIFE');
  await expect(checkRow()).toContainText('Unposted');
  await expect(checks()).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('era-screen.png') });

  await page.keyboard.press('u');
  await answerGroupAndFile();
  await expect(page.getByText('The ERA file was not uploaded.')).toBeVisible();
  await expect(page.getByText(/already uploaded/)).toBeVisible();
  await expect(checkRow()).toHaveCount(1);
});

test('Enter sums the cursor check up; Delete deletes it after the confirm step', async () => {
  await expect(checks()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`ERA check ${TRACE} (RUSHMORE LIFE)`)).toBeVisible();
  await expect(page.getByText(/\d+ claims?, \d+ unmatched, (un)?balanced\./)).toBeVisible();

  await page.keyboard.press('Delete');
  await expect(palette().getByRole('option', { name: `Delete check ${TRACE} (RUSHMORE LIFE)` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('ERA Successfully Deleted')).toBeVisible();
  await expect(checkRow()).toHaveCount(0);
});

test('the palette shows unposted checks only, then all again', async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Show unposted ERA checks');
  await expect(palette().getByRole('option', { name: /Show unposted ERA checks/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Unposted checks/ })).toBeVisible();
  await expect(checks()).toContainText('No unposted ERA checks.');
  await expect(checks()).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('era-unposted-empty.png') });

  await page.keyboard.press('Control+K');
  await page.keyboard.type('Show all ERA checks');
  await expect(palette().getByRole('option', { name: /Show all ERA checks/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^All checks/ })).toBeVisible();
});

test('a biller whose data role has one group goes straight to the file picker', async ({ browser }) => {
  const biller = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  let chosen = 0;
  biller.on('filechooser', (chooser) => {
    chosen += 1;
    void chooser.setFiles(SAMPLE);
  });
  await signIn(biller, USERS.biller);
  await biller.keyboard.press('g');
  await biller.keyboard.press('e');
  await expect(biller).toHaveURL(/\/app\/era-search$/);
  await expect(biller.getByRole('grid', { name: 'ERA checks' })).toBeFocused();
  await biller.keyboard.press('u');
  await expect.poll(() => chosen).toBe(1);
  await expect(biller.getByText('ERA uploaded successfully.')).toBeVisible();
  await expect(biller.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
  await expect(biller.getByRole('grid', { name: 'ERA checks' }).locator('tbody tr', { hasText: TRACE })).toContainText(
    '$945.00',
  );
  await biller.close();
});

test('P posts a demo remittance that pays the demo claims: every claim matched, the check posted', async () => {
  // The server wrote 835 files paying its demo claims when it loaded the demo (DATA_DIR/era).
  const eraDir = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'era');
  const demoFile = readdirSync(eraDir).find((name) => name.endsWith('.835'));
  if (!demoFile) throw new Error(`No demo ERA file in ${eraDir}`);
  fileToChoose = join(eraDir, demoFile);
  const groupName = demoFile.split(' - ')[0] ?? '';

  await expect(checks()).toBeFocused();
  await page.keyboard.press('u');
  await expect(palette().getByRole('navigation', { name: 'Steps' })).toContainText('Group the payments are for');
  await page.keyboard.type(groupName);
  await expect(palette().getByRole('option', { name: groupName })).toHaveAttribute('aria-selected', 'true');
  const before = filesChosen;
  await page.keyboard.press('Enter');
  await expect.poll(() => filesChosen).toBe(before + 1);
  // Every claim of the file is one of ours: 'N of N claims matched'.
  await expect(page.getByText(/^Check DEMO\S+ \(.+\): (\d+) of \1 claims? matched, balanced\.$/)).toBeVisible();
  const demoRow = checks().locator('tbody tr', { hasText: 'Unposted' }).first();
  await expect(demoRow).toBeVisible();

  await expect(checks()).toBeFocused();
  await page.keyboard.press('p');
  const postOption = palette().getByRole('option', { name: /^Post check .+, \$[\d,]+\.\d{2}$/ });
  await expect(postOption).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('era-post-step.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^ERA check .+ posted\.$/)).toBeVisible();
  await expect(page.getByText(/^\d+ claims? posted, \$[\d,]+\.\d{2} paid\.$/)).toBeVisible();
  await expect(checks().locator('tbody tr', { hasText: /^DEMO/ })).toContainText('Posted');
  await page.screenshot({ path: test.info().outputPath('era-posted.png') });
});
