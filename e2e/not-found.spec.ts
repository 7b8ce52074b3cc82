import { expect, test } from '@playwright/test';
import { signIn, USERS } from './support/signIn.ts';

test('an unknown path shows the 404 page with Back to Login when signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('does not exist, or an error occurred')).toBeVisible();
  const back = page.getByRole('button', { name: 'Back to Login' });
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the 404 page with Back to Home when signed in', async ({ page }) => {
  await signIn(page, USERS.biller);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Login' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/(app|setting)\//);
});
