import { expect, test, type Page } from '@playwright/test';
import type { MonthlySummaryReply } from '../contract/monthEnd.ts';
import { monthName } from '../contract/months.ts';
import { adminOnOwnServer } from './support/adminOnOwnServer.ts';
import { authorization } from './support/apiToken.ts';
import type { OwnServer } from './support/ownServer.ts';
import { paletteOf } from './support/palette.ts';

/**
 * Month-end by keyboard: g m opens the monthly summary, whose figures are the server's and add up
 * (start AR + charges - payments - adjustments + refunds = end AR, a month's end AR the next
 * month's start); L on last month's row locks it for every practice after a confirm step that says
 * what it locks; the row then reads Locked; a patient payment dated in that month is refused with
 * a message naming the month, and nothing is posted. On a server of its own: the lock closes months.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
let page: Page;

const { palette, steps, selected, answer, run } = paletteOf(() => page);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** Last month, on the server's calendar, as the screen names it and as the API keys it. */
function lastMonth(): { label: string; start: string; day: string } {
  const now = new Date();
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  return { label: monthName(start), start, day: `${start.slice(0, 8)}15` };
}

const summaryGrid = () => page.getByRole('grid', { name: 'Monthly summary' });
const cursorRow = () => summaryGrid().locator('tr[aria-selected="true"]');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ server, page } = await adminOnOwnServer(browser, 1, 'month-end'));
});

test.afterAll(async () => {
  await page.close();
  server?.stop();
});

test('g m opens the monthly summary: the server’s figures, adding up month to month', async () => {
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page).toHaveURL(/\/app\/monthly-summary$/);
  await expect(summaryGrid()).toBeFocused();
  await expect(page.getByTestId('month-end-state')).toHaveText(/No month locked yet/);

  const headers = await authorization(page);
  const { start } = lastMonth();
  const { practices } = (await (await page.request.get('/api/Repository/getPractices', { headers })).json()) as {
    practices: { groupID: number }[];
  };
  const reply = (await (
    await page.request.get(
      `/api/Reports/getmonthlySummaryDevelopmemt?groupID=${practices[0]?.groupID}&fromDate=${start}&toDate=${start.slice(0, 8)}28`,
      { headers },
    )
  ).json()) as MonthlySummaryReply;
  const group = reply.rows.find((row) => row.level === 'group');
  expect(group).toBeDefined();
  if (!group) return;
  expect(
    group.startArCents + group.chargesCents - group.paymentsCents - group.adjustmentsCents + group.refundsCents,
  ).toBe(group.endArCents);
  // The newest month is first; last month's group row is the first row after this month's.
  const { label } = lastMonth();
  const lastMonthRow = summaryGrid().locator('tr', { hasText: label });
  await expect(lastMonthRow).toContainText(dollars(group.startArCents));
  await expect(lastMonthRow).toContainText(dollars(group.paymentsCents));
  await expect(lastMonthRow).toContainText(dollars(group.endArCents));
  await expect(lastMonthRow).toContainText('Open');
  // This month starts where last month ended.
  const thisMonthRow = summaryGrid().locator('tbody tr').first();
  await expect(thisMonthRow.locator('td').nth(3)).toHaveText(dollars(group.endArCents));
  await page.screenshot({ path: '/tmp/e2e-monthend-shots/summary.png' });
});

test('L on last month asks, says what it locks, and locks it for every practice', async () => {
  const { label } = lastMonth();
  for (let step = 0; step < 40 && !(await cursorRow().textContent())?.includes(label); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(cursorRow()).toContainText(label);
  await page.keyboard.press('l');
  await answer('Month to lock', '');
  await expect(steps()).toContainText('Practice');
  await page.keyboard.type('Every practice');
  await expect(selected()).toContainText('Every practice of');
  await page.keyboard.press('Enter');
  await expect(steps()).toContainText('Confirm');
  await expect(selected()).toContainText(`Lock ${label} for`);
  await expect(selected()).toContainText('Nothing can be posted with a date in a locked month afterwards.');
  await page.screenshot({ path: '/tmp/e2e-monthend-shots/lock-confirm.png' });
  await page.keyboard.press('Enter');
  await expect(palette()).toBeHidden();
  await expect(page.getByText(`${label} locked.`)).toBeVisible();
  await expect(
    page.getByText(/nothing can be posted with a date in it now; post corrections in an open month/),
  ).toBeVisible();
  await expect(summaryGrid().locator('tr', { hasText: label })).toContainText('Locked');
  await expect(page.getByTestId('month-end-state')).toHaveText(new RegExp(`Locked through ${label}`));
  await page.screenshot({ path: '/tmp/e2e-monthend-shots/locked.png' });
});

test('a patient payment dated in the locked month is refused with the month named, and nothing is posted', async () => {
  const { label, day } = lastMonth();
  // A claim of the group locked (the summary's group): the newest that owes $50.00 or more.
  const headers = await authorization(page);
  const { practices } = (await (await page.request.get('/api/Repository/getPractices', { headers })).json()) as {
    practices: { groupID: number; name: string }[];
  };
  const locked = new Set(practices.filter((each) => each.groupID === practices[0]?.groupID).map((each) => each.name));
  const listed = (await (
    await page.request.get(
      '/api/Claims/getAllClaimsSearchData?pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc',
      { headers },
    )
  ).json()) as { rows: { claimID: number; balance: number; practiceName: string }[] };
  const owing = listed.rows.find((claim) => claim.balance >= 5_000 && locked.has(claim.practiceName));
  if (!owing) throw new Error('No claim of the locked group owes $50.00');
  const { claimID, balance } = owing;
  await run(String(claimID), String(claimID));
  await expect(page).toHaveURL(new RegExp(`/app/claim-detail/${claimID}$`));
  await expect(page.getByRole('grid', { name: 'Charges' })).toBeFocused();
  await page.keyboard.press('Alt+Shift+P');
  await answer('Amount paid', '10.00');
  await expect(steps()).toContainText('Method');
  await page.keyboard.press('Enter');
  await answer('Reference', '');
  // Refused under the field as it is typed, before anything is posted; Enter keeps the step asked.
  await expect(steps()).toContainText('Posting date');
  await page.keyboard.type(day);
  await expect(palette().getByRole('alert')).toHaveText(
    `${label} is closed (month-end lock); post with a date in an open month.`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${label} is closed (month-end lock); post with a date in an open month.`)).toBeVisible();
  await expect(steps()).toContainText('Posting date');
  await page.screenshot({ path: '/tmp/e2e-monthend-shots/refused.png' });
  const detail = (await (
    await page.request.get(`/api/Claims/getClaimDetailData?claimID=${claimID}`, { headers })
  ).json()) as { header: { balance: number } };
  expect(detail.header.balance).toBe(balance);
});
