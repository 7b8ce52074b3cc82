import { expect, test, type Page } from '@playwright/test';
import { BATCH_CREATED, BATCH_UPDATED } from '../contract/batches.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * Charge and document batches by keyboard only: on the charge batch list N opens a batch (its
 * expected total listed), E changes its description and then closes it, the cursor batch each
 * time, and E on its detail screen changes its expected total; on the document batch list N opens
 * one of a type. On a server of its own (port offset
 * 17): the batches it opens stay out of the other specs' way.
 */
test.describe.configure({ mode: 'serial' });

const CHARGE_BATCH = 'E2E-CB-0001';
const DOCUMENT_BATCH = 'E2E-DB-0001';

let server: OwnServer | null = null;
let page: Page;

const { palette, steps, selected, answer, run } = paletteOf(() => page);
const chargeBatches = () => page.getByRole('grid', { name: 'Charge batches' });
const chargeRow = () => chargeBatches().locator('tbody tr', { hasText: CHARGE_BATCH });
const documentBatches = () => page.getByRole('grid', { name: 'Document batches' });

/** Answers the choice step titled `stepTitle` by typing until `choice` is under the cursor. */
async function choose(stepTitle: string, typed: string, choice: string): Promise<void> {
  await expect(steps()).toContainText(stepTitle);
  await page.keyboard.type(typed);
  await expect(selected()).toContainText(choice);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 15, 'charge-document-batches'));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('N on the charge batch list opens a batch: listed with its expected total, the cursor on it', async () => {
  await run('go to charge batches', 'Go to charge batches');
  await expect(page).toHaveURL(/\/app\/charge-batches$/);
  await expect(page.locator('.key-hints')).toContainText('N new batch E edit / close');
  await expect(chargeBatches()).toBeFocused();
  await page.keyboard.press('n');
  await expect(steps()).toContainText('Practice the batch is for');
  await expect(selected()).toBeVisible();
  await page.keyboard.press('Enter');
  await answer('Batch number', CHARGE_BATCH);
  await answer('Expected total', '1250.00');
  await answer('Description', 'Monday superbills');
  await expect(page.getByText(BATCH_CREATED)).toBeVisible();
  await expect(palette()).toHaveCount(0);
  // Description, then expected, entered and to enter, right-aligned dollars.
  await expect(chargeRow()).toContainText('Monday superbills$1,250.00$0.00$1,250.00');
  await expect(chargeBatches()).toBeFocused();
  await expect(chargeRow()).toHaveAttribute('aria-selected', 'true');
});

test('E edits the cursor batch without asking which: its description, then it is closed', async () => {
  await page.keyboard.press('e');
  await choose('What to change', 'description', 'Description');
  await answer('New value', 'Tuesday superbills');
  await expect(page.getByText(BATCH_UPDATED)).toBeVisible();
  await expect(chargeRow()).toContainText('Tuesday superbills$1,250.00');
  await expect(chargeBatches()).toBeFocused();

  await page.keyboard.press('e');
  await choose('What to change', 'close', 'Close batch');
  await answer('New value', '');
  await expect(chargeRow()).toContainText('Closed');
  // Closed, the batch offers to be reopened instead.
  await expect(chargeBatches()).toBeFocused();
  await page.keyboard.press('e');
  await expect(steps()).toContainText('What to change');
  await expect(palette().getByRole('option', { name: /Reopen batch/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(palette()).toHaveCount(0);
});

test('E on the charge batch detail edits the batch shown: its expected total', async () => {
  await expect(chargeRow()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/charge-batch\/\d+$/);
  await expect(page.getByRole('heading', { name: `Charge batch ${CHARGE_BATCH}` })).toBeVisible();
  await expect(page.locator('.key-hints')).toContainText('E edit / close');
  await page.keyboard.press('e');
  await choose('What to change', 'expected', 'Expected total');
  await answer('New value', '1300.00');
  await expect(page.getByTestId('charge-batch-header')).toContainText('Expected$1,300.00');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/charge-batches$/);
  await expect(chargeRow()).toContainText('$1,300.00');
});

test('N on the document batch list opens a batch of the type picked', async () => {
  await run('go to document batches', 'Go to document batches');
  await expect(page).toHaveURL(/\/app\/document-batches$/);
  await expect(documentBatches()).toBeFocused();
  await page.keyboard.press('n');
  await expect(steps()).toContainText('Practice the batch is for');
  await expect(selected()).toBeVisible();
  await page.keyboard.press('Enter');
  await answer('Batch number', DOCUMENT_BATCH);
  await choose('What the stack holds', 'correspondence', 'Correspondence');
  await answer('Description', 'Insurer letters');
  // The charge batch's toast may still be up: this one is told by its detail line.
  await expect(page.locator('.toast__body', { hasText: `Batch ${DOCUMENT_BATCH} · Correspondence` })).toContainText(
    BATCH_CREATED,
  );
  await expect(documentBatches().locator('tbody tr', { hasText: DOCUMENT_BATCH })).toContainText('Insurer letters');
});
