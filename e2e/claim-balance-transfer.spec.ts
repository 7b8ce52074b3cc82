import { expect, test, type Page } from '@playwright/test';
import type { ClaimTransferInsuranceReply } from '../contract/claimTransfer.ts';
import type { OwingClaim } from './support/owingClaim.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { authorization } from './support/apiToken.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * A claim the payer still owes, its balance moved to the patient by keyboard: the palette's
 * "Transfer balance to patient…", a confirm step naming the amount, the posting date (Enter for
 * today); the claim's payor line says the patient owes it now. X on the transfer in the claim's
 * postings puts it back on the payer. On a server of its own, since it posts.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let owed = 0;

const { palette, steps, selected, run, answer } = paletteOf(() => page);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The newest demo claim with an insurance balance the patient does not owe yet, and that balance. */
async function claimOwedByPayer(): Promise<{ claimID: number; amount: number }> {
  const headers = await authorization(page);
  const listed = await page.request.get(
    '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc',
    { headers },
  );
  for (const claim of ((await listed.json()) as { rows: OwingClaim[] }).rows) {
    if (claim.balance < 1_000) continue;
    const targets = (await (
      await page.request.get(`/api/AddEditClaim/getClaimTransferInsurance?claimID=${claim.claimID}`, { headers })
    ).json()) as ClaimTransferInsuranceReply;
    if (targets.patient.possible && targets.patientBalance === 0)
      return { claimID: claim.claimID, amount: targets.patient.amount };
  }
  throw new Error('No demo claim has an insurance balance to transfer');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 27, 'balance-transfer'));
  ({ claimID, amount: owed } = await claimOwedByPayer());
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

const payor = () => page.getByTestId('claim-payor');
const insuranceBalance = (cents: number) => new RegExp(`Insurance balance\\s*\\${dollars(cents)}`);
const patientBalance = (cents: number) => new RegExp(`^Patient balance\\s*\\${dollars(cents)}$`);

test('Transfer balance to patient from the palette moves what the payer owes, and the payor line says the patient owes it', async () => {
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(payor()).toContainText(insuranceBalance(owed));
  await expect(page.getByTestId('claim-payor-patient')).toHaveText(patientBalance(0));
  await expect(page.getByTestId('claim-payor-who')).not.toContainText('Patient');

  await run('transfer balance to patient', 'Transfer balance to patient…');
  await answer('Posting date', '');
  await expect(steps()).toContainText('Transfer what the payer still owes to the patient?');
  await expect(selected()).toContainText(`Move ${dollars(owed)} to the patient`);
  await page.keyboard.press('Enter');

  await expect(
    page.getByText(new RegExp(`Transferred \\${dollars(owed)} on claim ${claimID} from .* to the patient`)),
  ).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(page.getByTestId('claim-payor-who')).toHaveText(
    new RegExp(`^Patient: \\${dollars(owed)} transferred from `),
  );
  await expect(payor()).toContainText(insuranceBalance(0));
  await expect(page.getByTestId('claim-payor-patient')).toHaveText(patientBalance(owed));
  await expect(page.locator('.claim-detail__status')).toHaveText('Patient Balance');
  await page.screenshot({ path: test.info().outputPath('claim-after-transfer.png') });

  // Alt+T again: nothing is left on the payer, the confirm step says so.
  await page.keyboard.press('Alt+t');
  await answer('Posting date', '');
  await expect(selected()).toContainText(`Claim ${claimID} has no insurance balance to transfer to the patient.`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing was transferred.')).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(page.getByTestId('claim-payor-patient')).toHaveText(patientBalance(owed));
});

test('X on the transfer in the claim’s postings puts the balance back on the payer', async () => {
  const postings = page.getByRole('grid', { name: 'Postings' });
  await postings.focus();
  await expect(postings).toBeFocused();
  await expect(postings.locator('tr[aria-selected="true"]')).toContainText('Patient responsibility');
  await page.keyboard.press('x');
  await expect(selected()).toContainText('Reverse Balance transfer to patient');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('claim-payor-patient')).toHaveText(patientBalance(0));
  await expect(payor()).toContainText(insuranceBalance(owed));
  await expect(page.getByTestId('claim-payor-who')).not.toContainText('Patient');
});
