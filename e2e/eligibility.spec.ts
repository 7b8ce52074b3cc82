import { expect, test, type Page } from '@playwright/test';
import type { ClaimTableReply } from '../contract/claims.ts';
import type { ClaimInfoReply } from '../contract/claimForm.ts';
import type { DiscoverInsuranceReply } from '../contract/eligibility.ts';
import type { ClaimCoveragesReply, Coverage } from '../contract/patientCoverage.ts';
import type { PatientLookupsReply } from '../contract/patientRecord.ts';
import type { PatientInfoReply } from '../contract/patients.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * Eligibility by keyboard against the payer simulator the test server started: "Check
 * eligibility" on a patient's screen shows the payer's answer with the co-pay and what remains of
 * the deductible; a claim's screen says the latest answer for its insurance on its day of service;
 * "Discover insurance…" offers a payer that covers the patient and adds it as the next insurance.
 */
test.describe.configure({ mode: 'serial' });

// A server of its own: the spec adds an insurance and a claim of tomorrow the other specs would find.
let server: OwnServer | undefined;
let page: Page;
/** A patient whose active primary the simulator answers as active (its member ID ends in neither 8 nor 9). */
let activePatientID = 0;
let activeClaimID = 0;
/** A claim billed to a coverage the simulator answers as inactive (member ID ending in 8). */
let inactiveClaimID = 0;
/** Patients with room for more insurance, for discovery. */
const roomy = new Set<number>();
const { selected, steps } = paletteOf(() => page);

async function api<T>(path: string): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

const primaryOf = (coverages: readonly Coverage[]) =>
  coverages.filter((coverage) => coverage.active).sort((a, b) => a.priority - b.priority)[0];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(31, 'eligibility');
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const claims = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?pageSize=80');
  for (const row of claims.rows) {
    const claimID = Number(row[0]);
    const reply = await api<ClaimCoveragesReply>(`AddEditClaim/getClaimPatientInsurances?claimID=${claimID}`);
    const primary = primaryOf(reply.coverages);
    if (activePatientID === 0 && primary && primary.relationship === '18' && !/[89]$/.test(primary.subscriberID))
      [activePatientID, activeClaimID] = [reply.patientID, claimID];
    const billed = reply.coverages.find((coverage) => coverage.patientInsuranceID === reply.patientInsuranceID);
    if (inactiveClaimID === 0 && billed?.subscriberID.endsWith('8')) inactiveClaimID = claimID;
    // Room for two more, and not the first claim's patient, which the coverage spec adds to.
    if (reply.coverages.filter((coverage) => coverage.active).length < 2 && claimID !== Number(claims.rows[0]?.[0]))
      roomy.add(reply.patientID);
    if (activePatientID !== 0 && inactiveClaimID !== 0 && roomy.size >= 20) break;
  }
  expect(activePatientID, 'the demo has a patient the simulator answers as covered').not.toBe(0);
  expect(inactiveClaimID, 'the demo has a claim billed to a member ID ending in 8').not.toBe(0);
});

/** The first of `patientIDs` a discovery finds insurance for, with what it finds. */
async function discoverable(
  patientIDs: readonly number[],
): Promise<{ patientID: number; found: DiscoverInsuranceReply['found'] }> {
  const lookups = await api<PatientLookupsReply>('Repository/getPatientLookupDropowns');
  for (const patientID of patientIDs) {
    const record = await api<PatientInfoReply>(`Patient/getPatientInfoByID?patientID=${patientID}`);
    const groupID = lookups.practices.find((practice) => practice.practiceID === record.practiceID)?.groupID;
    const reply = await api<DiscoverInsuranceReply>(
      `Insurance/discoverInsurance?patientID=${patientID}&groupID=${groupID}`,
    );
    if (reply.found.length > 0) return { patientID, found: reply.found };
  }
  return { patientID: 0, found: [] };
}

