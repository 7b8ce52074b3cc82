import { expect, test, type Page } from '@playwright/test';
import type { ChargeLine, ClaimDetailReply } from '../contract/claimDetail.ts';
import { authorization } from './support/apiToken.ts';
import { findOwingClaim } from './support/owingClaim.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { signIn, USERS } from './support/signIn.ts';

/**
 * An ERA check of 60 claims on a 1280x800 window, by keyboard: the ERA detail's claims list shows
 * a dozen claims and more at a time, with the cursor claim's lines still in view below; P's
 * confirmation, whose warnings run long (a credit left on our claim, 59 claims none of ours),
 * shows its whole text, wrapped, and the keys still move through its choices. On a server of its
 * own: the check it uploads would change what e2e/era.spec.ts finds on the shared one.
 */
test.describe.configure({ mode: 'serial' });

const TRACE = `E2ESPACE${Date.now() % 1_000_000}`;
const OTHER_CLAIMS = 59;
/** What the desk took before the payer paid the whole claim: the check leaves this as a credit. */
const DESK_CENTS = 3830;

let server: OwnServer | null = null;
let page: Page;

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const eraClaims = () => page.getByRole('grid', { name: 'ERA claims' });
const eraLines = () => page.getByRole('grid', { name: 'ERA lines' });
const money = (cents: number) => (cents / 100).toFixed(2);
const day = (iso: string) => iso.replaceAll('-', '');

