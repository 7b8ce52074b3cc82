import { expect, type Page } from '@playwright/test';
import { authorization } from './apiToken.ts';

/**
 * Saves the default column layout of the all-claims grid for the signed-in user. The layout is
 * kept on the server per user, so a spec that reads cells by column starts from the default
 * whatever an earlier spec (or an earlier try of this one) left behind.
 */
export async function resetClaimsLayout(page: Page): Promise<void> {
  const reply = await page.request.post('/api/Repository/addUpdateGridLayout', {
    headers: await authorization(page),
    data: { gridTypeID: 'allClaims', gridJason: JSON.stringify({ columns: [], frozen: 0 }) },
  });
  expect(reply.status()).toBe(200);
}
