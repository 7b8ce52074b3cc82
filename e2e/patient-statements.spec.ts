import { expect, test } from '@playwright/test';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import { formatCents } from '../contract/money.ts';
import type { StatementDataReply } from '../contract/patientStatements.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * A statement sent to a patient is listed on the patient's screen with its amount due, below what a
 * statement would ask now.
 */
test('the patient screen lists a statement just sent, with its amount due', async ({ page }) => {
  await signIn(page, USERS.admin);
  const headers = await authorization(page);
  const { claimID } = await findOwingClaim(page);
  const detail = (await (
    await page.request.get(`/api/Claims/getClaimDetailData?claimID=${claimID}`, { headers })
  ).json()) as ClaimDetailReply;
  const patientID = detail.header.patientID;
  const sent = await page.request.post('/api/Patient/patientStatementsFileDownload', {
    headers,
    data: { patientIDs: [patientID] },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect((await sent.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const data = (await (
    await page.request.get(`/api/Patient/getPatientStatementsData?patientIDs=${patientID}`, { headers })
  ).json()) as StatementDataReply;
  const [latest] = data.statements[0]?.statements ?? [];
  if (!latest) throw new Error('The statement sent is not listed on the patient.');

  await page.goto(`/app/register-patient/${patientID}`);
  const statements = page.getByRole('grid', { name: 'Statements sent' });
  await expect(statements).toBeVisible();
  await expect(statements).toContainText(latest.statementDate);
  await expect(statements).toContainText(formatCents(latest.amountDue));
  await expect(page.locator('.patient-statements-due')).toContainText(formatCents(data.statements[0]?.amountDue ?? 0));
  await page.screenshot({ path: test.info().outputPath('patient-statements.png'), fullPage: true });
});
