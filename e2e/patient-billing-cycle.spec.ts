import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { formatCents } from '../contract/money.ts';
import type { PatientListReply } from '../contract/patientRecord.ts';
import type { PayersReply } from '../contract/patientCoverage.ts';
import { authorization } from './support/apiToken.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';
import { pdfText } from './support/pdfText.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * A new patient's whole billing cycle as a biller keys it, keyboard only: registered, two
 * insurances and a guarantor added, the primary's eligibility asked of the payer simulator, a
 * claim with a charge, a co-pay taken at the desk, the rest moved to the patient, and the
 * patient's statement run and read. On a server of its own, since it posts money and sends
 * statements.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let practiceName = '';

const { palette, steps, selected, answer, run, pickPatient } = paletteOf(() => page);
const SHOTS = 'test-results/patient-billing-cycle';
const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const today = new Date().toISOString().slice(0, 10);
const year = today.slice(0, 4);

/** Letters only, so the name reads as a name and is new on every run. */
const randomLetters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const lastName = `Ledgerwood${randomLetters(6)}`;
const firstName = 'Marisol';
const patientName = `${lastName}, ${firstName}`;
/** Member IDs the simulator answers as covered: they end in neither 8 nor 9. */
const primaryMemberID = `PB${Date.now() % 1_000_000}1`;
const secondaryMemberID = `SB${Date.now() % 1_000_000}2`;
const CHARGE = 15_000;
const COPAY = 2_500;

const claimFact = (label: string) =>
  page
    .getByTestId('claim-totals')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

async function apiGet<T>(path: string): Promise<T> {
  const reply = await page.request.get(`/api/${path}`, { headers: await authorization(page) });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

async function choose(stepTitle: string, typed: string, choice: string | RegExp): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  server = await startOwnServer(29, 'billing-cycle');
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  // The practice a seeded patient belongs to, for the new patient's practice field.
  const seeded = await apiGet<PatientListReply>('Patient/getPatientData?pageSize=1&sortColumn=name');
  practiceName = seeded.rows[0]?.practiceName ?? '';
  expect(practiceName, 'the demo data has a practice with patients').not.toBe('');
});

test.afterAll(async () => {
  await page?.close();
  server?.stop();
});

let patientID = 0;
let primaryPayer = '';
let secondaryPayer = '';
let claimID = 0;
let patientOwes = 0;

