import { describe, expect, it } from 'vitest';
import type { ModuleCode } from '../../contract/endpoints.ts';
import { contextMenuEntries, entryByLetter } from './contextMenuEntries.ts';
import type { Command, CommandContext } from './types.ts';

const claimsOf = (ctx: CommandContext) => (ctx.selection.recordType === 'claim' ? ctx.selection.ids : []);

function command(id: string, extra: Partial<Command> = {}): Command {
  return { id, title: id, group: 'Claims', run: () => undefined, ...extra };
}

function context(ids: number[], modules: ModuleCode[] = ['CLAIMS']): CommandContext {
  return {
    route: '/app/all-claims',
    scopes: ['global', 'grid'],
    selection: { recordType: ids.length > 0 ? 'claim' : null, ids, allMatching: null },
    record: null,
    modules: new Set(modules),
    source: 'menu',
  };
}

const addNote = command('Add note', { when: (ctx) => claimsOf(ctx).length > 0, batchLimit: 3 });
const summary = command('Show summary', {
  when: (ctx) => claimsOf(ctx).length === 1,
  disabledReason: (ctx) => (claimsOf(ctx).length === 1 ? null : 'Pick one claim.'),
});
const writeOff = command('Write off', { when: (ctx) => claimsOf(ctx).length > 0, privilege: 'PAYMENTS' });
const goToClaims = command('Go to claims', { group: 'Navigation' });
const exportList = command('Export list', { group: 'Export', when: (ctx) => ctx.route === '/app/all-claims' });
const patientNote = command('Patient note', { when: (ctx) => ctx.selection.recordType === 'patient' });
const REGISTRY = [goToClaims, addNote, exportList, summary, writeOff, patientNote];

const listed = (entries: ReturnType<typeof contextMenuEntries>) =>
  entries.map((entry) => [entry.command.id, entry.reason]);

describe('contextMenuEntries', () => {
  it('lists the commands about the row under the cursor, and none that apply everywhere', () => {
    expect(listed(contextMenuEntries(REGISTRY, context([11]), 'claim'))).toEqual([
      ['Add note', null],
      ['Show summary', null],
      ['Write off', 'Your role does not include the Payments module.'],
    ]);
  });

  it('keeps a one-claim command on a multi-row selection, disabled with its reason', () => {
    const entries = contextMenuEntries(REGISTRY, context([11, 12]), 'claim');
    expect(listed(entries)).toContainEqual(['Show summary', 'Pick one claim.']);
    expect(listed(entries)).toContainEqual(['Add note', null]);
  });

  it('names the batch limit when the selection is larger', () => {
    const entries = contextMenuEntries(REGISTRY, context([1, 2, 3, 4]), 'claim');
    expect(listed(entries)).toContainEqual(['Add note', 'Select at most 3 claims.']);
  });

  it('offers the commands to a role that holds their module', () => {
    const entries = contextMenuEntries(REGISTRY, context([11], ['CLAIMS', 'PAYMENTS']), 'claim');
    expect(listed(entries)).toContainEqual(['Write off', null]);
  });

  it('leaves out the commands about other kinds of record', () => {
    expect(contextMenuEntries(REGISTRY, context([11]), 'claim').map((entry) => entry.command.id)).not.toContain(
      'Patient note',
    );
  });

  it('groups entries by group in registry order', () => {
    const other = command('Scrub', { group: 'Scrub', when: (ctx) => claimsOf(ctx).length > 0 });
    const later = command('Reassign', { when: (ctx) => claimsOf(ctx).length > 0 });
    expect(
      contextMenuEntries([addNote, other, later], context([11]), 'claim').map((entry) => entry.command.id),
    ).toEqual(['Add note', 'Reassign', 'Scrub']);
  });
});

describe('entryByLetter', () => {
  const entries = contextMenuEntries(
    [addNote, summary, command('Scrub', { when: (ctx) => claimsOf(ctx).length > 0 })],
    context([11]),
    'claim',
  );

  it('jumps to the next title starting with the letter, wrapping around', () => {
    expect(entryByLetter(entries, 's', 0)).toBe(1);
    expect(entryByLetter(entries, 'S', 1)).toBe(2);
    expect(entryByLetter(entries, 's', 2)).toBe(1);
  });

  it('stays put when no title starts with the letter', () => {
    expect(entryByLetter(entries, 'z', 2)).toBe(2);
  });
});
