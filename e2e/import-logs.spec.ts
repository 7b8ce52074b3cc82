import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { paletteOf } from './support/palette.ts';
import { startOwnServer, type OwnServer } from './support/ownServer.ts';
import { signIn, storedSession, USERS } from './support/signIn.ts';

/**
 * The HL7 import and the import logs by keyboard only, on a server of their own (the spec adds a
 * patient, a claim and an ERA file): an HL7 file of three messages uploaded from the palette (a
 * registration, a charge message, and a charge message naming an unknown provider), the log with
 * each message's outcome, Enter on the charge message opening its draft claim; then an 835
 * uploaded on the ERA screen and listed in the EDI import log.
 */
test.describe.configure({ mode: 'serial' });

const SAMPLE_835 = fileURLToPath(
  new URL('../server/edi/samples/835_5010_lfh_managed_care_deductible_contractual.835', import.meta.url),
);

let server: OwnServer;
let page: Page;
let fileToChoose = '';
let filesChosen = 0;
const { palette, steps, selected, run } = paletteOf(() => page);

const hl7Rows = () => page.getByRole('grid', { name: 'HL7 messages' });
const ediRows = () => page.getByRole('grid', { name: 'EDI files read' });

async function api<T>(path: string): Promise<T> {
  const { token } = await storedSession(page);
  const reply = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

/** Today as HL7 writes a date (YYYYMMDD). */
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** Three messages as the practice's EHR would export them, segments ended by CR. */
function hl7File(npi: string): string {
  const day = today();
  const header = (type: string, id: string) =>
    `MSH|^~\\&|EPIC|WESTLAKE|BILLING|LAKESIDE|${day}0900||${type}|${id}|P|2.5`;
  const pid =
    'PID|1||E2E-MRN-1^^^WESTLAKE^MR||HOLLOWAY^GRACE^ANN||19680704|F|||77 Lake Shore Dr^^Austin^TX^78746||^PRN^PH^^1^512^5550177';
  const charge = (set: number, code: string, units: number, amount: string, provider: string) =>
    `FT1|${set}|||${day}|${day}|CG|${code}^^CPT|||${units}|${amount}||||||||E11.9^Type 2 diabetes^I10|${provider}^ROSS^ANA|||||${code}^^C4`;
  return [
    [header('ADT^A04^ADT_A01', 'E2E-A04-1'), `EVN|A04|${day}0900`, pid, 'PV1|1|O'],
    [
      header('DFT^P03^DFT_P03', 'E2E-DFT-1'),
      `EVN|P03|${day}0900`,
      pid,
      `PV1|1|O|||||${npi}^ROSS^ANA`,
      charge(1, '99213', 1, '125.00', npi),
      charge(2, 'J1100', 2, '24.00', npi),
      'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10',
    ],
    [
      header('DFT^P03^DFT_P03', 'E2E-DFT-2'),
      pid,
      'PV1|1|O',
      charge(1, '99213', 1, '125.00', '1999999992'),
      'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10',
    ],
  ]
    .map((segments) => segments.join('\r'))
    .join('\r');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer(1, 'import-logs');
  page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  page.on('filechooser', (chooser) => {
    filesChosen += 1;
    void chooser.setFiles(fileToChoose);
  });
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const { practices } = await api<{ practices: { practiceID: number; name: string; groupID: number }[] }>(
    'Repository/getPractices',
  );
  const lakeside = practices.find((practice) => practice.name === 'Lakeside Family Medicine');
  expect(lakeside, 'the demo has Lakeside Family Medicine').toBeDefined();
  const { providers } = await api<{ providers: { npi: string; practiceID: number | null; groupID: number }[] }>(
    `Repository/getProviders?groupID=${lakeside!.groupID}`,
  );
  const provider = providers.find((each) => each.practiceID === lakeside!.practiceID) ?? providers[0];
  fileToChoose = test.info().outputPath('lakeside-charges.hl7');
  writeFileSync(fileToChoose, hl7File(provider!.npi));
});

test.afterAll(async () => {
  await page.close();
  server.stop();
});

