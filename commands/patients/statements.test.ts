import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';
import { resetStores } from '../../src/state/store.ts';
import { daysProblem, minimumProblem, patientStatementCommands } from './statements.ts';

const downloadFile = vi.hoisted(() => vi.fn());
const startStatementRun = vi.hoisted(() => vi.fn());
const fetchStatementRunFile = vi.hoisted(() => vi.fn());
const getPatientStatement = vi.hoisted(() => vi.fn());
const followRun = vi.hoisted(() => vi.fn());
const runOf = vi.hoisted(() => vi.fn());
const info = vi.hoisted(() => vi.fn());
vi.mock('../../src/export/exportFile.ts', () => ({ downloadFile }));
vi.mock('../../src/api/patientStatements.ts', () => ({
  startStatementRun,
  fetchStatementRunFile,
  getPatientStatement,
}));
vi.mock('../../src/features/bulk/index.ts', () => ({ followRun, runOf, whenRunEnds: vi.fn(), outcomeText: vi.fn() }));
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: { info, success: vi.fn() } }));

const [runStatements, openRunFile] = patientStatementCommands;
const context: CommandContext = {
  route: '/app/patients',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PATIENTS']),
  source: 'palette',
};

beforeEach(() => {
  resetStores();
  for (const mock of [
    downloadFile,
    startStatementRun,
    fetchStatementRunFile,
    getPatientStatement,
    followRun,
    runOf,
    info,
  ])
    mock.mockReset();
  startStatementRun.mockResolvedValue({ jobID: 31, runID: 7 });
});

describe('"Run patient statements…"', () => {
  it('refuses an amount or a number of days it cannot read, and takes empty for the default', () => {
    expect(minimumProblem('')).toBeNull();
    expect(minimumProblem('12.50')).toBeNull();
    expect(minimumProblem('five')).toMatch(/amount in dollars/);
    expect(daysProblem('')).toBeNull();
    expect(daysProblem('45')).toBeNull();
    expect(daysProblem('-3')).toMatch(/number of days/);
  });

  it('starts the run by the typed rules and follows its progress', async () => {
    await runStatements?.run(context, { minimumBalance: '12.50', days: '45' });
    expect(startStatementRun).toHaveBeenCalledWith(
      { minimumBalance: 1250, daysSinceLastStatement: 45 },
      { source: 'palette' },
    );
    expect(followRun).toHaveBeenCalledWith(31);
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/Statement run 7 started/));
  });

  it('sends no rule left empty, so the server applies its defaults', async () => {
    await runStatements?.run(context, { minimumBalance: '', days: '' });
    expect(startStatementRun.mock.calls[0]?.[0]).toEqual({});
  });
});

describe('"Open the statement run\'s file"', () => {
  it("downloads the run's file once it has ended, and says so while it goes on", async () => {
    expect(openRunFile?.disabledReason?.(context)).toMatch(/Run patient statements first/);
    await runStatements?.run(context, {});
    runOf.mockReturnValue({ jobID: 31, status: 'running' });
    await openRunFile?.run(context, {});
    expect(fetchStatementRunFile).not.toHaveBeenCalled();
    expect(info).toHaveBeenLastCalledWith(expect.stringMatching(/still going/));

    const file = { blob: new Blob(['%PDF-']), fileName: 'patient-statements-run-7.pdf' };
    fetchStatementRunFile.mockResolvedValue(file);
    runOf.mockReturnValue({ jobID: 31, status: 'done' });
    await openRunFile?.run(context, {});
    expect(fetchStatementRunFile).toHaveBeenCalledWith(7, { source: 'palette' });
    expect(downloadFile).toHaveBeenCalledWith(file);
  });
});
