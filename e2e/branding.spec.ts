import { expect, test } from '@playwright/test';
import { DEFAULT_WHITE_LABEL } from '../contract/whiteLabel.ts';

test('the demo sub-domain shows its own branding on the login', async ({ page, baseURL }) => {
  const branded = new URL(baseURL ?? 'http://localhost:8181');
  branded.hostname = 'demo.localhost';
  branded.pathname = '/login';
  await page.goto(branded.toString());
  await expect(page.getByRole('heading', { name: 'Lakeside Medical Billing' })).toBeVisible();
  await expect(page).toHaveTitle('Lakeside Medical Billing');
});

test('plain localhost has no white label and shows the default branding', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: DEFAULT_WHITE_LABEL.title })).toBeVisible();
  await expect(page).toHaveTitle(DEFAULT_WHITE_LABEL.title);
});
