import { expect, type Page } from '@playwright/test';
import type { PatientCoveragesReply } from '../../contract/claimForm.ts';
import type { ClaimTableReply } from '../../contract/claims.ts';
import { authorization } from './apiToken.ts';

/** MM/DD/YYYY of the day `days` before today. */
export const daysAgo = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000);
  return `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
};

/**
 * Moving about the claim form with the keyboard only. Takes the page as a getter because the
 * serial specs open their page in beforeAll, after these are made.
 */
export function claimFormKeys(page: () => Page) {
  /** Presses Tab `times` times. */
  async function tab(times: number): Promise<void> {
    for (let step = 0; step < times; step += 1) await page().keyboard.press('Tab');
  }

  /** Moves the cursor to a field with the keyboard: Tab until it is the focused one. */
  async function tabTo(label: string | RegExp, most = 60): Promise<void> {
    const field = page().getByLabel(label, { exact: typeof label === 'string' });
    for (let step = 0; step < most; step += 1) {
      if (await field.evaluate((element) => element === document.activeElement)) return;
      await page().keyboard.press('Tab');
    }
    await expect(field).toBeFocused();
  }

  /** Adds a diagnosis from the form's "Add diagnosis" search: tabs to it, types the code, takes the first match. */
  async function addDiagnosis(code: string): Promise<void> {
    await tabTo('Add diagnosis');
    await page().keyboard.type(code);
    await expect(
      page().getByRole('listbox', { name: 'Add diagnosis matches' }).getByRole('option').first(),
    ).toContainText(code);
    await page().keyboard.press('Enter');
  }

  return { tab, tabTo, addDiagnosis };
}

/** The account number of a patient of a recent claim who has a primary coverage in force. */
export async function accountWithPrimaryCoverage(page: Page): Promise<string> {
  const headers = await authorization(page);
  const api = async <T>(path: string) => {
    const reply = await page.request.get(`/api/${path}`, { headers });
    expect(reply.status(), await reply.text()).toBe(200);
    return (await reply.json()) as T;
  };
  const newest = await api<ClaimTableReply>('Claims/getAllClaimsSearchTableData?pageSize=50');
  for (const row of newest.rows) {
    const claim = await api<{ claim: { patientID: number; accountNumber: string } }>(
      `Claims/getClaimInfoData?claimID=${row[0]}`,
    );
    const coverages = await api<PatientCoveragesReply>(
      `Repository/getPatientInsurance?patientID=${claim.claim.patientID}`,
    );
    if (coverages.coverages.some((coverage) => coverage.priority === 1 && coverage.effectiveTo === null)) {
      return claim.claim.accountNumber;
    }
  }
  throw new Error('No recent claim has a patient with a primary coverage in force.');
}

/** Opens a new claim (Alt+N) and picks the patient by account number from the patient search. */
export async function newClaimFor(page: Page, account: string): Promise<void> {
  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/app\/create-claim$/);
  await expect(page.getByTestId('patient-search')).toBeFocused();
  await page.keyboard.type(account);
  await expect(page.getByRole('listbox', { name: 'Patient matches' }).getByRole('option').first()).toContainText(
    account,
  );
  await page.keyboard.press('Enter');
}
