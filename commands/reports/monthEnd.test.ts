import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandArgs, CommandContext } from '../../src/console/types.ts';
import { MONTHLY_SUMMARY_PATH } from '../../src/routing/paths.ts';

const api = vi.hoisted(() => ({
  lockMonthEnd: vi.fn(),
  reloadMonthlySummary: vi.fn(),
  getMonthEndStatus: vi.fn(),
}));
const toasts = vi.hoisted(() => ({
  success: vi.fn(),
  successWithDetail: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../../src/features/monthEnd/monthEndApi.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  ...api,
}));
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts, showToast: vi.fn() }));

const { monthEndCommands, RELOAD_FAILED } = await import('./monthEnd.ts');
const { monthEndOnScreen, setSummaryGroup } = await import('../../src/features/monthEnd/monthEndOnScreen.ts');
const { resetStores } = await import('../../src/state/store.ts');

const ctx: CommandContext = {
  route: MONTHLY_SUMMARY_PATH,
  scopes: ['global', 'page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['REPORTS']),
  source: 'hotkey',
};

async function run(id: string, args: CommandArgs = {}): Promise<void> {
  const command = monthEndCommands.find((found) => found.id === id);
  if (!command) throw new Error(`No command ${id}`);
  await command.run(ctx, args);
}

describe('the month-end commands', () => {
  beforeEach(() => {
    resetStores();
    vi.clearAllMocks();
    setSummaryGroup(7, 'Lakeside Medical Billing');
    monthEndOnScreen.cursor = { monthStart: '2026-10-01', practiceID: 3 };
  });

  it('lock the month under the cursor for the practice chosen, and say what the server locked', async () => {
    api.lockMonthEnd.mockResolvedValue({
      message: 'October 2026 is locked for Lakeside Family Medicine.',
      locked: [],
      alreadyLocked: [],
    });
    const revision = monthEndOnScreen.revision;
    await run('monthEnd.lockMonth', { month: '', practiceID: '3', confirm: 'lock' });
    expect(api.lockMonthEnd).toHaveBeenCalledWith(
      { groupID: 7, monthStartDate: '2026-10-01', practiceID: 3 },
      { source: 'hotkey' },
    );
    expect(toasts.successWithDetail).toHaveBeenCalledWith(
      'October 2026 locked.',
      'October 2026 is locked for Lakeside Family Medicine.',
    );
    expect(monthEndOnScreen.revision).toBe(revision + 1);
  });

  it('lock every practice of the group for a typed month, and nothing when the confirm step is cancelled', async () => {
    api.lockMonthEnd.mockResolvedValue({ message: 'locked', locked: [], alreadyLocked: [] });
    await run('monthEnd.lockMonth', { month: 'September 2026', practiceID: 'all', confirm: 'lock' });
    expect(api.lockMonthEnd).toHaveBeenCalledWith({ groupID: 7, monthStartDate: '2026-09-01' }, { source: 'hotkey' });
    api.lockMonthEnd.mockClear();
    await run('monthEnd.lockMonth', { month: '', practiceID: 'all', confirm: 'cancel' });
    expect(api.lockMonthEnd).not.toHaveBeenCalled();
    expect(toasts.info).toHaveBeenCalledWith('Nothing was locked.');
  });

  it('say the reload failed in the words of the catalogue, and name locked months the ledger no longer matches', async () => {
    api.reloadMonthlySummary.mockRejectedValue(new Error('Server not available.'));
    await run('monthEnd.reload');
    expect(toasts.error).toHaveBeenCalledWith(RELOAD_FAILED);
    expect(RELOAD_FAILED).toBe('Error: error refreshing monthly summary report data.');

    api.reloadMonthlySummary.mockResolvedValue({
      message: 'Monthly summary reloaded from the ledger: 3 locked months checked, 1 no longer as the ledger says.',
      reloadedAt: '2026-11-27T17:00:00.000Z',
      lockedMonthsChecked: 3,
      differences: [
        {
          practiceID: 3,
          monthStart: '2026-01-01',
          detail: 'Lakeside Family Medicine, January 2026: start AR kept $0.00, ledger now $10.00.',
        },
      ],
    });
    await run('monthEnd.reload');
    expect(toasts.warning).toHaveBeenCalledWith(
      'Monthly summary reloaded from the ledger: 3 locked months checked, 1 no longer as the ledger says.',
      'Lakeside Family Medicine, January 2026: start AR kept $0.00, ledger now $10.00.',
    );
  });

  it('are offered on the monthly summary only, and keep the summary’s months in order', async () => {
    const lock = monthEndCommands.find((command) => command.id === 'monthEnd.lockMonth');
    expect(lock?.disabledReason?.({ ...ctx, route: '/app/all-claims' })).toBe('Open the monthly summary first (g m).');
    expect(lock?.disabledReason?.(ctx)).toBeNull();
    await run('monthEnd.chooseMonths', { fromMonth: '2026-10', toMonth: '03/2026' });
    expect([monthEndOnScreen.fromMonth, monthEndOnScreen.toMonth]).toEqual(['2026-03-01', '2026-10-01']);
  });
});
