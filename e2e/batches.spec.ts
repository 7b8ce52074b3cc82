import { expect, test, type Page } from '@playwright/test';
import type { ChargeBatchDetailReply, ChargeBatchListReply } from '../contract/batches.ts';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import type { ClaimTableReply } from '../contract/claims.ts';
import type { Job } from '../contract/jobs.ts';
import { cents, formatCents } from '../contract/money.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import type { OwnServer } from './support/ownServer.ts';
import { newPaymentBatch } from './support/newPaymentBatch.ts';
import { paletteOf } from './support/palette.ts';
import { storedSession } from './support/signIn.ts';

/**
 * The payment batch screens by keyboard only: the list opened from the palette, a batch created
 * from the palette and listed with what is still to post, Enter opens it, Tab moves between its
 * paid lines, its ledger postings and its files, Escape goes back, Delete removes it after a confirm step.
 * Then a claim goes into a charge batch from the palette ("Set charge batch…", Alt+B) and the
 * batch counts it, and two claims picked in the list go into it as a bulk run with its report. On a server of its own: the batches it opens and deletes stay out of the other specs' way.
 */
test.describe.configure({ mode: 'serial' });

const BATCH = 'E2E-BATCH-0001';

let server: OwnServer | null = null;
let page: Page;

const paletteSteps = paletteOf(() => page);
const { palette, steps, selected, run } = paletteSteps;
const batches = () => page.getByRole('grid', { name: 'Payment batches' });
const batchRow = () => batches().locator('tbody tr', { hasText: BATCH });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 11, 'batches'));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('"Go to payment batches" in the palette opens the list, which takes the keyboard', async () => {
  await run('go to payment batches', 'Go to payment batches');
  await expect(page).toHaveURL(/\/app\/payment-batches$/);
  await expect(page.getByRole('heading', { name: 'Payment batches', exact: true })).toBeVisible();
  await expect(batches()).toBeFocused();
});

test('"New payment batch…" from the palette: the batch is listed with its total still to post', async () => {
  await newPaymentBatch(paletteSteps, {
    batchNumber: BATCH,
    checkNumber: '77001',
    depositDate: '2026-11-20',
    total: '1250.00',
  });
  await expect(page.getByText('Batch Successfully Created')).toBeVisible();
  await expect(palette()).toHaveCount(0);
  // Total, posted and unposted, in that order, right-aligned dollars.
  await expect(batchRow()).toContainText('$1,250.00$0.00$1,250.00');
  await expect(batchRow()).toContainText('11/20/2026');
  await expect(batches()).toBeFocused();
});

test('Enter opens the batch: its totals say what is still to post; Tab moves between its lists, Escape goes back', async () => {
  // The newest batch is first: the cursor is on it.
  await expect(batchRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/payment-batch\/\d+$/);
  await expect(page.getByRole('heading', { name: `Payment batch ${BATCH}` })).toBeVisible();
  await expect(page.getByTestId('payment-batch-balance')).toHaveText(
    '$1,250.00 still to post: $0.00 posted of $1,250.00.',
  );
  const paidLines = page.getByRole('grid', { name: 'Paid lines' });
  const postings = page.getByRole('grid', { name: 'Ledger postings' });
  const files = page.getByRole('grid', { name: 'Batch files' });
  await expect(paidLines).toBeFocused();
  await expect(paidLines).toContainText('Nothing was paid from this batch yet.');
  await page.keyboard.press('Tab');
  await expect(postings).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(files).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(paidLines).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(files).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/payment-batches$/);
  await expect(batches()).toBeFocused();
});

test('Delete on the cursor batch asks to confirm, then deletes it', async () => {
  await expect(batchRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Delete');
  await expect(steps()).toContainText('Delete it?');
  await expect(selected()).toHaveText(new RegExp(`Delete batch ${BATCH} · Insurance`));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment Batch Successfully Deleted')).toBeVisible();
  await expect(batchRow()).toHaveCount(0);
  await expect(batches()).toBeFocused();
});

/** Reads what the test checks against (the keyboard does every change). */
async function api<T>(path: string): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as T;
}

const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');

