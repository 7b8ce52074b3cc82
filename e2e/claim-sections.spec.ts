import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

/**
 * Claim work that lived only in the palette, now on screens, by keyboard only: denial management
 * (g d, arrows, the denied charges below, Enter opens the claim), then on that claim its Documents
 * section (attach, tag, e-attach, delete with a confirm step) and its Medical case section (a new
 * case linked at once).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
let claimID = '';

const palette = () => page.getByRole('dialog', { name: 'Command palette' });

/** The palette open at a step with its field ready for typing. */
async function paletteAsks(): Promise<void> {
  await expect(palette()).toBeVisible();
  await expect(palette().locator('input, textarea').first()).toBeFocused();
}
const documents = () => page.getByRole('grid', { name: 'Documents' });
const documentRow = (name: string) => documents().locator('tbody tr', { hasText: name });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Listening from the start has the browser hand its file picker to the test; a listener added
  // just before the key may come after the picker has already been dismissed.
  page.on(
    'filechooser',
    (chooser) =>
      void chooser.setFiles({
        name: 'appeal-letter.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% appeal\n'),
      }),
  );
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
});

test.afterAll(async () => {
  await page.close();
});

test('denial management lists denied claims with reasons and amounts; the cursor claim’s denied charges show below; Enter opens it', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/app\/denial-management$/);
  const claims = page.getByRole('grid', { name: 'Denied claims' });
  await expect(claims).toBeFocused();
  await expect(page.getByTestId('denial-totals')).toHaveText(/^\d+ denied claims? · \$[\d,]+\.\d\d denied$/);

  await page.keyboard.press('ArrowDown');
  const second = claims.locator('tbody tr').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  claimID = ((await second.locator('td').first().textContent()) ?? '').trim();
  expect(claimID).toMatch(/^\d+$/);
  // A reason code with its CARC text, and the amount in dollars, right-aligned.
  await expect(second.locator('td').nth(4)).toHaveText(/^\d+ \S/);
  const denied = second.locator('td').nth(5);
  await expect(denied).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(denied).toHaveClass(/num/);

  const charges = page.getByRole('grid', { name: 'Denied charges' });
  await expect(page.getByRole('region', { name: 'Denied charges' }).getByRole('heading')).toContainText(
    `Denied charges of claim ${claimID}`,
  );
  await expect(charges.locator('tbody tr').first()).toContainText(/(Line \d+|Whole claim)/);
  await expect(charges.locator('tbody tr').first()).toContainText(/[A-Z]{2}-\w+/);

  const totals = page.getByTestId('denial-totals');
  const deniedCount = (text: string | null) => Number((text ?? '').split(' ')[0]);
  const allDenied = deniedCount(await totals.textContent());
  // Shift+Tab back to the reason filter; the first reason narrows the list to claims denied for it.
  const reason = page.getByRole('combobox', { name: 'Reason' });
  for (
    let press = 0;
    press < 8 && !(await reason.evaluate((element) => element === document.activeElement));
    press += 1
  )
    await page.keyboard.press('Shift+Tab');
  await expect(reason).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const code = ((await reason.inputValue()) || '').trim();
  expect(code).toMatch(/^\w+$/);
  const deniedFor = (text: string) => text.split('; ').some((part) => part === code || part.startsWith(`${code} `));
  await expect
    .poll(async () => {
      const reasons = await claims.locator('tbody tr td:nth-child(5)').allTextContents();
      return reasons.length > 0 && deniedCount(await totals.textContent()) < allDenied && reasons.every(deniedFor);
    })
    .toBe(true);
  await page.keyboard.press('ArrowUp');
  await expect(reason).toHaveValue('');
  await page.keyboard.press('Enter');
  await expect(claims).toBeFocused();

  // The same filters from the palette: the first payer, any reason, any dates.
  await page.keyboard.press('Control+K');
  await paletteAsks();
  await page.keyboard.type('Filter denials');
  await page.keyboard.press('Enter');
  await paletteAsks();
  const firstPayer = palette().getByRole('option').nth(1);
  const payerName = ((await firstPayer.locator('.palette__title').textContent()) ?? '').trim();
  await page.keyboard.press('ArrowDown');
  await expect(firstPayer).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option', { name: 'All reasons' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await paletteAsks();
  await page.keyboard.press('Enter');
  await paletteAsks();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const payers = await claims.locator('tbody tr td:nth-child(3)').allTextContents();
      return (
        payers.length > 0 &&
        deniedCount(await totals.textContent()) < allDenied &&
        payers.every((payer) => payer === payerName)
      );
    })
    .toBe(true);
  await page.keyboard.press('Control+K');
  await paletteAsks();
  await page.keyboard.type('Clear denial filters');
  await page.keyboard.press('Enter');
  await expect.poll(async () => deniedCount(await totals.textContent())).toBe(allDenied);
  await expect(claims).toBeFocused();
  await expect(claims.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  claimID = ((await claims.locator('tbody tr').first().locator('td').first().textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claim ${claimID}`);
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();
});

test('a document attached to the claim shows in its Documents section; tags, e-attach, download and delete work from its keys', async () => {
  await page.keyboard.press('Alt+Shift+D');
  await expect(documents()).toBeFocused();

  await page.keyboard.press('a');
  await paletteAsks();
  await page.keyboard.type('EOB');
  await page.keyboard.press('Enter');
  await expect(documentRow('appeal-letter.pdf')).toBeVisible();
  await expect(documentRow('appeal-letter.pdf')).toContainText('EOB');

  // The keyboard came back to the documents when the file was attached.
  await expect(documents()).toBeFocused();
  await page.keyboard.press('t');
  await paletteAsks();
  await page.keyboard.type('appeal, urgent');
  await expect(palette().locator('input, textarea').first()).toHaveValue('appeal, urgent');
  await page.keyboard.press('Enter');
  await expect(documentRow('appeal-letter.pdf')).toContainText('appeal, urgent');

  await expect(documents()).toBeFocused();
  await page.keyboard.press('e');
  await expect(documentRow('appeal-letter.pdf')).toContainText('e-attach');

  await expect(documents()).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('appeal-letter.pdf');

  await expect(documents()).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(palette().getByRole('option', { name: /Delete appeal-letter\.pdf/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('Document Successfully deleted')).toBeVisible();
  await expect(documentRow('appeal-letter.pdf')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('No documents.');
});

test('a new medical case linked to the claim shows in its Medical case section with the claim in it', async () => {
  const section = page.getByRole('region', { name: 'Medical case' });
  await page.keyboard.press('Alt+Shift+M');
  await expect(section.locator('[data-pane-focus]')).toBeFocused();
  await page.keyboard.press('n');
  await paletteAsks();
  await page.keyboard.type('Slip and fall');
  await page.keyboard.press('Enter');
  // The case type is picked from the types the lookups offer.
  await page.keyboard.type('Accident');
  await expect(palette().locator('[role="option"][aria-selected="true"]')).toContainText('Accident');
  await page.keyboard.press('Enter');
  await page.keyboard.type('2026-01-15');
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option', { name: 'Link this claim to the new case' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');

  await expect(section).toContainText('Slip and fall');
  await expect(section).toContainText('Accident');
  await expect(section).toContainText('01/15/2026 – open');
  const inCase = page.getByRole('grid', { name: 'Claims in the medical case' });
  await expect(inCase.locator('tbody tr', { hasText: claimID })).toHaveCount(1);

  // The claim itself reloads after the link: its history names it.
  await expect(page.getByRole('grid', { name: 'History' })).toContainText('Linked to a medical case');
  await page.keyboard.press('Alt+Shift+M');
  await expect(inCase).toBeFocused();
  await page.keyboard.press('u');
  await expect(section).toContainText('Not in a medical case.');
});

test('an NDC crosswalk added from the palette is listed, deleted after the confirm step, and gone from the list', async () => {
  const step = async (answer: string, kind: 'text' | 'choice' = 'text') => {
    await paletteAsks();
    if (answer !== '') await page.keyboard.type(answer);
    // A choice list loads when its step opens: Enter picks only once a choice is under the cursor.
    if (kind === 'choice') await expect(palette().locator('[role="option"][aria-selected="true"]')).toBeVisible();
    await page.keyboard.press('Enter');
  };
  const command = async (title: string) => {
    await page.keyboard.press('Control+K');
    await step(title, 'choice');
  };

  await command('NDC crosswalk: add an NDC');
  await step('', 'choice'); // the open claim's practice comes first
  await step('J3301');
  await step('12345-6789-01');
  await step('2');
  await step('Milliliter', 'choice');
  await expect(page.getByText('J3301 now crosswalks to NDC 12345-6789-01.')).toBeVisible();

  await command('NDC crosswalks of a code');
  await step('', 'choice');
  await step('J3301');
  const listed = palette().getByRole('option', { name: /J3301 → NDC 12345-6789-01/ });
  await expect(listed).toContainText('2 ML (Milliliter)');
  // The demo practice may have other NDCs for the code: typing narrows the list to ours.
  await page.keyboard.type('12345-6789-01');
  await expect(listed).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/J3301 → NDC 12345-6789-01, 2 ML/)).toBeVisible();
  await expect(palette()).toBeHidden();

  await command('Delete an NDC crosswalk');
  await step('', 'choice');
  await step('J3301');
  await expect(palette().getByRole('option', { name: /J3301 → NDC 12345-6789-01/ })).toBeVisible();
  await page.keyboard.type('12345-6789-01');
  await expect(palette().getByRole('option', { name: /J3301 → NDC 12345-6789-01/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(palette().getByRole('option', { name: 'Delete the NDC 12345-6789-01 of J3301' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText(/no longer crosswalks to NDC .*; lines already coded keep theirs\.$/)).toBeVisible();

  await command('NDC crosswalks of a code');
  await step('', 'choice');
  await step('J3301');
  await expect(palette().getByRole('option').first()).toBeVisible();
  await expect(palette().getByRole('option', { name: /12345-6789-01/ })).toHaveCount(0);
});
