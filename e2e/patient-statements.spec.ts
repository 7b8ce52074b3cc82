import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatCents } from '../contract/money.ts';
import type { StatementDataReply, StatementSelectionReply } from '../contract/patientStatements.ts';
import { authorization } from './support/apiToken.ts';
import { pdfText } from './support/pdfText.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * A statement run by keyboard from the patient's screen: "Run patient statements…" from the
 * palette with a minimum balance, the run's progress on the Statements section until it is done,
 * O in its report opens the combined PDF, and the statement sent is listed on the patient.
 */
test('runs patient statements from the palette, follows the run to its end and opens its file', async ({ page }) => {
  await signIn(page, USERS.admin);
  const headers = await authorization(page);
  // The patient who owes the most: a minimum of what they owe keeps the run to a few patients.
  const selection = (await (
    await page.request.get('/api/Patient/getPatientStatementsIDS?minimumBalance=1&daysSinceLastStatement=0', {
      headers,
    })
  ).json()) as StatementSelectionReply;
  const patient = [...selection.patients].sort((a, b) => b.amountDue - a.amountDue)[0];
  if (!patient) throw new Error('No demo patient owes anything.');

  await page.goto(`/app/register-patient/${patient.patientID}`);
  const section = page.getByRole('region', { name: 'Statements' });
  await expect(section.locator('.patient-statements-due')).toContainText(formatCents(patient.amountDue));

  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('Control+K');
  await expect(palette).toBeVisible();
  await page.keyboard.type('run patient statements');
  await expect(palette.getByRole('option', { name: /Run patient statements/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await page.keyboard.type((patient.amountDue / 100).toFixed(2));
  await page.keyboard.press('Enter');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);

  // The section follows the run from its bulk job until it is done.
  const runLine = section.getByTestId('statement-run');
  await expect(runLine).toContainText(/Statement run \d+: (Running|Done)/);
  await expect(runLine).toContainText(/Done: \d+ of \d+ patients\. [1-9]\d* statements? stored/);
  const runID = Number(/Statement run (\d+)/.exec((await runLine.textContent()) ?? '')?.[1]);

  const report = page.getByTestId('bulk-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('bulk-report-outcome')).toContainText(/statements? stored/);
  await expect(report).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('o');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`patient-statements-run-${runID}.pdf`);
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
  expect(pdfText(bytes)).toContain(`(${formatCents(patient.amountDue)}) Tj`);
  await page.keyboard.press('Enter');
  await expect(report).toHaveCount(0);

  // The statement sent is listed on the patient, with the run it was printed in.
  const data = (await (
    await page.request.get(`/api/Patient/getPatientStatementsData?patientIDs=${patient.patientID}`, { headers })
  ).json()) as StatementDataReply;
  const latest = data.statements[0]?.statements[0];
  expect(latest).toMatchObject({ amountDue: patient.amountDue, runID });
  const statements = section.getByRole('grid', { name: 'Statements sent' });
  await expect(statements).toContainText(latest?.statementDate ?? 'no statement');
  await expect(statements).toContainText(formatCents(patient.amountDue));
  await expect(statements).toContainText(String(runID));
  await expect(runLine).toContainText(/Done: .* statements? stored/);
  // The started-run notice closes by itself; the picture shows the section without it.
  await expect(page.getByText(/its progress shows at the bottom/)).toHaveCount(0, { timeout: 15_000 });
  await section.screenshot({ path: test.info().outputPath('patient-statements.png') });
});
