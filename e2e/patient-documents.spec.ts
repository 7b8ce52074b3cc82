import { expect, test } from '@playwright/test';
import type { PatientListReply } from '../contract/patientRecord.ts';
import { authorization } from './support/apiToken.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * A patient's own documents by keyboard: on the patient's screen, Tab to the documents, A asks the
 * category, the file picker gives an insurance card, and it is listed on the patient; the same
 * file comes back through the download the section's Enter runs.
 */
test('A attaches an insurance card to the patient and it is listed as the patient’s', async ({ page }) => {
  page.on(
    'filechooser',
    (chooser) =>
      void chooser.setFiles({ name: 'card-front.png', mimeType: 'image/png', buffer: Buffer.from('PNG card front') }),
  );
  await signIn(page, USERS.admin);
  const headers = await authorization(page);
  const listed = (await (
    await page.request.get('/api/Patient/getPatientData?pageSize=1&sortColumn=name', { headers })
  ).json()) as PatientListReply;
  const patient = listed.rows[0];
  if (!patient) throw new Error('The demo data has no patient.');

  await page.goto(`/app/register-patient/${patient.patientID}`);
  const documents = page.getByRole('grid', { name: 'Patient documents' });
  await expect(documents).toBeVisible();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await documents.evaluate((grid) => grid === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(documents).toBeFocused();

  await page.keyboard.press('a');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('Insurance Card');
  await page.keyboard.press('Enter');
  const row = documents.locator('tbody tr', { hasText: 'card-front.png' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Patient');
  await expect(row).toContainText('Insurance Card');
  await expect(page.getByText('Document Successfully uploaded card-front.png')).toBeVisible();

  // The keyboard is back on the documents once the file is attached; the newest is first.
  await expect(documents).toBeFocused();
  await page.keyboard.press('Home');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('card-front.png');
});
