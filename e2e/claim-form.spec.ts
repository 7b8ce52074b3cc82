import { expect, test, type Page } from '@playwright/test';
import type { ChargeBatchOptionsReply } from '../contract/batches.ts';
import type { ClaimTableReply } from '../contract/claims.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * The claim form and the expanded view, by keyboard only: a new claim with a diagnosis, two lines
 * and a charge batch (its date typed as a biller writes it), its detail, the same claim edited in
 * the form (units, so the total changes, and out of its batch), the claim on one page, and a claim
 * left half typed: Escape asks before it is thrown away, and leaving by a shortcut keeps it.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimPath = '';
let account = '';
let batch: ChargeBatchOptionsReply['batches'][number] | undefined;

const screenshot = process.env.E2E_SCREENSHOTS;
const snap = async (name: string) => {
  if (screenshot) await page.screenshot({ path: `${screenshot}/${name}.png`, fullPage: true });
};
const totals = () => page.getByTestId('claim-totals');
const batchField = () => page.getByLabel('Charge batch', { exact: true });
const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');
const tab = async (times: number) => {
  for (let step = 0; step < times; step += 1) await page.keyboard.press('Tab');
};

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
});

test.afterAll(async () => {
  await page.close();
});

test('creates a claim with a diagnosis, two lines and a charge batch in the form, and lands on its detail', async () => {
  const { token } = await storedSession(page);
  const api = async <T>(path: string) =>
    (await (await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  // A recent patient whose practice has an open charge batch (the demo has one per group).
  const newest = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?pageSize=50');
  for (const row of newest.rows) {
    [batch] = (await api<ChargeBatchOptionsReply>(`Repository/getChargeBatches?claimID=${row[0]}`)).batches;
    account = String(row[3] ?? '');
    if (batch) break;
  }
  if (!batch) throw new Error('No recent claim’s practice has an open charge batch.');

  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/app\/create-claim$/);
  await expect(page.getByRole('heading', { name: 'New claim' })).toBeVisible();
  await expect(page.getByTestId('patient-search')).toBeFocused();

  // Saving an empty form says what is missing, beside the fields.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Pick the patient: type a name or account number.')).toBeVisible();
  await expect(page.getByText('A claim needs at least one diagnosis.')).toBeVisible();
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await snap('claim-form-empty-save');

  await page.keyboard.type(account);
  await expect(page.getByRole('listbox', { name: 'Patient matches' }).getByRole('option').first()).toContainText(
    account,
  );
  await page.keyboard.press('Enter');
  // The claim kind (professional, as it starts) comes right after the patient.
  await tab(1);
  await expect(page.getByLabel('Claim kind')).toHaveValue('professional');
  await tab(1);
  await expect(page.getByLabel('Insurance (coverage billed)')).toBeFocused();
  await tab(1);
  await expect(page.getByLabel('Rendering provider')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Rendering provider')).not.toHaveValue('');
  await tab(4);
  // The open batches of the patient's practice, newest first, after "No charge batch".
  await expect(batchField()).toBeFocused();
  await expect(batchField()).toHaveValue('');
  await expect(batchField().locator('option', { hasText: batch.batchNumber })).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(batchField()).toHaveValue(String(batch.chargeBatchID));
  await tab(1);
  await expect(page.getByLabel('Place of service', { exact: true })).toBeFocused();
  await tab(1);
  // Dates read and typed as MM/DD/YYYY; a short one is written out when the field is left.
  await expect(page.getByLabel('DOS from')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('11/3/26');
  await tab(1);
  await expect(page.getByLabel('DOS from')).toHaveValue('11/03/2026');
  await expect(page.getByLabel('DOS to')).toHaveValue('11/03/2026');
  await tab(4);
  await expect(page.getByTestId('diagnosis-search')).toBeFocused();
  await page.keyboard.type('I10');
  await expect(page.getByRole('listbox', { name: 'Add diagnosis matches' }).getByRole('option').first()).toContainText(
    'I10',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('diagnosis-list')).toContainText('I10');

  await tab(2);
  await expect(page.getByLabel('Line 1 procedure code')).toBeFocused();
  await page.keyboard.type('99213');
  await expect(
    page.getByRole('listbox', { name: 'Line 1 procedure code matches' }).getByRole('option').first(),
  ).toContainText('99213');
  await page.keyboard.press('Enter');
  await tab(9);
  await expect(page.getByLabel('Line 1 NDC')).toBeFocused();
  // Enter in the line's last field starts the next line, with its pointers.
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Line 2 procedure code')).toBeFocused();
  await page.keyboard.type('36415');
  await tab(5);
  await expect(page.getByLabel('Line 2 units')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await snap('claim-form-new');
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(/\/app\/claim-detail\/\d+$/);
  claimPath = new URL(page.url()).pathname;
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges).toContainText('99213');
  await expect(charges).toContainText('36415');
  await expect(page.getByRole('region', { name: 'Diagnoses' })).toContainText('I10');
  // A routine success: one line, no detail, and it closes by itself (no Dismiss to press).
  const created = page.locator('.toast', { hasText: /Claim \d+ created\./ });
  await expect(created).toBeVisible();
  await expect(created.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await expect(fact('Charge batch')).toHaveText(batch.batchNumber);
  await expect(
    page.locator('.claim-facts__list div', { has: page.getByText('DOS', { exact: true }) }).locator('dd'),
  ).toHaveText('11/03/2026');
  await expect(created).toHaveCount(0, { timeout: 5_000 });
});

test('edits the claim in the form: more units and out of its charge batch, saved at once, and the detail shows both', async () => {
  const before = (await totals().locator('div', { hasText: 'Total charges' }).locator('dd').textContent()) ?? '';
  await page.keyboard.press('Alt+f');
  await expect(page).toHaveURL(/\/app\/create-claim\/\d+$/);
  await expect(page.getByLabel('Line 1 units')).toHaveValue('1');
  await expect(page.getByLabel('Insurance (coverage billed)')).toBeFocused();
  await tab(5);
  await expect(batchField()).toBeFocused();
  await expect(batchField()).toHaveValue(String(batch?.chargeBatchID));
  await page.keyboard.press('ArrowUp');
  await expect(batchField()).toHaveValue('');
  await tab(14);
  await expect(page.getByLabel('Line 1 units')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  const total = (await page.getByTestId('form-total').textContent()) ?? '';
  expect(total).not.toBe(before);
  await snap('claim-form-edit');

  // A third line with a code no fee schedule prices and no amount: the server refuses the whole
  // save with its reason, and nothing changes until the line is taken off again.
  await tab(14);
  await expect(page.getByLabel('Line 2 NDC')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Line 3 procedure code')).toBeFocused();
  await page.keyboard.type('99024');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.form-error')).toHaveText(/No fee schedule of the practice prices 99024.*type the amount/);
  await expect(page).toHaveURL(/\/app\/create-claim\/\d+$/);
  await page.keyboard.press('Alt+Delete');
  await expect(page.getByLabel('Line 3 procedure code')).toHaveCount(0);
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(new RegExp(`${claimPath}$`));
  await expect(totals().locator('div', { hasText: 'Total charges' }).locator('dd')).toHaveText(total);
  // The history says it in words: what changed on which line, not field names.
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Line edited');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Line 1: units 1 → 3');
  await expect(fact('Charge batch')).toHaveText('—');
});

test('opens the claim on one page, every section expanded, and Escape goes back', async () => {
  await page.keyboard.press('Alt+x');
  await expect(page).toHaveURL(/\/app\/expanded-view\/\d+$/);
  await expect(page.getByRole('heading', { name: /expanded view/ })).toBeVisible();
  const lines = page.getByTestId('expanded-lines');
  await expect(lines).toContainText('99213');
  await expect(lines).toContainText('36415');
  await expect(lines.getByRole('row').nth(1)).toContainText(/\b3\b/);
  await expect(page.getByTestId('expanded-financial')).toContainText('Charges');
  await expect(page.getByText('History (DNA log)')).toBeVisible();
  await expect(page.getByTestId('expanded-view')).toBeFocused();
  await page.keyboard.press('PageDown');
  await snap('expanded-view');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`${claimPath}$`));
});

test('opens a claim that stands as sent read-only, with the reason, and does not save it', async () => {
  const { token } = await storedSession(page);
  const sent = (await (
    await page.request.get('/api/Claims/getAllClaimsSearchTableData?pageSize=1&claimStatusID=3&submitStatusID=2', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as ClaimTableReply;
  const claimID = sent.rows[0]?.[0];
  expect(claimID, 'the demo data has a submitted claim').toBeDefined();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('Go to a claim by ID');
  await page.keyboard.press('Enter');
  await page.keyboard.type(String(claimID));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(page.getByRole('region', { name: 'Charges' })).toBeVisible();
  await page.keyboard.press('Alt+f');

  await expect(page).toHaveURL(new RegExp(`/app/create-claim/${claimID}$`));
  await expect(page.getByTestId('read-only-reason')).toHaveText(
    `Read-only: Claim ${claimID} has been submitted: it stays as sent until it is rejected or corrected.`,
  );
  await expect(page.getByLabel('Line 1 units')).toBeDisabled();
  await snap('claim-form-read-only');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('button', { name: 'Save claim' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
});

test('keeps a claim left half typed: Escape asks (Enter keeps editing), a shortcut away keeps the draft, D discards it', async () => {
  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await page.keyboard.type(account);
  await expect(page.getByRole('listbox', { name: 'Patient matches' }).getByRole('option').first()).toContainText(
    account,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Practice', { exact: true })).not.toHaveValue('—');

  const ask = page.getByRole('alertdialog', { name: 'Leave this claim?' });
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/app\/create-claim$/);
  await snap('claim-form-leave-confirm');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await expect(page.getByTestId('patient-search')).toHaveValue(new RegExp(account));

  // Away by the palette and back: the claim is as it was left.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Go to claims');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(page.getByTestId('patient-search')).toHaveValue(new RegExp(account));

  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await expect(page.getByTestId('patient-search')).toHaveValue('');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  // Nothing typed: Escape goes straight back.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});
