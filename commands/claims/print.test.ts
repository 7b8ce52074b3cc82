import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';
import { printCommands } from './print.ts';

const downloadFile = vi.hoisted(() => vi.fn());
const fetchClaimFormOf = vi.hoisted(() => vi.fn());
vi.mock('../../src/export/exportFile.ts', () => ({ downloadFile }));
vi.mock('../../src/api/print.ts', () => ({ fetchClaimFormOf }));

const [print] = printCommands;
const context = (record: CommandContext['record']): CommandContext => ({
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record,
  modules: new Set(['CLAIMS']),
  source: 'hotkey',
});

beforeEach(() => {
  downloadFile.mockReset();
  fetchClaimFormOf.mockReset();
});

describe('"Print claim form"', () => {
  it('is bound to Alt+p and applies only on an open claim', () => {
    expect(print?.shortcut).toBe('Alt+p');
    expect(print?.disabledReason?.(context({ type: 'claim', id: 42 }))).toBeNull();
    expect(print?.disabledReason?.(context(null))).toBe('Open a claim first.');
    expect(print?.when?.(context({ type: 'submissionBatch', id: 3 }))).toBe(false);
  });

  it("downloads the open claim's form, passing the run's source on", async () => {
    const file = { blob: new Blob(['%PDF-']), fileName: 'UB04_42.pdf' };
    fetchClaimFormOf.mockResolvedValue(file);
    await print?.run(context({ type: 'claim', id: 42 }), {});
    expect(fetchClaimFormOf).toHaveBeenCalledWith(42, { source: 'hotkey' });
    expect(downloadFile).toHaveBeenCalledWith(file);
  });
});
