import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { accountWithPrimaryCoverage, claimFormKeys, daysAgo, newClaimFor } from './support/claimForm.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * An institutional claim by keyboard only: the claim form switched to UB-04, the type of bill,
 * the visit's admission type, point of origin and patient status, an occurrence code, the
 * diagnosis with its present-on-admission indicator, a revenue line; saved, scrubbed, its UB-04
 * opened as a PDF with the form locators filled, and submitted in an 837I batch.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;

const screenshot = process.env.E2E_SCREENSHOTS;
const snap = async (name: string) => {
  if (screenshot) await page.screenshot({ path: `${screenshot}/${name}.png`, fullPage: true });
};
const { tab, tabTo, addDiagnosis } = claimFormKeys(() => page);

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  await signIn(page, USERS.biller);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
});

test.afterAll(async () => {
  await page.close();
});

test('creates a UB-04 claim by keyboard, saves it, scrubs it, opens its UB-04 and submits it as an 837I', async () => {
  const { token } = await storedSession(page);
  const api = async <T>(path: string) =>
    (await (await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  await newClaimFor(page, await accountWithPrimaryCoverage(page));

  // The claim kind comes right after the patient: institutional shows the UB-04 section.
  await tab(1);
  await expect(page.getByLabel('Claim kind')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Claim kind')).toHaveValue('institutional');
  await expect(page.getByTestId('ub04-section')).toBeVisible();
  await expect(page.getByLabel('Insurance (coverage billed)')).not.toHaveValue('');

  await tabTo('Attending physician');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Attending physician')).not.toHaveValue('');

  await tabTo('Statement from');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(daysAgo(6));
  await tab(1);
  await expect(page.getByLabel('Statement through')).toHaveValue(daysAgo(6));

  await tabTo('Claim frequency');
  // An institutional claim offers the interim and late-charge frequencies too.
  await expect(page.getByLabel('Claim frequency').locator('option')).toHaveCount(8);

  await addDiagnosis('I10');
  await expect(page.getByTestId('diagnosis-list')).toContainText('I10');

  // Saving without a type of bill says so under the field, in the server's words.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/The type of bill is the facility type and classification/)).toBeVisible();

  await tabTo('Type of bill');
  await page.keyboard.type('13');
  await expect(page.getByLabel('Type of bill')).toHaveValue('13');
  await tabTo('Admission type');
  await page.keyboard.type('1');
  await expect(page.getByLabel('Admission type')).toHaveValue('1');
  await tab(1);
  await expect(page.getByLabel('Point of origin')).toBeFocused();
  await page.keyboard.type('1');
  await expect(page.getByLabel('Point of origin')).toHaveValue('1');
  await tabTo('Patient status');
  await expect(page.getByLabel('Patient status')).toHaveValue('01');
  await tabTo('Condition codes');
  await page.keyboard.type('B3');
  await tabTo(/^POA 1/);
  await page.keyboard.type('Y');
  await expect(page.getByLabel(/^POA 1/)).toHaveValue('Y');
  await tabTo('Occurrence 1 code');
  await page.keyboard.type('11');
  await tab(1);
  await page.keyboard.type(daysAgo(7));

  await tabTo('Line 1 procedure code');
  await page.keyboard.type('99284');
  await tab(1);
  await expect(page.getByLabel('Line 1 revenue code')).toBeFocused();
  await page.keyboard.type('0450');
  await tabTo('Line 1 amount');
  await page.keyboard.type('450.00');
  await tab(1);
  await expect(page.getByLabel('Line 1 non-covered amount')).toBeFocused();
  await page.keyboard.type('25.00');
  await snap('institutional-claim-form');
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(/\/app\/claim-detail\/\d+$/);
  const claimID = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await expect(page.locator('.toast', { hasText: `Claim ${claimID} created.` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charges' })).toContainText('99284');
  const saved = await api<{ claim: { claimType: string }; institutional: { billType: string; poa: string[] } }>(
    `Claims/getClaimInfoData?claimID=${claimID}`,
  );
  expect(saved.claim.claimType).toBe('institutional');
  expect(saved.institutional).toMatchObject({ billType: '13', poa: ['Y'] });

  // Scrubbed from its detail: no errors (an eligibility warning may stand).
  await page.keyboard.press('Alt+s');
  await expect(page.locator('.toast', { hasText: new RegExp(`Claim ${claimID} passed`) })).toBeVisible();
  await snap('institutional-claim-scrubbed');

  // "Print claim form" opens the claim's UB-04.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+p');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`UB04_${claimID}.pdf`);
  const path = await file.path();
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(text).toContain('0131'); // FL4 type of bill
  expect(text).toContain('0450'); // FL42 revenue code
  expect(text).toContain('99284'); // FL44
  expect(text).toContain('I10 Y'); // FL67 with POA
  expect(text).toContain('450 00'); // FL47
  expect(text).toContain('25 00'); // FL48 non-covered
  expect(text).toMatch(/\bB3\b/); // FL18 condition code

  // Sent like a professional claim, in an 837I batch of its own.
  await page.keyboard.press('Alt+u');
  const sent = page.locator('.toast', { hasText: 'Submitted 1 claim in 1 batch.' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('(837I)');
  await snap('institutional-claim-submitted');
});
