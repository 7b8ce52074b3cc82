import { expect, test, type Page } from '@playwright/test';
import { authorization } from './support/apiToken.ts';
import { accountWithPrimaryCoverage, claimFormKeys, newClaimFor } from './support/claimForm.ts';
import { paletteOf } from './support/palette.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The document search and a medical-case lookup, by keyboard only. A document batch of 27 scanned
 * pages is filed through the API; G then F opens the document search, S finds the batch by its
 * number, ] turns to the list's second page, Enter shows a page and N and P turn the batch's pages,
 * Esc closes it. On a claim, its Medical case section's O links it to the patient's open case and
 * N starts a new case whose type is picked from the case types the lookups offer.
 */
test.describe.configure({ mode: 'serial' });

const BATCH = `E2E-DOCS-${Date.now() % 100_000}`;
const PAGES = 27;
let page: Page;
let claimID = 0;
let openCaseName = '';

const { palette, steps, selected, answer } = paletteOf(() => page);
const documents = () => page.getByRole('grid', { name: 'Documents' });
const base64 = (text: string) => Buffer.from(text).toString('base64');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const headers = await authorization(page);
  const practices = (await (await page.request.get('/api/Repository/getPractices', { headers })).json()) as {
    practices: { practiceID: number }[];
  };
  const practiceID = practices.practices[0]!.practiceID;
  // The batch is opened with 20 files (the most at once), then 7 more are added one by one.
  const files = Array.from({ length: PAGES }, (_, index) => ({
    fileName: `${BATCH.toLowerCase()}-p${String(index + 1).padStart(2, '0')}.txt`,
    mimeType: 'text/plain',
    contentBase64: base64(`Scanned page ${index + 1} of ${BATCH}`),
  }));
  const created = await page.request.post('/api/Batches/addDocumentBatchAndDocuments', {
    headers,
    data: {
      practiceID,
      batchNumber: BATCH,
      batchType: 'EOB',
      description: 'Monday mail',
      documents: files.slice(0, 20),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const batchID = ((await created.json()) as { pkid: number }).pkid;
  for (const document of files.slice(20)) {
    const added = await page.request.post('/api/Batches/uploadBatchDocument', {
      headers,
      data: { batchKind: 'document', batchID, document },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  // A claim and an open case of its patient, from the demo's claims.
  // The newest whose patient has no case yet: a run of this file again (a retry) takes another.
  const listed = await page.request.get(
    '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=40&sortColumn=claimID&sortOrder=desc',
    { headers },
  );
  let detail: { header: { patientID: number; dosFrom: string } } | null = null;
  for (const row of ((await listed.json()) as { rows: { claimID: number }[] }).rows) {
    const read = (await (
      await page.request.get(`/api/Claims/getClaimDetailData?claimID=${row.claimID}`, { headers })
    ).json()) as { header: { patientID: number; dosFrom: string; facilityName: string | null } };
    // A demo claim at a facility, as a biller's usual claim (a claim with none has its own test below).
    if (read.header.facilityName === null) continue;
    const cases = (await (
      await page.request.get(`/api/MedicalCase/getPatientMedicalCases?patientID=${read.header.patientID}`, {
        headers,
      })
    ).json()) as { medicalCases: unknown[] };
    if (cases.medicalCases.length > 0) continue;
    claimID = row.claimID;
    detail = read;
    break;
  }
  if (detail === null) throw new Error('No recent claim of a patient without a medical case.');
  const unlinked = await page.request.post('/api/MedicalCase/unlinkMedicalCase', { headers, data: { claimID } });
  expect([200, 400]).toContain(unlinked.status());
  openCaseName = `Fall ${BATCH}`;
  const saved = await page.request.post('/api/MedicalCase/saveMedicalCase', {
    headers,
    data: {
      patientID: detail.header.patientID,
      name: openCaseName,
      caseType: 'Knee physio',
      startDate: '2000-01-01',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
});

test.afterAll(async () => {
  await page.close();
});

test('G then F opens the document search; S finds the batch; ] turns the list’s page', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await expect(page).toHaveURL(/\/app\/document-search$/);
  await expect(documents()).toBeFocused();
  await page.keyboard.press('s');
  await answer('File name or batch number', BATCH);
  await expect(steps()).toContainText('Attached to');
  await expect(selected()).toContainText('Anything');
  await page.keyboard.press('Enter');
  await expect(palette()).toHaveCount(0);
  const section = page.getByRole('region', { name: 'Documents' });
  await expect(section).toContainText(`Documents 1-25 of ${PAGES}`);
  await expect(documents().locator('tbody tr')).toHaveCount(25);
  // Newest first: the last page filed is on top, with what it hangs on.
  await expect(documents().locator('tbody tr').first()).toContainText(`p${PAGES}.txt`);
  await expect(documents().locator('tbody tr').first()).toContainText(`Document batch ${BATCH}`);
  await expect(page.getByTestId('document-profile')).toContainText(
    `Page ${PAGES} of ${PAGES} of document batch ${BATCH}`,
  );
  await expect(documents()).toBeFocused();
  await page.keyboard.press(']');
  await expect(section).toContainText(`Documents 26-27 of ${PAGES}`);
  await expect(documents().locator('tbody tr')).toHaveCount(2);
  await expect(documents().locator('tbody tr').first()).toContainText('p02.txt');
});

test('Enter shows the cursor document’s page; N and P turn the batch’s pages; Esc closes it', async () => {
  await expect(documents()).toBeFocused();
  await page.keyboard.press('Enter');
  const shown = page.getByTestId('document-page');
  await expect(shown).toContainText(`Scanned page 2 of ${BATCH}`);
  await expect(shown).toContainText(`Page 2 of ${PAGES} of document batch ${BATCH}`);
  await page.keyboard.press('n');
  await expect(shown).toContainText(`Scanned page 3 of ${BATCH}`);
  await page.keyboard.press('p');
  await expect(shown).toContainText(`Scanned page 2 of ${BATCH}`);
  await page.keyboard.press('p');
  await expect(shown).toContainText(`Scanned page 1 of ${BATCH}`);
  await expect(shown).toContainText(`Page 1 of ${PAGES}`);
  await page.keyboard.press('Escape');
  await expect(shown).toHaveCount(0);
  await expect(page.getByTestId('document-profile')).toBeVisible();
  await page.keyboard.press('[');
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText(`Documents 1-25 of ${PAGES}`);
});

test('on a claim, O links it to the patient’s open case; N picks a new case’s type from the lookups', async () => {
  await page.goto(`/app/claim-detail/${claimID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claim ${claimID}`);
  const section = page.getByRole('region', { name: 'Medical case' });
  await expect(section).toContainText('Not in a medical case');
  await page.keyboard.press('Alt+Shift+M');
  await expect(section.locator('[data-pane-focus]')).toBeFocused();
  await page.keyboard.press('o');
  await expect(page.getByText(new RegExp(`linked to Medical Case \\d+ \\(${openCaseName}\\)`))).toBeVisible();
  await expect(section).toContainText(openCaseName);
  await expect(section).toContainText('Knee physio');

  await page.keyboard.press('Alt+Shift+M');
  await expect(page.getByRole('grid', { name: 'Claims in the medical case' })).toBeFocused();
  await page.keyboard.press('n');
  await answer('Case name', 'Second opinion');
  await expect(steps()).toContainText('Case type');
  // The standard types, then the group's own with how many cases have it.
  await expect(palette().getByRole('option', { name: /Pregnancy/ })).toBeVisible();
  await page.keyboard.type('knee');
  await expect(selected()).toContainText('Knee physio');
  await expect(selected()).toContainText('the group’s own');
  await page.keyboard.press('Enter');
  await answer('Start date', '2026-01-05');
  await expect(steps()).toContainText('And this claim?');
  await page.keyboard.type('only');
  await expect(selected()).toContainText('Only create the case');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Successfully Added Medical Case \d+/)).toBeVisible();
});

test('the claim form names the open case, and Alt+Shift+End says the revenue code a procedure takes there', async () => {
  const headers = await authorization(page);
  const practices = (await (await page.request.get('/api/Repository/getPractices', { headers })).json()) as {
    practices: { practiceID: number }[];
  };
  // Every practice maps 97110 to physical therapy (an entry there already is left as it is).
  for (const { practiceID } of practices.practices)
    await page.request.post('/api/MedicalCase/addUpdateCptRevenueCrosswalk', {
      headers,
      data: { practiceID, cptCode: '97110', revenueCode: '0420' },
    });
  await page.goto(`/app/create-claim/${claimID}`);
  await expect(page.getByTestId('open-medical-case')).toContainText(openCaseName);
  // The form learns its practice and coverage a moment after it shows them: the key asks again until then.
  await expect(async () => {
    await page.keyboard.press('Alt+Shift+End');
    await expect(steps()).toContainText('Procedure code', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await answer('Procedure code', '97110');
  await expect(page.getByText(/97110 takes revenue code \d{4}/)).toBeVisible();
});

test('Alt+Shift+End answers from a field of a claim form without a facility too', async () => {
  const { tab, tabTo } = claimFormKeys(() => page);
  await newClaimFor(page, await accountWithPrimaryCoverage(page));
  await tab(2);
  await expect(page.getByLabel('Insurance (coverage billed)')).toBeFocused();
  await expect(page.getByLabel('Insurance (coverage billed)')).not.toHaveValue('');
  await expect(page.getByLabel('Practice')).not.toHaveValue('—');
  // No facility: Home picks "None". The cursor stays in the field when the key is pressed.
  await tabTo('Facility');
  await page.keyboard.press('Home');
  await expect(page.getByLabel('Facility')).toHaveValue('');
  await page.keyboard.press('Alt+Shift+End');
  await answer('Procedure code', '97110');
  await expect(page.getByText(/97110 takes revenue code \d{4}/)).toBeVisible();
  // The key was the command's: the field kept its value.
  await expect(page.getByLabel('Facility')).toHaveValue('');
});
