import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import type { ClaimTableReply } from '../contract/claims.ts';
import type { PatientCoveragesReply } from '../contract/claimForm.ts';
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
const tab = async (times: number) => {
  for (let step = 0; step < times; step += 1) await page.keyboard.press('Tab');
};
/** Moves the cursor to a field with the keyboard: Tab until it is the focused one. */
const tabTo = async (label: string | RegExp, most = 60) => {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  for (let step = 0; step < most; step += 1) {
    if (await field.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(field).toBeFocused();
};
/** MM/DD/YYYY of the day `days` before today. */
const daysAgo = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000);
  return `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
};

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
  // A patient of a recent claim who has a primary coverage in force.
  const newest = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?pageSize=50');
  let account = '';
  for (const row of newest.rows) {
    const claim = await api<{ claim: { patientID: number; accountNumber: string } }>(
      `Claims/getClaimInfoData?claimID=${row[0]}`,
    );
    const coverages = await api<PatientCoveragesReply>(
      `Repository/getPatientInsurance?patientID=${claim.claim.patientID}`,
    );
    if (coverages.coverages.some((coverage) => coverage.priority === 1 && coverage.effectiveTo === null)) {
      account = claim.claim.accountNumber;
      break;
    }
  }
  expect(account).not.toBe('');

  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/app\/create-claim$/);
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await page.keyboard.type(account);
  await expect(page.getByRole('listbox', { name: 'Patient matches' }).getByRole('option').first()).toContainText(
    account,
  );
  await page.keyboard.press('Enter');

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

  await tabTo('Add diagnosis');
  await page.keyboard.type('I10');
  await expect(page.getByRole('listbox', { name: 'Add diagnosis matches' }).getByRole('option').first()).toContainText(
    'I10',
  );
  await page.keyboard.press('Enter');
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
