import { expect, test, type Page } from '@playwright/test';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * A patient payment taken at the desk, outside any payment batch, reversed by keyboard from the
 * claim's own postings: X on the cursor posting, a confirm step naming it, Enter; the toast says
 * what the claim owes again, the header and the postings read again. The same command is in the
 * palette, and Ctrl+Alt+1's postings pane takes X too. On a server of its own, since it posts money.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;
let balanceBefore = 0;

const { palette, steps, selected, run } = paletteOf(() => page);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A desk payment of `cents` on the claim's first line that owes it, posted through the API outside any batch. */
async function deskPayment(cents: number): Promise<ClaimDetailReply['header']> {
  const headers = await authorization(page);
  const detail = (await (
    await page.request.get(`/api/Claims/getClaimDetailData?claimID=${claimID}`, { headers })
  ).json()) as ClaimDetailReply;
  const line = detail.charges.find((charge) => charge.balance >= cents);
  if (!line) throw new Error(`Claim ${claimID} has no line owing ${cents}`);
  const reply = await page.request.post('/api/AddEditClaim/savePatientPayments', {
    headers,
    data: {
      patientID: detail.header.patientID,
      method: 'cash',
      reference: 'DESK-REV',
      applications: [{ chargeID: line.chargeID, amount: cents }],
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return detail.header;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 21, 'posting-reversal'));
  ({ claimID, balance: balanceBefore } = await findOwingClaim(page));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

const balance = () => page.getByTestId('claim-totals').locator('div', { hasText: 'Balance' }).locator('dd');
const paid = () => page.getByTestId('claim-totals').locator('div', { hasText: 'Paid' }).locator('dd');
const postings = () => page.getByRole('grid', { name: 'Postings' });

test('X on a desk payment in the claim’s postings asks, reverses it, and the claim owes it again', async () => {
  const before = await deskPayment(2500);
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(balance()).toHaveText(dollars(balanceBefore - 2500));
  await expect(paid()).toHaveText(dollars(before.paid + 2500));

  // The keyboard starts in the charges; Tab goes on to the postings, newest first.
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();
  for (let tab = 0; tab < 4; tab += 1) {
    if (await postings().evaluate((grid) => grid === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(postings()).toBeFocused();
  const cursor = postings().locator('tr[aria-selected="true"]');
  await expect(cursor).toContainText('Patient payment');
  await expect(cursor).toContainText('$25.00');
  await expect(cursor).toContainText('DESK-REV');

  await page.keyboard.press('x');
  await expect(steps()).toContainText('Reverse it? A negating row is posted; the claim owes the amount again.');
  await expect(selected()).toContainText('Reverse Patient payment $25.00');
  await expect(selected()).toContainText(`on claim ${claimID}`);
  await page.screenshot({ path: test.info().outputPath('reverse-confirm.png') });
  await page.keyboard.press('Enter');

  await expect(page.getByText(`reversed on claim ${claimID}; it now owes ${dollars(balanceBefore)}.`)).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(balance()).toHaveText(dollars(balanceBefore));
  // Paid goes back to what it was before the desk payment: the reversed payment is no payment.
  await expect(paid()).toHaveText(dollars(before.paid));
  await expect(postings().locator('tbody tr', { hasText: 'DESK-REV' }).first()).toContainText(
    'Patient payment (reversed)',
  );
  await expect(postings().locator('tbody tr', { hasText: 'Reversal' }).first()).toContainText('$25.00');
  await page.screenshot({ path: test.info().outputPath('reversed.png') });

  // X again on the reversed payment says why, and changes nothing.
  await postings().focus();
  const reversedRow = postings().locator('tbody tr', { hasText: 'Patient payment (reversed)' }).first();
  await reversedRow.click();
  await page.keyboard.press('x');
  await expect(page.getByText(/is already reversed \(by posting \d+\)/)).toBeVisible();
  await expect(palette()).toHaveCount(0);
  await expect(balance()).toHaveText(dollars(balanceBefore));
});

test('the palette finds "Reverse a posting of this claim…" and lists the claim’s postings, the cursor one first', async () => {
  await deskPayment(1000);
  await page.reload();
  await expect(balance()).toHaveText(dollars(balanceBefore - 1000));
  await page.keyboard.press('Control+K');
  await page.keyboard.type('reverse a posting');
  await expect(selected()).toContainText('Reverse a posting of this claim…');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Posting to reverse');
  const choice = palette().locator('[role="option"]', { hasText: 'Patient payment $10.00' });
  await expect(choice).toBeVisible();
  await page.keyboard.type('10.00');
  await expect(selected()).toContainText('Patient payment $10.00');
  await page.keyboard.press('Enter');
  await expect(selected()).toContainText('Reverse Patient payment $10.00');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`it now owes ${dollars(balanceBefore)}.`).first()).toBeVisible();
  await expect(balance()).toHaveText(dollars(balanceBefore));
});
