import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';
import { daysProblem, minimumProblem, patientStatementCommands } from './statements.ts';

const downloadFile = vi.hoisted(() => vi.fn());
const runPatientStatements = vi.hoisted(() => vi.fn());
const success = vi.hoisted(() => vi.fn());
vi.mock('../../src/export/exportFile.ts', () => ({ downloadFile }));
vi.mock('../../src/api/patientStatements.ts', () => ({ runPatientStatements }));
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: { success } }));

const [runStatements] = patientStatementCommands;
const context: CommandContext = {
  route: '/app/patients',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PATIENTS']),
  source: 'palette',
};

beforeEach(() => {
  downloadFile.mockReset();
  runPatientStatements.mockReset();
  success.mockReset();
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

  it('runs the statements by the typed rules and downloads the file to print', async () => {
    const file = { blob: new Blob(['%PDF-']), fileName: 'patient-statements.pdf' };
    runPatientStatements.mockResolvedValue(file);
    await runStatements?.run(context, { minimumBalance: '12.50', days: '45' });
    expect(runPatientStatements).toHaveBeenCalledWith(
      { minimumBalance: 1250, daysSinceLastStatement: 45 },
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      { source: 'palette' },
    );
    expect(downloadFile).toHaveBeenCalledWith(file);
    expect(success).toHaveBeenCalled();
  });

  it('sends no rule left empty, so the server applies its defaults', async () => {
    runPatientStatements.mockResolvedValue({ blob: new Blob([]), fileName: 'x.pdf' });
    await runStatements?.run(context, { minimumBalance: '', days: '' });
    expect(runPatientStatements.mock.calls[0]?.[0]).toEqual({});
  });
});
