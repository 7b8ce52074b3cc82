import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { totpCode, totpStep } from '../../server/auth/totp.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../server/seed/demo-user.ts';

/** Demo users: same password and TOTP secret, so tests can spread sign-ins over them. */
export const USERS = {
  admin: 'admin@demo.test',
  biller: 'biller@demo.test',
  northwind: 'northwind@demo.test',
} as const;

/**
 * The server takes a TOTP step once per user: a second sign-in in the same 30 s step is refused.
 * The last step used per user is kept in a file under test-results/ (emptied at the start of each
 * run) so that it survives Playwright starting a new worker after a failed test.
 */
const STEP_FILE = fileURLToPath(new URL('../../test-results/.totp-last-steps.json', import.meta.url));
const STEP_MS = 30_000;

function readLastSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(STEP_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function writeLastStep(email: string, step: number): void {
  mkdirSync(dirname(STEP_FILE), { recursive: true });
  writeFileSync(STEP_FILE, JSON.stringify({ ...readLastSteps(), [email]: step }));
}

/**
 * A code from a step this user has not used yet. The server takes a code of the step before or
 * after the current one too (clock drift), so up to three sign-ins in a row go through at once;
 * only then does this wait for the next step. The step before is used only early in a step, so it
 * is still accepted when the code arrives.
 */
export async function freshTotp(email: string): Promise<string> {
  const last = readLastSteps()[email] ?? -1;
  for (;;) {
    const now = Date.now();
    const step = totpStep(now);
    const early = now - step * STEP_MS < STEP_MS / 2;
    const usable = [...(early ? [step - 1] : []), step, step + 1].find((each) => each > last);
    if (usable !== undefined) {
      writeLastStep(email, usable);
      return totpCode(DEMO_TOTP_SECRET, usable * STEP_MS + STEP_MS / 2);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - now + 250));
  }
}

const SIGNED_IN = (url: URL) => !/^\/(login|tfa-verification)$/.test(url.pathname);

/**
 * Signs in by keyboard only: e-mail, Tab, password, Enter; then the authenticator code, Enter.
 * Resolves once the app has left the sign-in screens. A code refused as already used (a server
 * kept running from an earlier run remembers steps this process never saw) is retried once with
 * the next step.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/tfa-verification$/);
  const codeField = page.getByLabel('Code from your authenticator app');
  const refused = page.locator('.form-error[data-code="NotMatch"]');
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await expect(codeField).toBeFocused();
    await page.keyboard.type(await freshTotp(email));
    await page.keyboard.press('Enter');
    const outcome = await Promise.race([
      page.waitForURL(SIGNED_IN).then(() => 'signed in' as const),
      refused.waitFor().then(() => 'refused' as const),
    ]).catch(() => 'timed out' as const);
    if (outcome === 'signed in') return;
    if (outcome === 'timed out') break;
  }
  throw new Error(`${email} could not complete the second factor.`);
}

/** The stored session, read the way the app stores it (`persist:session`). */
export async function storedSession(page: Page): Promise<{ token: string; loginAuditID: number }> {
  const stored = await page.evaluate(() => window.localStorage.getItem('persist:session'));
  const envelope = JSON.parse(stored ?? 'null') as {
    version: number;
    user: { token: string; loginAuditID: number } | null;
  } | null;
  if (!envelope?.user) throw new Error('No session is stored.');
  return envelope.user;
}
