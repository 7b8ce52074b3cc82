import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandArgs, CommandContext } from '../../src/console/types.ts';
import { AGING_REPORT_PATH } from '../../src/routing/paths.ts';
import type { ReportDefinition } from '../../src/features/reportKit/index.ts';

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

const { reportKitCommands } = await import('./kit.ts');
const { reportParams, setOpenReport, setReportParams } = await import('../../src/features/reportKit/reportState.ts');
const { resetStores } = await import('../../src/state/store.ts');
const { SavedReports } = await import('../../contract/calls/savedReports.ts');

const definition: ReportDefinition<unknown> = {
  id: 'aging-trialBalance',
  title: 'Aged trial balance',
  path: AGING_REPORT_PATH,
  parameters: [
    { key: 'agingType', label: 'Aged by', kind: 'choice' },
    { key: 'groupIDs', label: 'Group IDs', kind: 'ids' },
    { key: 'fromBalance', label: 'Balance from $', kind: 'dollars' },
  ],
  defaults: { agingType: 'dos' },
  defaultSort: { column: 'total', order: 'desc' },
  columns: [],
  fetchPage: () => Promise.resolve({ total: 0, rows: [], totals: null }),
  rowKey: () => '',
};

const ctx: CommandContext = {
  route: AGING_REPORT_PATH,
  scopes: ['global', 'page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['REPORTS']),
  source: 'hotkey',
};

const command = (id: string) => {
  const found = reportKitCommands.find((each) => each.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const run = async (id: string, args: CommandArgs = {}) => command(id).run(ctx, args);

const stored = (id: number, name: string, params: Record<string, string> | null, problem: string | null = null) => ({
  id,
  moduleUrl: AGING_REPORT_PATH,
  name,
  params,
  problem,
  createdAt: '2026-11-27T10:00:00Z',
});

describe('the saved report commands of a kit report', () => {
  beforeEach(() => {
    resetStores();
    vi.clearAllMocks();
    setOpenReport({
      definition,
      cursor: () => null,
      toggleExpand: () => Promise.resolve(),
      focusParameters: () => undefined,
    });
  });

  it('are in the palette with shortcuts, only while a report is open', () => {
    for (const id of ['report.save', 'report.openSaved', 'report.deleteSaved']) {
      expect(command(id).shortcut, id).toMatch(/^Alt\+Shift\+[a-z]$/);
      expect(command(id).when?.(ctx), id).toBe(true);
      expect(command(id).when?.({ ...ctx, route: '/app/all-claims' }), id).toBe(false);
    }
    expect(command('report.save').title).toBe('Save report as…');
  });

  it('save the parameters on screen under the name typed, for this screen’s path', async () => {
    setReportParams(definition.id, { agingType: 'posting', groupIDs: '1,2', stray: 'x' });
    api.callApi.mockResolvedValue(stored(5, 'Posting aging', { agingType: 'posting', groupIDs: '1,2' }));
    await run('report.save', { name: '  Posting aging ' });
    expect(api.callApi).toHaveBeenCalledWith(
      SavedReports.AddSavedReport,
      { moduleUrl: AGING_REPORT_PATH, name: 'Posting aging', params: { agingType: 'posting', groupIDs: '1,2' } },
      { source: 'hotkey' },
    );
    expect(toasts.success).toHaveBeenCalledWith('Saved "Posting aging".');
    expect(command('report.save').steps?.[0]).toMatchObject({ kind: 'text' });
  });

  it('list this screen’s saved reports with their parameters, and open one by setting them', async () => {
    api.callApi.mockResolvedValue({
      reports: [stored(5, 'Posting aging', { agingType: 'posting', groupIDs: '1,2' }), stored(6, 'Old', null, 'No.')],
    });
    const step = command('report.openSaved').steps?.[0];
    if (step?.kind !== 'choice') throw new Error('The first step chooses the saved report.');
    expect(await step.choices(ctx, {})).toEqual([
      { value: '5', label: 'Posting aging', hint: 'Aged by: posting · Group IDs: 1,2' },
      { value: '6', label: 'Old', hint: 'No.' },
    ]);
    expect(api.callApi).toHaveBeenCalledWith(
      SavedReports.GetSavedReports,
      { moduleUrl: AGING_REPORT_PATH },
      { background: true },
    );

    setReportParams(definition.id, { agingType: 'dos', fromBalance: '500' });
    await run('report.openSaved', { id: '5' });
    expect(reportParams(definition)).toEqual({ agingType: 'posting', groupIDs: '1,2' });

    await run('report.openSaved', { id: '6' });
    expect(toasts.warning).toHaveBeenCalledWith('"Old" cannot be opened.', 'No.');
    expect(reportParams(definition)).toEqual({ agingType: 'posting', groupIDs: '1,2' });
  });

  it('delete a saved report only once the biller confirms', async () => {
    const confirm = command('report.deleteSaved').steps?.[1];
    if (confirm?.kind !== 'choice') throw new Error('The second step asks to confirm.');
    // The first choice, taken by Enter alone, keeps it.
    expect((await confirm.choices(ctx, {}))[0]?.value).toBe('keep');

    await run('report.deleteSaved', { id: '5', confirm: 'keep' });
    expect(api.callApi).not.toHaveBeenCalled();

    api.callApi.mockResolvedValue({ message: 'The saved search was deleted.' });
    await run('report.deleteSaved', { id: '5', confirm: 'delete' });
    expect(api.callApi).toHaveBeenCalledWith(SavedReports.DeleteSavedReport, { id: 5 }, { source: 'hotkey' });
    expect(toasts.success).toHaveBeenCalledWith('The saved report was deleted.');
  });
});