test('"Set charge batch…" (Alt+B) puts an open claim in a charge batch picked by its number; the batch counts it as entered', async () => {
  // The newest batch: the list's cursor starts on it.
  const [batch] = (await api<ChargeBatchListReply>('Batches/getBatchChargeProfile')).batches;
  if (batch?.status !== 'open') throw new Error('The newest demo charge batch is not open.');
  const inBatch = new Set(
    (
      await api<ChargeBatchDetailReply>(`Batches/getChargeBatchDetailByID?chargeBatchID=${batch.chargeBatchID}`)
    ).claims.map((claim) => claim.claimID),
  );
  const drafts = await api<ClaimTableReply>(
    `Claims/getAllClaimsSearchTableData?practiceID=${batch.practiceID}&claimStatusID=1&pageSize=50`,
  );
  const claimID = drafts.rows.map(([id]) => Number(id)).find((id) => !inBatch.has(id));
  if (claimID === undefined) throw new Error('No draft of the batch’s practice is outside the batch.');
  const { header } = await api<ClaimDetailReply>(`Claims/getClaimDetailData?claimID=${claimID}`);

  const chargeBatches = () => page.getByRole('grid', { name: 'Charge batches' });
  const chargeRow = () => chargeBatches().locator('tbody tr', { hasText: batch.batchNumber });
  const cell = (column: number) => chargeRow().locator('td').nth(column);
  await run('go to charge batches', 'Go to charge batches');
  await expect(page).toHaveURL(/\/app\/charge-batches$/);
  // Entered (column 5) and claims (column 7) before.
  await expect(cell(4)).toHaveText(formatCents(cents(batch.entered)));
  await expect(cell(6)).toHaveText(String(batch.claims));

  await run('go to a claim by id', 'Go to a claim by ID');
  await page.keyboard.type(String(claimID));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Claim ${claimID}` })).toBeVisible();
  await expect(fact('Charge batch')).toHaveText('—');

  await page.keyboard.press('Alt+b');
  await expect(steps()).toContainText('Charge batch');
  // "No charge batch" is offered first; typing the number finds the batch.
  await expect(selected()).toContainText('No charge batch');
  await page.keyboard.type(batch.batchNumber);
  await expect(selected()).toContainText(batch.batchNumber);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Claim ${claimID} is in charge batch ${batch.batchNumber}.`)).toBeVisible();
  await expect(fact('Charge batch')).toHaveText(batch.batchNumber);

  await run('go to charge batches', 'Go to charge batches');
  await expect(cell(4)).toHaveText(formatCents(cents(batch.entered + header.totalCharges)));
  await expect(cell(6)).toHaveText(String(batch.claims + 1));
  // Its detail lists the claim among the batch's claims.
  await expect(chargeBatches()).toBeFocused();
  await expect(chargeRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid', { name: 'Batch claims' })).toContainText(String(claimID));
});

test('"Add picked claims to charge batch…" runs over the claims picked in the list and reports each claim it could not add', async () => {
  const [batch] = (await api<ChargeBatchListReply>('Batches/getBatchChargeProfile')).batches;
  if (!batch) throw new Error('No charge batch.');
  const report = () => page.getByTestId('bulk-report');
  await page.keyboard.press('Escape');
  await run('go to claims', 'Go to claims');
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  await expect(page.getByTestId('glide-cell-0-0')).toHaveText(/^\d+$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null)).toBe(true);
  const picked = [
    Number(await page.getByTestId('glide-cell-0-0').textContent()),
    Number(await page.getByTestId('glide-cell-0-1').textContent()),
  ];
  const headers = await Promise.all(
    picked.map(async (claimID) => (await api<ClaimDetailReply>(`Claims/getClaimDetailData?claimID=${claimID}`)).header),
  );
  const fits = headers.filter(
    (header) =>
      header.practiceName === batch.practiceName && header.claimStatus !== 'Void' && header.claimStatus !== 'Closed',
  ).length;
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-banner')).toHaveText(/2 claims selected\./);

  await run('add picked claims to charge batch', 'Add picked claims to charge batch…');
  await expect(steps()).toContainText('Charge batch');
  await page.keyboard.type(batch.batchNumber);
  await expect(selected()).toContainText(batch.batchNumber);
  await page.keyboard.press('Enter');
  await expect(report()).toBeVisible();
  await expect(report()).toContainText(`Add claims to charge batch ${batch.batchNumber}`);
  await expect(page.getByTestId('bulk-report-outcome')).toHaveText(
    `Done: 2 of 2 claims. ${fits} changed, ${2 - fits} could not be changed.`,
  );

  const { jobs } = await api<{ jobs: Job[] }>('Jobs/getMyActiveJobs');
  const job = jobs.at(-1);
  if (!job) throw new Error('No bulk run is open.');
  // The newest claims are of any practice: those of another practice than the batch's are refused, with why.
  expect(
    job.failures.every((failure) =>
      /is of another practice|is void|is closed|belongs to another group/.test(failure.reason),
    ),
  ).toBe(true);
  const after = (await api<ChargeBatchListReply>('Batches/getBatchChargeProfile')).batches.find(
    (each) => each.chargeBatchID === batch.chargeBatchID,
  );
  expect(job.succeeded).toBe(fits);
  // A claim already in the batch (the one put there above may be among the newest) counts as added, once.
  const already = headers.filter((header) => header.chargeBatchID === batch.chargeBatchID).length;
  expect(after?.claims).toBe(batch.claims + fits - already);
  await page.keyboard.press('Enter');
  await expect(report()).toHaveCount(0);
});
