import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { ClaimDetailReply } from '../contract/claimDetail.ts';
import type { ClaimTableReply } from '../contract/claims.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * The biller's day by keyboard only: open a draft claim, scrub it, jump to its error, fix the
 * charge line in the palette, scrub again, submit it, and find it in its 837 batch.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimID = 0;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');

async function api<T>(path: string): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as T;
}

/** A draft whose first line points past its diagnoses: the seed leaves a few for the scrubber. */
async function draftWithPointerError(): Promise<number> {
  const drafts = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?claimStatusID=1&pageSize=200');
  for (const [id] of drafts.rows) {
    const detail = await api<ClaimDetailReply>(`Claims/getClaimDetailData?claimID=${id}`);
    if (detail.charges.some((charge) => charge.diagnosisPointers.some((pointer) => pointer > detail.diagnoses.length)))
      return id;
  }
  throw new Error('The demo data has no draft with a diagnosis pointer error.');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signIn(page, USERS.northwind);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  claimID = await draftWithPointerError();
});

test.afterAll(async () => {
  await page.close();
});

test('opens the claim by its ID, scrubs it and lands on its error', async () => {
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Go to a claim by ID');
  await page.keyboard.press('Enter');
  await page.keyboard.type(String(claimID));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Claim ${claimID}` })).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Draft');

  await page.keyboard.press('Alt+s');
  await expect(page.getByText(`Claim ${claimID}: 1 scrub error.`)).toBeVisible();
  await expect(fact('Scrub status')).toHaveText('Failed');
  const findings = page.getByRole('region', { name: 'Scrub findings' });
  await expect(findings).toContainText(/points at diagnosis \d, but the claim has \d diagnos/);

  await page.keyboard.press('Alt+e');
  await expect(findings.locator('[data-pane-focus]')).toBeFocused();
});

test('fixes the diagnosis pointer in the palette, scrubs again and passes', async () => {
  await page.keyboard.press('Alt+c');
  await expect(palette()).toBeVisible();
  // The line with the error is offered first.
  await expect(palette().getByRole('option').first()).toContainText('points at diagnosis');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Diagnosis pointers');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Diagnosis pointers changed.')).toBeVisible();
  await expect(fact('Scrub status')).toHaveText('Not Scrubbed');

  await page.keyboard.press('Alt+s');
  await expect(page.getByText(`Claim ${claimID} passed the scrubber.`)).toBeVisible();
  await expect(fact('Scrub status')).toHaveText('Passed');
  await expect(fact('Claim status')).toHaveText('Ready to Submit');
  await expect(page.getByRole('region', { name: 'Scrub findings' })).toHaveCount(0);
});

test('submits the claim and finds it in its 837 batch, file and all', async () => {
  await page.keyboard.press('Alt+u');
  await expect(page.getByText('Submitted 1 claim in 1 batch.')).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Submitted');
  // The DNA log has every step, newest first, with where it came from.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('row').nth(1)).toContainText(/Submitted.*Batch \d+.*Shortcut/);
  await expect(history).toContainText(/Line edited\s*Line 1: diagnosis pointers \d → 1\s*Shortcut/);

  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/app\/submission-batches$/);
  const claims = page.getByRole('region', { name: 'Claims in the batch' });
  await expect(claims).toContainText(String(claimID));
  await expect(page.getByTestId('submission-file')).toContainText(`CLM*${claimID}*`);

  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+d');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^837P_.+\.x12$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('ISA*')).toBe(true);
  expect(text).toContain(`CLM*${claimID}*`);
  expect(text).toMatch(/REF\*6R\*/);
});
