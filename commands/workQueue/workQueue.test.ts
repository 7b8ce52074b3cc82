import { describe, expect, it } from 'vitest';
import type { Assignee } from '../../contract/assignment.ts';
import type { CommandContext } from '../../src/console/types.ts';
import { dueDateOf, resolveBillers, workTarget } from './workQueue.ts';

const people: Assignee[] = [
  { userID: 1, name: 'Ann Lee', email: 'ann@lakeside.test', coversAll: true },
  { userID: 2, name: 'Anna Ray', email: 'anna.ray@lakeside.test', coversAll: true },
  { userID: 3, name: 'Cal Colleague', email: 'cal@lakeside.test', coversAll: false },
];

const context = (overrides: Partial<CommandContext>): CommandContext => ({
  route: '/app/all-claims',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['CLAIMS']),
  source: 'palette',
  ...overrides,
});

describe('the work-queue commands', () => {
  it('act on the open claim, else the picked claims, else "all N matching"', () => {
    expect(
      workTarget(
        context({
          record: { type: 'claim', id: 7 },
          selection: { recordType: 'claim', ids: [1, 2], allMatching: null },
        }),
      ),
    ).toEqual({ claimIDs: [7] });
    expect(workTarget(context({ selection: { recordType: 'claim', ids: [1, 2], allMatching: null } }))).toEqual({
      claimIDs: [1, 2],
    });
    expect(
      workTarget(
        context({
          selection: { recordType: 'claim', ids: [1], allMatching: { total: 900, query: { practiceID: 4 } } },
        }),
      ),
    ).toEqual({ query: { practiceID: 4 } });
    expect(workTarget(context({ selection: { recordType: 'patient', ids: [1], allMatching: null } }))).toBeNull();
    expect(workTarget(context({}))).toBeNull();
  });

  it('take the due date typed, or three days from today when none is', () => {
    const today = new Date(2026, 2, 30);
    expect(dueDateOf('', today)).toBe('2026-04-02');
    expect(dueDateOf(' 2026-05-01 ', today)).toBe('2026-05-01');
    expect(dueDateOf('2026-02-30', today)).toBeNull();
    expect(dueDateOf('05/01/2026', today)).toBeNull();
  });

  it('find the billers named, and say which name is unclear or unknown', () => {
    expect(resolveBillers('cal, ann lee', people)).toEqual({ users: [people[2], people[0]] });
    expect(resolveBillers('anna.ray@lakeside.test,ray', people)).toEqual({ users: [people[1]] });
    expect(resolveBillers('all', people)).toEqual({ users: [people[0], people[1]] });
    expect(resolveBillers('an', people)).toEqual({
      error: '“an” could be Ann Lee or Anna Ray: type more of the name.',
    });
    expect(resolveBillers('zed', people)).toEqual({ error: 'Nobody called “zed” can take these claims.' });
    expect(resolveBillers(' , ', people)).toEqual({ error: 'Name at least one biller.' });
  });
});
