import { expect, test, type Page } from '@playwright/test';
import type { ClaimStatusReply } from '../contract/acknowledgements.ts';
import type { ClaimDNAReply } from '../contract/claimDNA.ts';
import type { ClaimTableReply } from '../contract/claims.ts';
import type { SubmissionBatchDetail, SubmitClaimsReply } from '../contract/submission.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * A claim the payer turns back: its 277CA is applied from the palette's file command, the
 * claim detail shows the payer's reason and number, and Alt+R sends it again as a replacement
 * (frequency 7, the payer's claim number as REF*F8), all by keyboard.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimID = 0;
let interchangeControlNumber = 0;

const fact = (label: string) =>
  page.locator('.claim-facts__list div', { has: page.getByText(label, { exact: true }) }).locator('dd');

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const { token } = await storedSession(page);
  const headers = { authorization: `Bearer ${token}` };
  const reply =
    method === 'GET'
      ? await page.request.get(`/api/${path}`, { headers })
      : await page.request.post(`/api/${path}`, { headers, data });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

/** A payer's 277CA (^ elements, \ components) rejecting the claim for the billing provider's NPI. */
function rejection277CA(): string {
  const reference = `${String(interchangeControlNumber).padStart(9, '0')}0001`;
  const body = [
    'BHT^0085^08^E2E277CA^20261128^0900^TH',
    'HL^1^^20^1',
    'NM1^PR^2^ACME HEALTH PLAN^^^^^PI^60054',
    'TRN^1^RECEIPT-E2E',
    'DTP^050^D8^20261128',
    'DTP^009^D8^20261128',
    'HL^2^1^21^1',
    'NM1^41^2^DEMO BILLING^^^^^46^123456789',
    `TRN^2^${reference}`,
    'HL^3^2^19^1',
    'NM1^85^2^DEMO CLINIC^^^^^XX^1234567893',
    'HL^4^3^PT',
    'NM1^QC^1^PATIENT^DEMO^^^^MI^M1',
    `TRN^2^${claimID}`,
    'STC^A7\\562\\85^20261128^U^100^^^^^^^^NPI NOT ON FILE WITH PAYER',
    'REF^1K^PCN-E2E-7788',
    'DTP^472^D8^20260301',
  ];
  return [
    'ISA^00^          ^00^          ^ZZ^ACMEHEALTH     ^ZZ^DEMOBILLING    ^261128^0900^{^00501^000000777^0^P^\\',
    'GS^HN^ACMEHEALTH^DEMOBILLING^20261128^0900^777^X^005010X214',
    'ST^277^0001^005010X214',
    ...body,
    `SE^${body.length + 2}^0001`,
    'GE^1^777',
    'IEA^1^000000777',
  ]
    .map((segment) => `${segment}~`)
    .join('\r\n');
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, USERS.northwind);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  // A claim ready to go, sent: its batch is what the 277CA answers.
  const ready = await api<ClaimTableReply>('GET', 'Claims/getAllClaimsSearchTableData?claimStatusID=2&pageSize=50');
  for (const [id] of ready.rows) {
    const sent = await api<SubmitClaimsReply>('POST', 'Claims/submitClaim', { claimIDS: [id] });
    if (sent.submitted.length === 1) {
      claimID = Number(id);
      interchangeControlNumber = sent.batches[0]!.interchangeControlNumber;
      break;
    }
  }
  expect(claimID, 'a demo claim ready to submit').toBeGreaterThan(0);
});

test.afterAll(async () => {
  await page.close();
});

test('a 277CA rejection applied from the palette shows the payer’s reason on the claim detail', async () => {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Apply an acknowledgement file');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'acme-277ca.277', mimeType: 'text/plain', buffer: Buffer.from(rejection277CA()) });
  await expect(page.getByText('0 claims accepted, 1 claim rejected.')).toBeVisible();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('Go to a claim by ID');
  await page.keyboard.press('Enter');
  await page.keyboard.type(String(claimID));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Claim ${claimID}` })).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Rejected');
  const notice = page.getByTestId('claim-rejection');
  await expect(notice).toContainText('Rejected by ACME HEALTH PLAN (277CA)');
  await expect(notice).toContainText(
    "A7 Acknowledgement/Rejected for invalid information; 562 Entity's National Provider Identifier (NPI) (Billing provider)",
  );
  await expect(notice).toContainText('NPI NOT ON FILE WITH PAYER');
  await expect(notice).toContainText('Payer claim number PCN-E2E-7788');
  const events = page.getByRole('region', { name: 'Claim status' });
  await expect(events).toContainText('277CA rejected by ACME HEALTH PLAN');
  await expect(events).toContainText(/Submitted in 837[PI]_/);
  await page.screenshot({ path: 'test-results/acknowledgements-claim-detail.png' });
});

test('Alt+R sends the rejected claim again as a replacement with the payer’s claim number', async () => {
  await page.keyboard.press('Alt+r');
  await expect(
    page.getByText(`Claim ${claimID} was sent again as a replacement of payer claim PCN-E2E-7788.`),
  ).toBeVisible();
  await expect(fact('Claim status')).toHaveText('Submitted');
  await expect(page.getByTestId('claim-rejection')).toHaveCount(0);
  const events = page.getByRole('region', { name: 'Claim status' });
  await expect(events).toContainText('Frequency 7 replacing PCN-E2E-7788');
  await expect(events).toContainText('Corrected and sent again as a replacement (frequency 7)');

  const status = await api<ClaimStatusReply>('GET', `AddEditClaim/getClaimStatusByID?claimID=${claimID}`);
  expect(status).toMatchObject({ frequencyCode: '7', originalClaimNumber: 'PCN-E2E-7788', claimStatus: 'Submitted' });
  const dna = await api<ClaimDNAReply>('GET', `Claims/getClaimDNAData?claimID=${claimID}`);
  const resent = dna.events.filter((event) => event.action === 'submitted').at(-1);
  const newest = { submissionBatchID: Number(resent?.detail?.submissionBatchID) };
  const detail = await api<SubmissionBatchDetail>(
    'GET',
    `Batches/getSubmissionBatchStatusDetailByID?submissionBatchID=${newest.submissionBatchID}`,
  );
  expect(detail.content).toMatch(new RegExp(`CLM\\*${claimID}\\*[0-9.]+\\*\\*\\*\\d+:[AB]:7\\*`));
  expect(detail.content).toContain('REF*F8*PCN-E2E-7788~');
});
