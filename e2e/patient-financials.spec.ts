import { expect, test } from '@playwright/test';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import { formatCents } from '../contract/money.ts';
import type { PatientFinancialsReply } from '../contract/patientFinancials.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * A patient's financials by keyboard: a desk payment posted on one of their claims shows as the
 * last posting with the balance it leaves, the figures above agree with the ledger read through
 * the API, and Enter on the posting opens its claim.
 */
test('the patient screen lists a new payment last with its running balance, and Enter opens its claim', async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  const headers = await authorization(page);
  const { claimID } = await findOwingClaim(page);
  const detail = (await (
    await page.request.get(`/api/Claims/getClaimDetailData?claimID=${claimID}`, { headers })
  ).json()) as ClaimDetailReply;
  const line = detail.charges.find((charge) => charge.balance >= 123);
  if (!line) throw new Error(`Claim ${claimID} has no line owing $1.23`);
  const paid = await page.request.post('/api/AddEditClaim/savePatientPayments', {
    headers,
    data: {
      patientID: detail.header.patientID,
      method: 'cash',
      reference: 'DESK-FIN',
      applications: [{ chargeID: line.chargeID, amount: 123 }],
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const money = (await (
    await page.request.get(`/api/Patient/getPatientFinancialsByID?patientID=${detail.header.patientID}`, { headers })
  ).json()) as PatientFinancialsReply;

  await page.goto(`/app/register-patient/${detail.header.patientID}`);
  const postings = page.getByRole('grid', { name: 'Postings' });
  await expect(postings).toBeVisible();
  const figures = page.locator('.patient-financials-figures');
  await expect(figures).toContainText(`Insurance balance${formatCents(money.insuranceBalance)}`);
  await expect(figures).toContainText(`Patient owes${formatCents(money.patientNet)}`);

  // Tab from the form down to the postings, then End to the newest.
  for (let presses = 0; presses < 60; presses += 1) {
    if (await postings.evaluate((grid) => grid === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(postings).toBeFocused();
  await page.keyboard.press('End');
  const newest = postings.locator('[role="row"][aria-selected="true"]');
  await expect(newest).toContainText('Patient payment');
  await expect(newest).toContainText('-$1.23');
  await expect(newest).toContainText(formatCents(money.totals.balance));
  await page.screenshot({ path: test.info().outputPath('patient-financials.png') });

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
});
