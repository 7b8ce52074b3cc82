import { expect, test, type Page } from '@playwright/test';
import type { ClaimTableReply } from '../contract/claims.ts';
import type { ClaimCoveragesReply, CoveragesReply, PayersReply } from '../contract/patientCoverage.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * A patient's insurances and guarantors by keyboard on the patient's screen: N adds the next
 * insurance in order, A switches it off, a primary clash is refused in the server's words; N adds
 * a guarantor and Delete removes it.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let patientID = 0;
let payerName = '';
let nextPriority = '';
const { steps, selected, answer } = paletteOf(() => page);

async function api<T>(path: string): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

async function choose(stepTitle: string, typed: string, choice: string): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const claims = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?pageSize=1');
  const claimID = claims.rows[0]?.[0];
  expect(claimID, 'the demo data has a claim').toBeDefined();
  patientID = (await api<ClaimCoveragesReply>(`AddEditClaim/getClaimPatientInsurances?claimID=${claimID}`)).patientID;
  const active = (await api<CoveragesReply>(`Patient/getPatientBasedInsurancesData?patientID=${patientID}`)).coverages
    .filter((coverage) => coverage.active)
    .map((coverage) => coverage.priority);
  nextPriority = ['Primary', 'Secondary', 'Tertiary'][active.length] ?? '';
  expect(nextPriority, 'the patient has room for one more insurance').not.toBe('');
  const payers = (await api<PayersReply>(`Patient/getInsuranceData?patientID=${patientID}`)).payers;
  payerName = payers.find((payer) => payer.insuranceType === 'commercial')?.name ?? '';
  expect(payerName, 'the patient’s group has a commercial payer').not.toBe('');
});

test.afterAll(async () => {
  await page.close();
});

test('N adds the next insurance in order under a spouse, shown in the list; A switches it off', async () => {
  await page.goto(`/app/register-patient/${patientID}`);
  const insurances = page.getByRole('grid', { name: 'Insurances' });
  await expect(insurances).toBeVisible();
  await insurances.focus();
  await expect(page.getByRole('region', { name: 'Insurances' })).toContainText('N add');
  await page.keyboard.press('n');
  await choose('Payer', payerName, payerName);
  await choose('Priority', nextPriority, nextPriority);
  await answer('Member ID', 'ZX-4417');
  await answer('Group number', 'G 77');
  await choose('relationship', 'Spouse', 'Spouse');
  await answer('Subscriber', 'Rivera, Ana, 1961-04-09');
  // Refused as typed: the step stays and says how to type it.
  await expect(steps()).toContainText('Subscriber');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toContainText('LAST, FIRST, YYYY-MM-DD, M/F/U');
  await page.keyboard.press('Control+A');
  await answer('Subscriber', 'Rivera, Ana, 1961-04-09, F');
  await answer('Effective date', '2026-01-01');
  await answer('Termination date', '');
  await expect(page.getByText(`Patient Insurance Update Successfully: ${nextPriority} insurance`)).toBeVisible();
  const row = insurances.getByRole('row', { name: /ZX-4417/ });
  await expect(row).toContainText('RIVERA, ANA, 1961-04-09, F');
  await expect(row).toContainText('Spouse (01)');

  await insurances.focus();
  await page.keyboard.press('End');
  await expect(insurances.locator('[aria-selected="true"]')).toContainText('ZX-4417');
  await page.keyboard.press('a');
  await choose('Are you sure?', 'Inactivate', `Inactivate ${nextPriority} ${payerName}`);
  await expect(page.getByText(`Successfully Inactivated: ${nextPriority} ${payerName}`)).toBeVisible();
  await expect(row).toContainText('Inactive');
  await page.screenshot({ path: 'test-results/patient-coverage/insurances.png', fullPage: true });
});

test('a second active primary is refused in the server’s words and nothing is added', async () => {
  const before = (await api<CoveragesReply>(`Patient/getPatientBasedInsurancesData?patientID=${patientID}`)).coverages;
  test.skip(!before.some((coverage) => coverage.active && coverage.priority === 1), 'the patient has no primary');
  const insurances = page.getByRole('grid', { name: 'Insurances' });
  await insurances.focus();
  await page.keyboard.press('n');
  await choose('Payer', payerName, payerName);
  await choose('Priority', 'Primary', 'Primary');
  await answer('Member ID', 'DUP-1');
  await answer('Group number', '');
  await choose('relationship', 'Self', 'Self');
  await answer('Subscriber', '');
  await answer('Effective date', '2026-02-01');
  await answer('Termination date', '');
  await expect(page.getByText(/already has an active primary insurance/)).toBeVisible();
  const after = (await api<CoveragesReply>(`Patient/getPatientBasedInsurancesData?patientID=${patientID}`)).coverages;
  expect(after.length).toBe(before.length);
});

test('N adds a guarantor with the spec’s message; Delete removes it', async () => {
  const guarantors = page.getByRole('grid', { name: 'Guarantors' });
  await guarantors.focus();
  await page.keyboard.press('n');
  await choose('relationship', 'Spouse', 'Spouse');
  await answer('First name', 'Ana');
  await answer('Last name', 'Rivera');
  await answer('Date of birth', '1961-04-09');
  await answer('Address', '400 Congress Ave, Austin, TX 78701');
  await answer('Phone', '512-555-0100');
  await expect(page.getByText('Guarantor saved successfully: RIVERA, ANA')).toBeVisible();
  const row = guarantors.getByRole('row', { name: /RIVERA, ANA/ });
  await expect(row).toContainText('400 Congress Ave, Austin, TX 78701');

  await guarantors.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Delete');
  await choose('Are you sure?', 'Delete', 'Delete RIVERA, ANA');
  await expect(page.getByText('Guarantor deleted successfully: RIVERA, ANA')).toBeVisible();
  await expect(row).toHaveCount(0);
});