test('an HL7 file uploaded from the palette: each message in the log with its outcome, the draft claim opened from it', async () => {
  await run('Upload HL7 file', 'Upload HL7 file…');
  await expect(steps()).toContainText('Practice the messages are for');
  await page.keyboard.type('Lakeside Family Medicine');
  await expect(selected()).toContainText('Lakeside Family Medicine');
  const before = filesChosen;
  await page.keyboard.press('Enter');
  await expect.poll(() => filesChosen).toBe(before + 1);

  await expect(page.getByText('lakeside-charges.hl7: 3 messages read, 2 accepted, 1 error, 0 rejected.')).toBeVisible();
  await expect(
    page.getByText(/3\. DFT\^P03 E2E-DFT-2: AE No active provider of the group has NPI 1999999992\./),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/hl7-import-log$/);
  await expect(page.getByRole('heading', { name: 'HL7 import log' })).toBeVisible();
  await expect(page.getByTestId('hl7-log-counts')).toContainText('Accepted2');
  await expect(page.getByTestId('hl7-log-counts')).toContainText('Errors1');
  await expect(hl7Rows()).toBeFocused();
  const rows = hl7Rows().locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('E2E-DFT-2');
  await expect(rows.nth(0)).toContainText('Error (AE)');
  await expect(rows.nth(1)).toContainText('E2E-DFT-1');
  await expect(rows.nth(1)).toContainText('Accepted (AA)');
  await expect(rows.nth(1)).toContainText('HOLLOWAY, GRACE');
  await expect(rows.nth(1)).toContainText(/draft claim \d+ created with 2 charge lines/);
  await expect(rows.nth(2)).toContainText('E2E-A04-1');
  await expect(rows.nth(2)).toContainText(/patient registered \(account /);
  await expect(page.getByTestId('hl7-message-detail')).toContainText(
    'No active provider of the group has NPI 1999999992.',
  );
  await page.screenshot({ path: test.info().outputPath('hl7-import-log.png') });

  // The palette's filter keeps the errors only.
  await page.keyboard.press('f');
  await expect(steps()).toContainText('Outcome');
  await page.keyboard.type('Errors');
  await expect(selected()).toContainText('Errors (AE)');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Message type');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Received from');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Received to');
  await page.keyboard.press('Enter');
  await expect(palette()).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Messages: Error \(AE\)/ })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await run('Clear HL7 import log filters', 'Clear HL7 import log filters');
  await expect(rows).toHaveCount(3);
  await expect(hl7Rows()).toBeFocused();

  const claimID = /draft claim (\d+)/.exec((await rows.nth(1).textContent()) ?? '')?.[1];
  expect(claimID).toBeDefined();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('hl7-message-detail')).toContainText('E2E-DFT-1');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(page.getByText('99213').first()).toBeVisible();
  await expect(page.getByText('J1100').first()).toBeVisible();
  await expect(page.getByText(/HOLLOWAY/i).first()).toBeVisible();
  await expect(page.getByText(/draft/i).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hl7-draft-claim.png') });
});

test('an 835 uploaded on the ERA screen is listed in the EDI import log, g i', async () => {
  fileToChoose = SAMPLE_835;
  await run('Upload ERA file', 'Upload ERA file…');
  await expect(steps()).toContainText('Group the payments are for');
  await expect(selected()).toBeVisible();
  const before = filesChosen;
  await page.keyboard.press('Enter');
  await expect.poll(() => filesChosen).toBe(before + 1);
  await expect(page.getByText('ERA uploaded successfully.')).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/app\/edi-import-log$/);
  await expect(page.getByRole('heading', { name: 'EDI import log' })).toBeVisible();
  await expect(ediRows()).toBeFocused();
  const first = ediRows().locator('tbody tr').first();
  await expect(first).toContainText('835 remittance');
  await expect(first).toContainText('835_5010_lfh_managed_care_deductible_contractual.835');
  await expect(first).toContainText('Read');
  await expect(first).toContainText(/1 check: 7170066655/);
  await page.screenshot({ path: test.info().outputPath('edi-import-log.png') });

  // Enter opens the ERA the read stored.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/era-detail\/\d+$/);
  await expect(page.getByText('7170066655').first()).toBeVisible();
});

test('an administrator sets up a practice’s HL7 interface from the HL7 import log, I', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/app\/hl7-import-log$/);
  const interfaces = page.getByRole('table', { name: 'HL7 interfaces' });
  const lakeside = interfaces.getByRole('row', { name: /^Lakeside Family Medicine:/ });
  // The demo's interface: messages for LAKESIDE feed Lakeside Family Medicine.
  await expect(lakeside).toContainText('LAKESIDE');
  await expect(lakeside).toContainText('Yes');
  await expect(hl7Rows()).toBeFocused();

  await page.keyboard.press('i');
  await expect(steps()).toContainText('Practice whose interface to set up');
  await page.keyboard.type('Lakeside Family Medicine');
  await expect(selected()).toContainText('Lakeside Family Medicine');
  await expect(selected()).toContainText('LAKESIDE');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Receiving facility the EHR names in MSH-6');
  await page.keyboard.type('lakeside ehr');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('User the import acts as');
  await page.keyboard.type('admin@demo.test');
  await expect(selected()).toContainText('admin@demo.test');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Takes messages?');
  await page.keyboard.type('On');
  await expect(selected()).toContainText('On');
  await page.keyboard.press('Enter');
  await expect(palette()).toBeHidden();
  await expect(page.getByText('HL7 interface saved successfully')).toBeVisible();
  await expect(lakeside).toContainText('LAKESIDE EHR');
  await expect(lakeside).toContainText('Yes');
  const { rows } = await api<{ rows: { practiceName: string; receivingFacility: string | null; active: boolean }[] }>(
    'Reports/getHL7InboundSettings',
  );
  expect(rows.find((row) => row.practiceName === 'Lakeside Family Medicine')).toMatchObject({
    receivingFacility: 'LAKESIDE EHR',
    active: true,
  });
  await page.screenshot({ path: test.info().outputPath('hl7-interfaces.png') });
});
