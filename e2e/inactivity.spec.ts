import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

test('signs out after 30 minutes without activity', async ({ page }) => {
  // The app reads Date.now and setInterval, both of which the installed clock controls.
  await page.clock.install();
  await signIn(page, USERS.northwind);

  await page.clock.fastForward('31:00');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
});
