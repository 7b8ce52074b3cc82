import type { Page } from '@playwright/test';
import { totpCode } from '../server/auth/totp.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../server/seed/demo-user.ts';

/** Signs in by the login screen, as a biller would; lands on the claims list. */
export async function signInByScreen(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/tfa-verification/);
  await page.getByLabel('Code from your authenticator app').fill(totpCode(DEMO_TOTP_SECRET, Date.now()));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/all-claims$/);
}
