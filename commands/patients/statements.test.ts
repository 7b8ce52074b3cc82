import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';
import { resetStores } from '../../src/state/store.ts';
import { daysProblem, minimumProblem, patientStatementCommands } from './statements.ts';

const downloadFile = vi.hoisted(() => vi.fn());
const startStatementRun = vi.hoisted(() => vi.fn());
const fetchStatementRunFile = vi.hoisted(() => vi.fn());
const getPatientStatement = vi.hoisted(() => vi.fn());
const updatePatientCollections = vi.hoisted(() => vi.fn());
const recordsChanged = vi.hoisted(() => vi.fn());
const targetOf = vi.hoisted(() => vi.fn());
const success = vi.hoisted(() => vi.fn());
const followRun = vi.hoisted(() => vi.fn());
const runOf = vi.hoisted(() => vi.fn());
const info = vi.hoisted(() => vi.fn());
vi.mock('../../src/export/exportFile.ts', () => ({ downloadFile }));
vi.mock('../../src/api/patientStatements.ts', () => ({
  startStatementRun,
  fetchStatementRunFile,
  getPatientStatement,
  updatePatientCollections,
}));
vi.mock('../../src/state/recordsChanged.ts', () => ({ recordsChanged }));
vi.mock('../../src/state/target.ts', () => ({ targetOf }));
vi.mock('../../src/features/bulk/index.ts', () => ({ followRun, runOf, whenRunEnds: vi.fn(), outcomeText: vi.fn() }));
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: { info, success } }));

const [runStatements, openRunFile, sendToCollections, returnFromCollections] = patientStatementCommands;
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

describe('"Send to collections" and "Return from collections"', () => {
  it('apply to the patient open on the screen and say what statement runs will do', async () => {
    targetOf.mockReturnValue(null);
    expect(sendToCollections?.when?.(context)).toBe(false);
    expect(sendToCollections?.disabledReason?.(context)).toMatch(/Open a patient/);

    targetOf.mockReturnValue({ id: 42 });
    expect(sendToCollections?.when?.(context)).toBe(true);
    updatePatientCollections.mockResolvedValue({
      message: 'Patient sent to collections: statement runs skip them.',
      patientID: 42,
      inCollections: true,
    });
    await sendToCollections?.run(context, {});
    expect(updatePatientCollections).toHaveBeenCalledWith(
      { patientID: 42, inCollections: true },
      { source: 'palette' },
    );
    expect(recordsChanged).toHaveBeenCalledWith('patientCoverages', [42]);
    expect(success).toHaveBeenCalledWith(expect.stringMatching(/skip/));

    updatePatientCollections.mockResolvedValue({ message: 'Returned.', patientID: 42, inCollections: false });
    await returnFromCollections?.run(context, {});
    expect(updatePatientCollections).toHaveBeenLastCalledWith(
      { patientID: 42, inCollections: false },
      { source: 'palette' },
    );
  });
});
