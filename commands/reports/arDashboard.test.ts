import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandArgs, CommandContext } from '../../src/console/types.ts';
import { AR_DASHBOARD_PATH, CLAIMS_PATH } from '../../src/routing/paths.ts';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));
const toasts = vi.hoisted(() => ({
  success: vi.fn(),
  successWithDetail: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../../src/api/client.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  ...api,
}));
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts, showToast: vi.fn() }));

const { arDashboardCommands } = await import('./arDashboard.ts');
const { dashboardParams } = await import('../../src/features/arDashboard/dashboardParams.ts');
const { resetStores } = await import('../../src/state/store.ts');
const { ARDashboard } = await import('../../contract/calls/arDashboard.ts');
const { Repository } = await import('../../contract/calls/repository.ts');
const { localToday } = await import('../../src/ui/format.ts');

const ctx: CommandContext = {
  route: AR_DASHBOARD_PATH,
  scopes: ['global', 'page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['DASHBOARD']),
  source: 'hotkey',
};

const command = (id: string) => {
  const found = arDashboardCommands.find((each) => each.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const run = async (id: string, args: CommandArgs = {}) => command(id).run(ctx, args);

beforeEach(() => {
  resetStores();
  vi.clearAllMocks();
  // The data role's groups and the payers awaited: the group's and payer's choices.
  api.callApi.mockImplementation((call: unknown) => {
    if (call === Repository.getPractices)
      return Promise.resolve({
        practices: [
          { practiceID: 1, name: 'North clinic', groupID: 4, groupName: 'North' },
          { practiceID: 2, name: 'South clinic', groupID: 5, groupName: 'South' },
        ],
      });
    if (call === ARDashboard.getExpectedPaymentsByDay)
      return Promise.resolve({ payers: [{ insuranceID: 9, payerName: 'Aetna' }] });
    return Promise.reject(new Error('not asked in this test'));
  });
});

describe('the dashboard’s parameter commands', () => {
  it('apply on the dashboard only', () => {
    const elsewhere = { ...ctx, route: CLAIMS_PATH };
    for (const id of ['arDashboard.setPeriod', 'arDashboard.setGroup', 'arDashboard.setParameter']) {
      expect(command(id).when?.(ctx)).toBe(true);
      expect(command(id).disabledReason?.(elsewhere)).toBe('Open the AR dashboard first (g v).');
    }
  });

  it('set the period, AR days’ period, the group and the payer; clear puts the defaults back', async () => {
    await run('arDashboard.setPeriod', { period: 'lastMonth' });
    await run('arDashboard.setArDaysPeriod', { periodDays: '30' });
    await run('arDashboard.setExpectedHorizon', { horizonDays: '14' });
    await run('arDashboard.setGroup', { groupID: '5' });
    await run('arDashboard.setPayer', { insuranceID: '9' });
    expect(dashboardParams.params).toEqual({
      period: 'lastMonth',
      periodDays: '30',
      horizonDays: '14',
      groupID: '5',
      insuranceID: '9',
    });
    await run('arDashboard.setGroup', { groupID: 'all' });
    expect(dashboardParams.params).not.toHaveProperty('groupID');
    await run('arDashboard.clearParameters');
    expect(dashboardParams.params).toEqual({});
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('offer the data role’s groups, the one shown marked', async () => {
    await run('arDashboard.setGroup', { groupID: '4' });
    const step = command('arDashboard.setGroup').steps?.[0];
    if (step?.kind !== 'choice') throw new Error('no choice step');
    expect(await step.choices(ctx, {})).toEqual([
      { value: 'all', label: 'Every group', hint: '' },
      { value: '4', label: 'North', hint: 'shown now' },
      { value: '5', label: 'South', hint: '' },
    ]);
  });

  it('refuse a group outside the data role or a value the parameter does not take, saying why', async () => {
    await run('arDashboard.setGroup', { groupID: '77' });
    await run('arDashboard.setParameter', { parameter: 'periodDays', value: '45' });
    expect(dashboardParams.params).toEqual({});
    expect(toasts.warning).toHaveBeenNthCalledWith(1, 'Group: Not a group of your data role.');
    expect(toasts.warning).toHaveBeenNthCalledWith(2, 'AR days over: One of 90, 30, 60, 180, 365.');
  });

  it('take dates of one’s own, Enter keeping the day shown, and refuse them the wrong way round', async () => {
    await run('arDashboard.setPostingDates', { from: '2026-01-01', to: '' });
    expect(dashboardParams.params).toEqual({
      period: 'custom',
      fromPostingDate: '2026-01-01',
      toPostingDate: localToday(),
    });
    await run('arDashboard.setPostingDates', { from: '2026-03-01', to: '2026-02-01' });
    expect(toasts.warning).toHaveBeenCalledWith('The first posting date is after the last.');
    expect(dashboardParams.params.fromPostingDate).toBe('2026-01-01');
  });
});