/** Our claim paid in full, then 59 claims of other practices' patients (none of ours), each paid 80%. */
function remittance(
  claimID: number,
  patient: { last: string; first: string },
  dos: string,
  charges: readonly ChargeLine[],
): string {
  const billed = charges.reduce((sum, charge) => sum + charge.charge, 0);
  const ours = [
    `CLP*${claimID}*1*${money(billed)}*${money(billed)}**12*PCN${claimID}*11*1`,
    `NM1*QC*1*${patient.last}*${patient.first}****MI*W1`,
    `DTM*232*${day(dos)}`,
    ...charges.flatMap((charge) => [
      `SVC*HC:${[charge.cptCode, ...charge.modifiers].join(':')}*${money(charge.charge)}*${money(charge.charge)}**${charge.units}`,
      `DTM*472*${day(charge.dosFrom)}`,
    ]),
  ];
  const others = Array.from({ length: OTHER_CLAIMS }, (_, index) => [
    `CLP*E2EX${index + 1}*1*100.00*80.00**12*PCNX${index + 1}*11*1`,
    `NM1*QC*1*NOBODY*PAT${index + 1}****MI*X${index + 1}`,
    'SVC*HC:99213*100.00*80.00**1',
    'DTM*472*20261101',
    'CAS*CO*45*20.00',
  ]).flat();
  const total = billed + OTHER_CLAIMS * 8000;
  const segments = [
    'ST*835*0001',
    `BPR*I*${money(total)}*C*ACH*CCP*01*111*DA*22*1512345678**01*333*DA*44*20261120`,
    `TRN*1*${TRACE}*1512345678`,
    'N1*PR*E2E PAYER*XV*60054',
    'N1*PE*E2E PRACTICE*XX*1234567893',
    'LX*1',
    ...ours,
    ...others,
  ];
  return [
    'ISA*00*          *00*          *ZZ*E2EPAYER       *ZZ*E2EPRACTICE    *261120*0900*^*00501*000000001*0*P*:',
    'GS*HP*E2EPAYER*E2EPRACTICE*20261120*0900*1*X*005010X221A1',
    ...segments,
    `SE*${segments.length + 1}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ].join('~\n');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(23, 'era-detail-space');
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);

  // A claim still owing; the desk takes $38.30 on it, then the payer pays it whole.
  const { claimID } = await findOwingClaim(page);
  const headers = await authorization(page);
  const detail = (await (
    await page.request.get(`/api/Claims/getClaimDetailData?claimID=${claimID}`, { headers })
  ).json()) as ClaimDetailReply;
  const charges = detail.charges.filter((charge) => charge.status !== 'void');
  const line = charges.find((charge) => charge.balance >= DESK_CENTS);
  if (!line) throw new Error(`Claim ${claimID} has no line owing $38.30`);
  const desk = await page.request.post('/api/AddEditClaim/savePatientPayments', {
    headers,
    data: {
      patientID: detail.header.patientID,
      method: 'cash',
      applications: [{ chargeID: line.chargeID, amount: DESK_CENTS }],
    },
  });
  expect(desk.status(), await desk.text()).toBe(200);
  const [last = '', first = ''] = detail.header.patientName.split(', ');
  const info = (await (
    await page.request.get(`/api/Claims/getClaimInfoData?claimID=${claimID}`, { headers })
  ).json()) as { claim: { groupID: number } };
  const upload = await page.request.post(
    `/api/AddEditClaim/uploadERA?groupID=${info.claim.groupID}&fileName=e2e-sixty-claims.835`,
    {
      headers: { ...headers, 'content-type': 'text/plain' },
      data: remittance(
        claimID,
        { last: last.toUpperCase(), first: (first.split(' ')[0] ?? '').toUpperCase() },
        detail.header.dosFrom,
        charges,
      ),
    },
  );
  expect(upload.status(), await upload.text()).toBe(200);
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

/** Rows of `grid` wholly inside its scrolled viewport. */
function rowsInView(grid: ReturnType<typeof eraClaims>): Promise<number> {
  return grid.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const head = element.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return [...element.querySelectorAll('tbody tr')].filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.top >= box.top + head - 1 && rect.bottom <= box.bottom + 1;
    }).length;
  });
}

test('the ERA detail of a 60-claim check shows a dozen claims and more at a time, and the cursor claim’s lines below', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/app\/era-search$/);
  const checks = page.getByRole('grid', { name: 'ERA checks' });
  await expect(checks).toBeFocused();
  await expect(checks.locator('tbody tr[aria-selected="true"]')).toContainText(TRACE);
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/era-detail\/\d+$/);
  await expect(eraClaims()).toBeFocused();
  await expect(eraClaims().locator('tbody tr')).toHaveCount(OTHER_CLAIMS + 1);
  expect(await rowsInView(eraClaims())).toBeGreaterThanOrEqual(12);
  // The lines of the cursor claim stay in view, a few rows tall at least.
  await expect(eraLines().locator('tbody tr').first()).toBeVisible();
  expect((await eraLines().boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(90);
  // Moving down the claims keeps the cursor claim in view and its lines follow.
  for (let step = 0; step < 20; step += 1) await page.keyboard.press('ArrowDown');
  const cursor = eraClaims().locator('tbody tr[aria-selected="true"]');
  await expect(cursor).toBeInViewport();
  await expect(page.getByRole('region', { name: 'ERA lines' }).getByRole('heading')).toContainText('E2EX20');
  await page.keyboard.press('Tab');
  await expect(eraLines()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(eraClaims()).toBeFocused();
  // Back up to the first claim: the cursor row stops below the list's header, not under it.
  await page.keyboard.press('Home');
  await expect(eraClaims().locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  const [header, first] = [
    await eraClaims().locator('thead').boundingBox(),
    await eraClaims().locator('tbody tr').first().boundingBox(),
  ];
  expect((first?.y ?? 0) + 1).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  await page.screenshot({ path: test.info().outputPath('era-detail-sixty-claims.png') });
});

test('P asks before posting with its whole warning readable, wrapped in the dialog, and the keys move through it', async () => {
  await page.keyboard.press('p');
  const post = palette().getByRole('option').first();
  await expect(post).toContainText(`Post check ${TRACE}`);
  await expect(post).toContainText('accepting:');
  await expect(post).toContainText(`leaves a credit of $${money(DESK_CENTS)}.`);
  await expect(post).toHaveAttribute('aria-selected', 'true');
  // Nothing of it is cut off: the text fits its row, which grows to hold it.
  const clipped = await post.evaluate((option) =>
    [option, ...option.querySelectorAll('*')].some(
      (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
    ),
  );
  expect(clipped).toBe(false);
  const list = palette().locator('.palette__list');
  const [listBox, postBox] = [await list.boundingBox(), await post.boundingBox()];
  expect(postBox?.height ?? 0).toBeGreaterThan(40);
  expect((postBox?.width ?? 0) <= (listBox?.width ?? 0) + 1).toBe(true);
  await page.screenshot({ path: test.info().outputPath('post-confirmation.png') });

  // The keys still walk the choices, and the list scrolls to the one under the cursor.
  await page.keyboard.press('ArrowDown');
  const keep = palette().getByRole('option', { name: 'Do not post' });
  await expect(keep).toHaveAttribute('aria-selected', 'true');
  await expect(keep).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect(post).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(palette()).toHaveCount(0);
  await expect(page.getByTestId('era-check-status')).toHaveText('Unposted');
});
