import type { Page } from '@playwright/test';
import { authorization } from './apiToken.ts';

export interface OwingClaim {
  claimID: number;
  patientName: string;
  balance: number;
}

/**
 * The newest demo claim that still owes $50.00 or more, read off the claims list through the API,
 * for a spec that posts money to it and checks the balance falls.
 */
export async function findOwingClaim(page: Page): Promise<OwingClaim> {
  const headers = await authorization(page);
  const listed = await page.request.get(
    '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc',
    { headers },
  );
  const claims = ((await listed.json()) as { rows: OwingClaim[] }).rows;
  const owing = claims.find((claim) => claim.balance >= 5_000);
  if (!owing) throw new Error('No demo claim owes $50.00 or more');
  return owing;
}
