import { beforeEach, describe, expect, it } from 'vitest';
import type { CommandArgs, CommandContext } from '../../src/console/types.ts';
import { claimFilterLabelsShown, claimFilterShown, setClaimFilter } from '../../src/features/claims/index.ts';
import { resetStores } from '../../src/state/store.ts';
import { claimFilterCommands } from './claimFilters.ts';
import { CLAIMS_PATH } from '../../src/routing/paths.ts';

const ctx: CommandContext = {
  route: CLAIMS_PATH,
  scopes: ['global', 'page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['CLAIMS', 'REPORTS']),
  source: 'palette',
};

async function run(id: string, args: CommandArgs = {}): Promise<void> {
  const command = claimFilterCommands.find((found) => found.id === id);
  if (!command) throw new Error(`No command ${id}`);
  await command.run(ctx, args);
}

describe('the claim filter commands', () => {
  beforeEach(() => resetStores());

  it('offer one "Filter claims by …" command per filter, each asking for its value', () => {
    const titles = claimFilterCommands
      .filter((command) => command.id.startsWith('claims.filterBy.'))
      .map((command) => command.title);
    expect(titles).toContain('Filter claims by payer…');
    expect(titles).toContain('Filter claims by denial reason…');
    expect(titles).toHaveLength(15);
    for (const command of claimFilterCommands.filter((found) => found.id.startsWith('claims.filterBy.')))
      expect(command.steps?.length, command.id).toBeGreaterThan(0);
  });

  it('read typed ranges into the filter, one end left open when empty', async () => {
    await run('claims.filterBy.balance', { from: '100', to: '$200.50' });
    await run('claims.filterBy.dos', { from: '', to: '01/31/2026' });
    expect(claimFilterShown()).toEqual({ balanceMin: 10_000, balanceMax: 20_050, dosTo: '2026-01-31' });
  });

  it('leave the filter as it was when a range is backwards or empty', async () => {
    await run('claims.filterBy.posting', { from: '02/01/2026', to: '01/01/2026' });
    await run('claims.filterBy.balance', { from: '', to: '' });
    expect(claimFilterShown()).toEqual({});
  });

  it('set one status or a category, never both, and the other filters by value', async () => {
    await run('claims.filterBy.status', { value: '5,6' });
    await run('claims.filterBy.status', { value: '6' });
    await run('claims.filterBy.assignee', { value: 'unassigned' });
    await run('claims.filterBy.aging', { value: '120+' });
    await run('claims.filterBy.denial', { value: ' a1 ' });
    await run('claims.filterBy.payer', { value: '7' });
    expect(claimFilterShown()).toEqual({
      claimStatusID: 6,
      assignedUserID: 'unassigned',
      agingBucket: '120+',
      denialReason: 'A1',
      insuranceID: 7,
    });
  });

  it('switch the AR list on and off, and clear every filter but the search box text', async () => {
    setClaimFilter({ search: 'SMITH', insuranceID: 7 }, { insuranceID: 'Aetna' });
    await run('claims.toggleAR');
    expect(claimFilterShown().ar).toBe('true');
    await run('claims.toggleAR');
    expect(claimFilterShown().ar).toBeUndefined();
    await run('claims.clearFilters');
    expect(claimFilterShown()).toEqual({ search: 'SMITH' });
    expect(claimFilterLabelsShown()).toEqual({});
  });
});
