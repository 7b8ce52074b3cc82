import { expect, type Page } from '@playwright/test';

/**
 * The command palette's parts and its step-by-step answers. Takes the page as a getter because
 * the serial specs open their page in beforeAll, after these are made.
 */
export function paletteOf(page: () => Page) {
  const palette = () => page().getByRole('dialog', { name: 'Command palette' });
  const steps = () => palette().getByRole('navigation', { name: 'Steps' });
  const selected = () => palette().locator('[role="option"][aria-selected="true"]');

  /** Answers a text or amount step: waits for it to be the one asked, types, Enter. */
  async function answer(stepTitle: string, typed: string): Promise<void> {
    await expect(steps()).toContainText(stepTitle);
    if (typed !== '') await page().keyboard.type(typed);
    await page().keyboard.press('Enter');
  }

  /** Opens the palette, types, waits for `choice` under the cursor and runs it. */
  async function run(typed: string, choice: string): Promise<void> {
    await page().keyboard.press('Control+K');
    await page().keyboard.type(typed);
    await expect(selected()).toContainText(choice);
    await page().keyboard.press('Enter');
  }

  /**
   * Answers a patient step: searches by the last name, then picks the patient by full name. The
   * list shows names as people write them ("Price, Benjamin"); the claims list in capitals.
   */
  async function pickPatient(patientName: string): Promise<void> {
    await answer('Patient', patientName.split(',')[0] ?? patientName);
    await expect(steps()).toContainText('Which patient');
    await page().keyboard.type(patientName);
    await expect(selected()).toContainText(new RegExp(patientName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    await page().keyboard.press('Enter');
  }

  return { palette, steps, selected, answer, run, pickPatient };
}

export type PaletteSteps = ReturnType<typeof paletteOf>;