test('registers a new patient from the palette', async () => {
  await run('register patient', 'Register patient');
  await expect(page).toHaveURL(/\/app\/register-patient$/);
  await expect(page.getByLabel('Last name')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Practice')).toBeFocused();
  await page.keyboard.type(practiceName);
  await expect(page.getByLabel('Practice').locator('option:checked')).toHaveText(practiceName);
  const typed: [string, string][] = [
    ['Last name', lastName],
    ['First name', firstName],
    ['Middle name', ''],
    ['Date of birth', '1984-06-12'],
    ['Sex', 'F'],
    ['Street address', '1200 Barton Springs Rd'],
    ['Address line 2', ''],
    ['City', 'Austin'],
    ['State', 'TX'],
    ['ZIP code', '78704'],
    ['Phone', '512-555-0142'],
  ];
  for (const [label, value] of typed) {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    if (value !== '') await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  // The name is new on every run; should the checker still see a look-alike, the biller saves anyway.
  const warning = page.getByRole('alertdialog', { name: 'Possible duplicate patients' });
  const saved = page.getByText('Successfully saved patient');
  await expect(warning.or(saved).first()).toBeVisible();
  if (await warning.isVisible()) {
    await expect(warning.getByRole('button', { name: 'Save anyway' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(saved).toBeVisible();
  await expect(page).toHaveURL(/\/app\/register-patient\/\d+$/);
  patientID = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await expect(page.getByLabel('Last name')).toHaveValue(lastName);
  await expect(page.getByLabel('Account number')).not.toHaveValue('');
});

test('adds a primary and a secondary insurance of two payers and a guarantor', async () => {
  const payers = (await apiGet<PayersReply>(`Patient/getInsuranceData?patientID=${patientID}`)).payers;
  const commercial = payers.filter((payer) => payer.insuranceType === 'commercial').map((payer) => payer.name);
  [primaryPayer = '', secondaryPayer = ''] = [...new Set(commercial)];
  expect(secondaryPayer, 'the practice’s group has two commercial payers').not.toBe('');

  const insurances = page.getByRole('grid', { name: 'Insurances' });
  await expect(insurances).toBeVisible();
  for (const [priority, payer, memberID] of [
    ['Primary', primaryPayer, primaryMemberID],
    ['Secondary', secondaryPayer, secondaryMemberID],
  ] as const) {
    await run('add patient insurance', 'Add patient insurance…');
    await choose('Payer', payer, payer);
    await choose('Priority', priority, priority);
    await answer('Member ID', memberID);
    await answer('Group number', 'GRP-410');
    await choose('relationship', 'Self', 'Self');
    await answer('Subscriber', '');
    await answer('Effective date', `${year}-01-01`);
    await answer('Termination date', '');
    await expect(page.getByText(`Patient Insurance Update Successfully: ${priority} insurance`)).toBeVisible();
    const row = insurances.getByRole('row', { name: new RegExp(memberID) });
    await expect(row).toContainText(payer);
    await expect(row).toContainText(priority);
  }

  await run('add guarantor', 'Add guarantor…');
  await choose('relationship', 'Spouse', 'Spouse');
  await answer('First name', 'Tomas');
  await answer('Last name', lastName);
  await answer('Date of birth', '1981-02-03');
  await answer('Address', '1200 Barton Springs Rd, Austin, TX 78704');
  await answer('Phone', '512-555-0143');
  const guarantorName = `${lastName.toUpperCase()}, TOMAS`;
  await expect(page.getByText(`Guarantor saved successfully: ${guarantorName}`)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Guarantors' }).getByRole('row', { name: guarantorName })).toContainText(
    'Austin, TX 78704',
  );
  await shot('patient-with-insurances');
});

test("checks the primary's eligibility from the palette and sees the payer's answer", async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Check eligibility');
  await expect(selected()).toHaveText(/^Check eligibility(?! for)/);
  await page.keyboard.press('Enter');
  const reply = page.locator('.toast', { hasText: 'Coverage is active on' });
  await expect(reply).toContainText(`Coverage is active on ${today} (SIMULATED PPO)`);
  await expect(reply).toContainText(`${primaryPayer}, member ID ${primaryMemberID}, on ${today}`);
  await expect(reply).toContainText('Office visit co-pay: $25.00');
  await expect(reply).toContainText(/Deductible remaining: \$[\d,]+\.\d\d/);
  await shot('eligibility');
});

test('creates a claim for the patient with a charge', async () => {
  await run('new claim', 'New claim…');
  await pickPatient(patientName);
  await expect(steps()).toContainText('Rendering provider');
  await expect(selected()).toContainText('NPI');
  await page.keyboard.press('Enter');
  await answer('Date of service', today);
  await answer('Place of service', '');
  await answer('Diagnoses', 'I10');
  await expect(selected()).toContainText('No charge batch');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/claim-detail\/\d+$/);
  claimID = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await expect(page.getByRole('heading', { name: `Claim ${claimID}` })).toBeVisible();
  await expect(page.getByTestId('claim-payor')).toContainText(primaryPayer);

  await run('add charge line', 'Add charge line…');
  await answer('Procedure code', '99213');
  await answer('Modifiers', '');
  await answer('Units', '');
  await answer('Diagnosis pointers', '');
  await answer('Amount', (CHARGE / 100).toFixed(2));
  await expect(page.getByText(`Line 1 added: 99213 for ${formatCents(CHARGE)}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charges' })).toContainText('99213');
  await expect(claimFact('Balance')).toHaveText(formatCents(CHARGE));
});

test('posts the co-pay on the claim and the balance falls by it', async () => {
  await expect(palette()).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+P');
  await answer('Amount paid', (COPAY / 100).toFixed(2));
  await choose('Method', 'Cash', 'Cash');
  await answer('Reference', 'COPAY-DESK');
  await answer('Posting date', '');
  const left = CHARGE - COPAY;
  await expect(
    page.getByText(`${formatCents(COPAY)} Cash on claim ${claimID}; it now owes ${formatCents(left)}.`),
  ).toBeVisible();
  await expect(claimFact('Balance')).toHaveText(formatCents(left));
  await expect(claimFact('Paid')).toHaveText(formatCents(COPAY));
  await expect(page.getByRole('grid', { name: 'Postings' })).toContainText('COPAY-DESK');
  await shot('claim-after-payment');
});

test("Alt+T moves the claim's balance to the patient", async () => {
  await page.keyboard.press('Alt+t');
  await answer('Posting date', '');
  await expect(steps()).toContainText('Transfer what the payer still owes to the patient?');
  const move = /Move (\$[\d,]+\.\d\d) to the patient/;
  await expect(selected()).toContainText(move);
  const moved = move.exec((await selected().textContent()) ?? '')?.[1] ?? '';
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(new RegExp(`Transferred \\${moved} on claim ${claimID} from .* to the patient`)),
  ).toBeVisible();
  await expect(page.getByTestId('claim-payor-patient')).toHaveText(new RegExp(`Patient balance\\s*\\${moved}$`));
  await expect(page.locator('.claim-detail__status')).toHaveText('Patient Balance');
  patientOwes = Number(moved.replace(/[$,.]/g, ''));
  expect(patientOwes).toBe(CHARGE - COPAY);
  await shot('claim-after-transfer');
});

test("runs statements from the patient's screen and the statement asks what the screen says is due", async () => {
  test.setTimeout(120_000);
  const due = formatCents(patientOwes);
  await run('search patients', 'Search patients');
  await answer('date of birth', patientName);
  const found = page.getByRole('grid', { name: 'Patients found' });
  await expect(found).toContainText(patientName);
  await page.keyboard.press('ArrowDown');
  await expect(found).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/register-patient/${patientID}$`));
  await expect(page.locator('.patient-financials-figures')).toContainText(`Patient owes${due}`);
  const section = page.getByRole('region', { name: 'Statements' });
  await expect(section.locator('.patient-statements-due')).toHaveText(`A statement now would ask ${due}.`);

  // What the patient owes as the minimum keeps the run to this patient and the few who owe more.
  await run('run patient statements', 'Run patient statements…');
  await answer('owing at least', (patientOwes / 100).toFixed(2));
  await answer('Not billed in the last', '0');
  await expect(palette()).toHaveCount(0);
  const runLine = section.getByTestId('statement-run');
  await expect(runLine).toContainText(/Done: \d+ of \d+ patients\. [1-9]\d* statements? stored/, { timeout: 60_000 });
  const runID = Number(/Statement run (\d+)/.exec((await runLine.textContent()) ?? '')?.[1]);

  // O in the run's report opens the file of all the statements to print: this patient's is in it.
  const report = page.getByTestId('bulk-report');
  await expect(report).toBeFocused();
  const combined = page.waitForEvent('download');
  await page.keyboard.press('o');
  const runFile = await combined;
  expect(runFile.suggestedFilename()).toBe(`patient-statements-run-${runID}.pdf`);
  const runText = pdfText(new Uint8Array(await readFile(await runFile.path())));
  expect(runText).toContain(`(${firstName} ${lastName}) Tj`);
  await page.keyboard.press('Enter');
  await expect(report).toHaveCount(0);

  // The statement sent is listed with what it asked; Enter on it downloads it as it was sent.
  const sent = section.getByRole('grid', { name: 'Statements sent' });
  const row = sent.getByRole('row', { name: new RegExp(today) });
  await expect(row).toContainText(due);
  await expect(row).toContainText(String(runID));
  for (let presses = 0; presses < 80; presses += 1) {
    if (await sent.evaluate((grid) => grid === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(sent).toBeFocused();
  const own = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const statementFile = await own;
  const bytes = new Uint8Array(await readFile(await statementFile.path()));
  expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
  await writeFile(`${SHOTS}/statement.pdf`, bytes);
  const text = pdfText(bytes);
  await writeFile(`${SHOTS}/statement.txt`, text);
  // The words drawn, in order: each figure follows its label.
  const drawn = [...text.matchAll(/\((.*?)\) Tj/g)].map((match) => match[1]);
  expect(drawn[drawn.indexOf('STATEMENT FOR') + 1]).toBe(`${firstName} ${lastName}`);
  expect(drawn[drawn.indexOf('Amount due') + 1]).toBe(due);
  expect(drawn[drawn.indexOf('AMOUNT DUE') + 1]).toBe(due);
  await shot('patient-statement-sent');
});
