import type { Page } from '@playwright/test';

/** The signed-in user's token as the app keeps it, for setting or reading a scene through the API. */
export async function authorization(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const found = /"token":"([^"]+)"/.exec(localStorage.getItem(key) ?? '');
      if (found) return found[1];
    }
    return null;
  });
  if (!token) throw new Error('No session token in local storage');
  return { Authorization: `Bearer ${token}` };
}
