import { expect, test } from '@playwright/test';
import { authorization } from './support/apiToken.ts';
import { signIn, USERS } from './support/signIn.ts';

const totalOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('picks a practice by keyboard in the organisation selector: the claims list narrows to it, and stays so after a reload', async ({
  page,
}, testInfo) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/all-claims$/);
  const total = page.getByTestId('claims-total');
  await expect(total).toHaveText(/^[1-9][\d,]* claims?$/);
  const everything = totalOf(await total.textContent());
  const chip = page.getByTestId('org-selector-chip');
  await expect(chip).toHaveText('Working on All of my organisation');

  try {
    await page.keyboard.press('Alt+g');
    const dialog = page.getByTestId('org-selector');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Capital Orthopaedic');
    const first = dialog.getByTestId('org-selector-item').first();
    await expect(first).toContainText('Capital Orthopaedic Associates');
    await expect(first).toContainText('Practice');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByTestId('org-selector-picked')).toHaveText('Picked (1): Capital Orthopaedic Associates');
    await page.screenshot({ path: testInfo.outputPath('organisation-selector.png') });
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();

    await expect(chip).toHaveText('Working on Capital Orthopaedic Associates');
    // The list is drawn again within the practice: its count, once shown, is part of the whole.
    const shown = async () => {
      const text = await total.textContent();
      return /^[1-9][\d,]* claims?$/.test(text ?? '') ? totalOf(text) : Number.NaN;
    };
    await expect.poll(shown).toBeLessThan(everything);
    const narrowed = await shown();
    expect(narrowed).toBeGreaterThan(0);
    // The rows shown are the practice's own (the Practice column is the grid's fifth).
    for (const row of [0, 1, 2])
      await expect(page.getByTestId(`glide-cell-4-${row}`)).toContainText('Capital Orthopaedic Associates');
    await page.screenshot({ path: testInfo.outputPath('claims-narrowed.png') });

    // Kept on the server: a reload works on the same practice.
    await page.reload();
    await expect(chip).toHaveText('Working on Capital Orthopaedic Associates');
    await expect(total).toHaveText(/^[1-9][\d,]* claims?$/);
    expect(totalOf(await total.textContent())).toBe(narrowed);
  } finally {
    // Back to everything the data role allows, so the next test sees the whole demo.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+q');
    await expect(chip).toHaveText('Working on All of my organisation');
  }
  await expect.poll(async () => totalOf(await total.textContent())).toBe(everything);
});

test('keeps a workgroup and a favorite from the selector by keyboard: save the picks, take an entry out, delete it', async ({
  page,
}, testInfo) => {
  await signIn(page, USERS.admin);
  await expect(page.getByTestId('claims-total')).toHaveText(/^[1-9][\d,]* claims?$/);
  await page.keyboard.press('Alt+g');
  const dialog = page.getByTestId('org-selector');
  await page.keyboard.type('Capital Orthopaedic Associates');
  const items = dialog.getByTestId('org-selector-item');
  await expect(items.nth(1)).toContainText('Capital Orthopaedic Associates - Central');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Alt+S stars the facility under the cursor, on the spot.
  await page.keyboard.press('Alt+s');
  await expect(items.nth(1).getByLabel('starred')).toBeVisible();

  await page.keyboard.press('Alt+n');
  await page.keyboard.type('E2E morning run');
  await page.keyboard.press('Enter');
  const workGroup = dialog.getByTestId('org-selector-workgroup').filter({ hasText: 'E2E morning run' });
  await expect(workGroup).toContainText('1 practice, 1 facility');

  // → shows its entries; Delete takes the facility out of it.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('org-selector-viewing')).toHaveText('Workgroup “E2E morning run”: its entries');
  await expect(items).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Delete');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Capital Orthopaedic Associates');
  await page.screenshot({ path: testInfo.outputPath('workgroup-entries.png') });
  await page.keyboard.press('ArrowLeft');
  await expect(workGroup).toContainText('1 practice');

  // Delete twice deletes the workgroup.
  await page.keyboard.press('Delete');
  await expect(workGroup).toContainText('Press Delete again');
  await page.keyboard.press('Delete');
  await expect(workGroup).toHaveCount(0);

  // The facility is among the favorites; Alt+S there unstars it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(items.filter({ hasText: 'Capital Orthopaedic Associates - Central' })).toHaveCount(1);
  await page.keyboard.press('Alt+s');
  await expect(items.filter({ hasText: 'Capital Orthopaedic Associates - Central' })).toHaveCount(0);

  // Escape leaves without applying the picks.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('org-selector-chip')).toHaveText('Working on All of my organisation');
});

test("picks a facility by keyboard: the claims list narrows to that facility's own claims, not its whole practice", async ({
  page,
}, testInfo) => {
  await signIn(page, USERS.admin);
  const total = page.getByTestId('claims-total');
  await expect(total).toHaveText(/^[1-9][\d,]* claims?$/);
  const everything = totalOf(await total.textContent());
  const chip = page.getByTestId('org-selector-chip');
  const headers = await authorization(page);
  const count = async (query: string) => {
    const reply = await page.request.get(`/api/Claims/getAllClaimsSearchData?pageSize=1&${query}`, { headers });
    expect(reply.ok()).toBe(true);
    return ((await reply.json()) as { total: number }).total;
  };
  const lists = (await (await page.request.get('/api/Repository/getOrganizationSelector', { headers })).json()) as {
    facilities: { id: number; name: string }[];
    practices: { id: number; name: string }[];
  };
  const facility = lists.facilities.find((item) => item.name === 'Lakeside Family Medicine - Westlake Clinic')!;
  const practice = lists.practices.find((item) => item.name === 'Lakeside Family Medicine')!;
  // Before any pick: the facility's claims are a part of its practice's.
  const atFacility = await count(`facilityID=${facility.id}`);
  const ofPractice = await count(`practiceID=${practice.id}`);
  expect(atFacility).toBeGreaterThan(0);
  expect(atFacility).toBeLessThan(ofPractice);

  try {
    await page.keyboard.press('Alt+g');
    const dialog = page.getByTestId('org-selector');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Westlake Clinic');
    const first = dialog.getByTestId('org-selector-item').first();
    await expect(first).toContainText('Lakeside Family Medicine - Westlake Clinic');
    await expect(first).toContainText('Facility');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();
    await expect(chip).toHaveText('Working on Lakeside Family Medicine - Westlake Clinic');

    // The list holds the facility's own claims: as many as the facility filter found before.
    await expect.poll(async () => totalOf(await total.textContent())).toBe(atFacility);
    await page.screenshot({ path: testInfo.outputPath('claims-of-a-facility.png') });
    // A claim of the list, opened by keyboard, is seen at that facility.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.claims-grid') !== null)).toBe(true);
    await page.keyboard.press('ArrowDown');
    const claimId = (await page.getByTestId('glide-cell-0-1').textContent()) ?? '';
    expect(claimId).toMatch(/^\d+$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimId}$`));
    await expect(page.locator('.claim-facts__list')).toContainText(
      'FacilityLakeside Family Medicine - Westlake Clinic',
    );
  } finally {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+q');
    await expect(chip).toHaveText('Working on All of my organisation');
  }
  await page.goto('/app/all-claims');
  await expect.poll(async () => totalOf(await total.textContent())).toBe(everything);
});
