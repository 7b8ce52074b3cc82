import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

const totalOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('picks a practice by keyboard in the organisation selector: the claims list narrows to it, and stays so after a reload', async ({
  page,
}, testInfo) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const total = page.getByTestId('claims-total');
  await expect(total).toHaveText(/^[1-9][\d,]* claims?$/);
  const everything = totalOf(await total.textContent());
  const chip = page.getByTestId('org-selector-chip');
  await expect(chip).toHaveText('Working on All of my organisation');

  try {
    await page.keyboard.press('Alt+g');
    const dialog = page.getByTestId('org-selector');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Capital Orthopaedic');
    const first = dialog.getByTestId('org-selector-item').first();
    await expect(first).toContainText('Capital Orthopaedic Associates');
    await expect(first).toContainText('Practice');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByTestId('org-selector-picked')).toHaveText('Picked (1): Capital Orthopaedic Associates');
    await page.screenshot({ path: testInfo.outputPath('organisation-selector.png') });
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();

    await expect(chip).toHaveText('Working on Capital Orthopaedic Associates');
    await expect.poll(async () => totalOf(await total.textContent())).toBeLessThan(everything);
    const narrowed = totalOf(await total.textContent());
    expect(narrowed).toBeGreaterThan(0);
    // The rows shown are the practice's own (the Practice column is the grid's fifth).
    for (const row of [0, 1, 2])
      await expect(page.getByTestId(`glide-cell-4-${row}`)).toContainText('Capital Orthopaedic Associates');
    await page.screenshot({ path: testInfo.outputPath('claims-narrowed.png') });

    // Kept on the server: a reload works on the same practice.
    await page.reload();
    await expect(chip).toHaveText('Working on Capital Orthopaedic Associates');
    await expect(total).toHaveText(/^[1-9][\d,]* claims?$/);
    expect(totalOf(await total.textContent())).toBe(narrowed);
  } finally {
    // Back to everything the data role allows, so the next test sees the whole demo.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+q');
    await expect(chip).toHaveText('Working on All of my organisation');
  }
  await expect.poll(async () => totalOf(await total.textContent())).toBe(everything);
});
