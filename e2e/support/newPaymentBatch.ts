import { expect } from '@playwright/test';
import type { PaletteSteps } from './palette.ts';

export interface NewPaymentBatch {
  batchNumber: string;
  /** Empty leaves the step's answer blank. */
  checkNumber: string;
  /** Empty takes today. */
  depositDate: string;
  total: string;
}

/**
 * Runs "New payment batch…" from the palette for the first practice and insurance payments,
 * answering each step; what comes of it (created or refused) is for the spec to check.
 */
export async function newPaymentBatch(
  { palette, steps, selected, answer, run }: PaletteSteps,
  batch: NewPaymentBatch,
): Promise<void> {
  const page = palette().page();
  await run('new payment batch', 'New payment batch…');
  await expect(steps()).toContainText('Practice the deposit is for');
  await expect(selected()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Payments from');
  await expect(selected()).toContainText('Insurance');
  await page.keyboard.press('Enter');
  await answer('Batch number', batch.batchNumber);
  await answer('Check or deposit slip number', batch.checkNumber);
  await answer('Deposit date', batch.depositDate);
  await answer('Deposit total', batch.total);
}