async function post<T>(path: string, body: object): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test("Check eligibility from the palette on a patient's screen shows the payer's answer with co-pay and deductible", async () => {
  await page.goto(`/app/register-patient/${activePatientID}`);
  await expect(page.getByRole('grid', { name: 'Insurances' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Check eligibility');
  await expect(selected()).toContainText('Check eligibility');
  await page.keyboard.press('Enter');
  const today = new Date().toISOString().slice(0, 10);
  const answer = page.locator('.toast', { hasText: 'Coverage is active on' });
  await expect(answer).toContainText(`Coverage is active on ${today} (SIMULATED PPO)`);
  await expect(answer).toContainText('Office visit co-pay: $25.00');
  await expect(answer).toContainText(/Deductible remaining: \$[\d,]+\.\d\d/);
  await expect(answer).toContainText('Co-insurance: 20%');
  await page.screenshot({ path: test.info().outputPath('eligibility-answer.png') });
});

test("a claim's screen says the payer's latest answer for its insurance on its day of service, an inactive one marked", async () => {
  // The claim's eligibility is asked of the simulator once, for its day of service, and kept.
  const asked = await api<{ outcome: string; dateOfService: string }>(
    `Claims/viewPatientEligibilityResponse?claimID=${inactiveClaimID}`,
  );
  expect(asked.outcome).toBe('inactive');
  await page.goto(`/app/claim-detail/${inactiveClaimID}`);
  const shown = page.getByTestId('claim-eligibility');
  const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
  await expect(shown).toHaveText(`Inactive, checked ${month}/${day}/${year}`);
  await expect(shown).toHaveAttribute('title', `Coverage is not active on ${asked.dateOfService}.`);
  await expect(page.locator('.fact--warning', { has: shown })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('claim-eligibility.png') });
});

test('Discover insurance… offers the payers that cover the patient and adds the one picked as the next insurance', async () => {
  const { patientID, found } = await discoverable([...roomy]);
  const first = found[0];
  expect(first, 'a demo patient is found at a payer not on file').toBeDefined();
  if (!first) return;
  await page.goto(`/app/register-patient/${patientID}`);
  const insurances = page.getByRole('grid', { name: 'Insurances' });
  await expect(insurances).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Discover insurance');
  await expect(selected()).toContainText('Discover insurance');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Payers covering the patient today');
  await expect(selected()).toContainText(`Add ${first.payerName}, member ID ${first.memberID}`);
  await expect(selected()).toContainText('SIMULATED PPO');
  await page.screenshot({ path: test.info().outputPath('discover-insurance.png') });
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(new RegExp(`Patient Insurance Update Successfully: .* insurance ${first.payerName}`)),
  ).toBeVisible();
  await expect(insurances.getByRole('row', { name: new RegExp(first.memberID) })).toContainText(first.payerName);
});

test("Check eligibility for tomorrow's claims runs as a bulk run whose report counts the claims covered; the claim shows the answer", async () => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const { claim } = await api<ClaimInfoReply>(`Claims/getClaimInfoData?claimID=${activeClaimID}`);
  const { claimID } = await post<{ claimID: number }>('AddEditClaim/saveClaimForm', {
    patientID: activePatientID,
    providerID: claim.providerID,
    facilityID: claim.facilityID,
    posCode: claim.posCode ?? '11',
    dosFrom: tomorrow,
    dosTo: tomorrow,
    icds: ['I10'],
    lines: [{ cptCode: '99213', units: 1, diagnosisPointers: [1] }],
  });
  await page.goto('/app/all-claims');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('tomorrow');
  await expect(selected()).toContainText('Check eligibility for tomorrow’s claims');
  await page.keyboard.press('Enter');
  // The demo may hold other claims of tomorrow: the counts are read, the new claim is one of them.
  await expect(
    page.getByText(new RegExp(`Checking eligibility for the (claim|\\d+ claims) of ${tomorrow}\\.`)),
  ).toBeVisible();
  const report = page.getByText(/Done: (\d+) of \1 claims checked\. [1-9]\d* covered, \d+ to look at/);
  await expect(report).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tomorrow-run.png') });
  await page.goto(`/app/claim-detail/${claimID}`);
  await expect(page.getByTestId('claim-eligibility')).toHaveText(/^Active, checked \d\d\/\d\d\/\d{4}$/);
});
