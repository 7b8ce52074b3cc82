import { expect, test, type Page } from '@playwright/test';
import type { AbilityClaimEventsReply, ClaimStatusReply } from '../contract/acknowledgements.ts';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import { authorization } from './support/apiToken.ts';
import { accountWithPrimaryCoverage, claimFormKeys, daysAgo, newClaimFor } from './support/claimForm.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * The whole claim cycle through the demo clearinghouse, on a server of its own whose payer
 * simulator answers each 837 at once with a 999 and a 277CA and 20 s later with an 835: a UB-04
 * claim made by keyboard, scrubbed and submitted; the claim detail then shows the 999 and the
 * 277CA that accepted it, and, once the 835 is collected and posted, what the payer paid, with
 * the balance fallen by it.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;
let claimID = 0;

const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');
const totals = (label: string) =>
  page
    .getByTestId('claim-totals')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const { tab, tabTo, addDiagnosis } = claimFormKeys(() => page);

async function api<T>(path: string): Promise<T> {
  const reply = await page.request.get(`/api/${path}`, { headers: await authorization(page) });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

/**
 * What the simulated payer pays on one $450.00 line, by the claim ID (its documented rule): a
 * claim ID ending in 7 is denied; any other is allowed 80%, less a $25.00 co-pay, 20% coinsurance
 * or a $50.00 deductible by the ID's remainder by 3.
 */
function expectedPaidCents(id: number): number {
  if (id % 10 === 7) return 0;
  const allowed = 36_000;
  return [allowed - 2_500, allowed - 7_200, allowed - 5_000][id % 3] ?? 0;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(51, 'clearinghouse-cycle', {
    env: { DEMO_CLEARINGHOUSE: 'on', PAYER_SIM_REMIT_SECONDS: '20', CLEARINGHOUSE_TICK_SECONDS: '2' },
  });
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 1000 } });
  await signIn(page, USERS.biller);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page?.close();
  server?.stop();
});

test('a UB-04 claim made by keyboard is scrubbed and submitted to the clearinghouse', async () => {
  await newClaimFor(page, await accountWithPrimaryCoverage(page));
  await tab(1);
  await expect(page.getByLabel('Claim kind')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('ub04-section')).toBeVisible();

  await tabTo('Attending physician');
  await page.keyboard.press('ArrowDown');
  await tabTo('Statement from');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(daysAgo(6));
  await addDiagnosis('I10');
  await tabTo('Type of bill');
  await page.keyboard.type('13');
  await tabTo('Admission type');
  await page.keyboard.type('1');
  await tab(1);
  await page.keyboard.type('1');
  await tabTo(/^POA 1/);
  await page.keyboard.type('Y');
  await tabTo('Line 1 procedure code');
  await page.keyboard.type('99284');
  await tab(1);
  await page.keyboard.type('0450');
  await tabTo('Line 1 amount');
  await page.keyboard.type('450.00');
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(/\/app\/claim-detail\/\d+$/);
  claimID = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await expect(page.getByRole('region', { name: 'Charges' })).toContainText('99284');

  await page.keyboard.press('Alt+s');
  await expect(page.locator('.toast', { hasText: new RegExp(`Claim ${claimID} passed`) })).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Ready to Submit');

  await page.keyboard.press('Alt+u');
  await expect(page.getByText('Submitted 1 claim in 1 batch.')).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Submitted');
});

test('the claim detail shows the 999 and the 277CA that accepted it', async () => {
  test.setTimeout(120_000);
  const events = page.getByRole('region', { name: 'Claim status' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(fact('Claim status')).not.toHaveText('');
        return (await events.textContent()) ?? '';
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .toMatch(/277CA accepted/);
  await expect(events).toContainText(/999 accepted/);
  await expect(events).toContainText(/Submitted in 837I_/);

  const status = await api<ClaimStatusReply>(`AddEditClaim/getClaimStatusByID?claimID=${claimID}`);
  expect(status.claimStatus).not.toBe('Rejected');
});

test('the 835 is collected and posted: the claim shows what the payer paid and owes less', async () => {
  test.setTimeout(150_000);
  const paid = expectedPaidCents(claimID);
  await expect
    .poll(
      async () =>
        (
          await api<AbilityClaimEventsReply>(`AbilityApiIntegration/getAbilityClaimEvents?claimID=${claimID}`)
        ).events.some((event) => event.kind === 'paid'),
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  const detail = await api<ClaimDetailReply>(`Claims/getClaimDetailData?claimID=${claimID}`);
  expect(detail.header.paid).toBe(paid);
  // What the payer did not pay is written off (CO) or left to the patient (PR): the claim owes
  // less than its charge whenever the payer paid or adjusted anything.
  if (paid > 0) expect(detail.header.balance).toBeLessThan(45_000 - paid + 1);
  expect(detail.header.balance).toBe(45_000 - detail.header.paid - detail.header.adjusted);

  await page.reload();
  await expect(totals('Paid')).toHaveText(dollars(paid));
  await expect(totals('Balance')).toHaveText(dollars(detail.header.balance));
  await expect(page.getByRole('region', { name: 'Claim status' })).toContainText('Payment posted');
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/clearinghouse-cycle-posted.png`, fullPage: true });
});
