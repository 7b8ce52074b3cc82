import { expect, test, type Page } from '@playwright/test';
import type { PatientListReply, PatientRow } from '../contract/patientRecord.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * Patients by keyboard: the palette opens the patient search with a seeded patient's name; N
 * registers a new patient whose names are the seeded one's swapped, with the same date of birth;
 * the duplicate warning names the seeded patient; Enter saves anyway.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let seeded: PatientRow;
const { answer, run, selected } = paletteOf(() => page);

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const { token } = await storedSession(page);
  const reply = await page.request.get('/api/Patient/getPatientData?pageSize=1&sortColumn=name', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const first = ((await reply.json()) as PatientListReply).rows[0];
  expect(first, 'the demo data has a patient').toBeDefined();
  seeded = first as PatientRow;
});

test.afterAll(async () => {
  await page.close();
});

test('the palette opens the patient search and finds a seeded patient by last, first', async () => {
  await run('search patients', 'Search patients');
  await answer('date of birth', `${seeded.lastName}, ${seeded.firstName}`);
  await expect(page).toHaveURL(/\/app\/patient-search\?q=/);
  const found = page.getByRole('grid', { name: 'Patients found' });
  await expect(found).toContainText(`${seeded.lastName}, ${seeded.firstName}`);
  await expect(found).toContainText(seeded.accountNumber);
  await page.screenshot({ path: '/tmp/patients-search.png' });
});

test('N registers a patient; the duplicate warning names the seeded one; Enter saves anyway', async () => {
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('grid', { name: 'Patients found' })).toBeFocused();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/app\/register-patient$/);
  await expect(page.getByLabel('Last name')).toBeFocused();

  // Back to the practice, chosen by typing its name.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Practice')).toBeFocused();
  await page.keyboard.type(seeded.practiceName);
  await expect(page.getByLabel('Practice')).toHaveValue(String(seeded.practiceID));

  // The seeded patient's names swapped, the same date of birth.
  const typed: [string, string][] = [
    ['Last name', seeded.firstName],
    ['First name', seeded.lastName],
    ['Middle name', ''],
    ['Date of birth', seeded.dateOfBirth],
    ['Sex', 'F'],
    ['Street address', '77 Lamar Blvd'],
    ['Address line 2', ''],
    ['City', 'Austin'],
    ['State', 'TX'],
    ['ZIP code', '78703'],
    ['Phone', '512-555-0188'],
  ];
  for (const [label, value] of typed) {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    if (value !== '') await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');

  const warning = page.getByRole('alertdialog', { name: 'Possible duplicate patients' });
  await expect(warning).toContainText(`${seeded.lastName}, ${seeded.firstName}`);
  await expect(warning).toContainText('First and last names swapped');
  await expect(warning.getByRole('button', { name: 'Save anyway' })).toBeFocused();
  await page.screenshot({ path: '/tmp/patients-duplicate-warning.png' });

  await page.keyboard.press('Enter');
  await expect(page.getByText('Successfully saved patient')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/register-patient\/\d+$/);
  await expect(page.getByLabel('Last name')).toHaveValue(seeded.firstName);
  await page.screenshot({ path: '/tmp/patients-edit.png' });
});

test('Esc goes back to the search; D deletes the patient just registered, who has no history', async () => {
  await page.getByLabel('Last name').focus();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/patient-search$/);
  await expect(page.getByLabel('Find a patient')).toBeFocused();
  await page.keyboard.type(`${seeded.firstName}, ${seeded.lastName}`);
  await page.keyboard.press('Enter');
  const found = page.getByRole('grid', { name: 'Patients found' });
  await expect(found).toContainText(`${seeded.firstName}, ${seeded.lastName}`);
  await page.keyboard.press('ArrowDown');
  await expect(found).toBeFocused();
  await page.keyboard.press('d');
  await expect(selected()).toContainText(`Delete ${seeded.firstName}, ${seeded.lastName}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Patient deleted: ${seeded.firstName}, ${seeded.lastName}`)).toBeVisible();
  await expect(found).not.toContainText(`${seeded.firstName}, ${seeded.lastName}`);
});
