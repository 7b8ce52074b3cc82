import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

/** A day PostgreSQL has not got (there is no year 0): refused by the call, never by a job later. */
const YEAR_ZERO = '0000-01-01';

describe.each(testEngines)('bulk calls check their input before the run on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let group: TestGroup;
  let userID: number;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Alpha', { claims: 3 });
    userID = (await createTestUser(database.db, 'alpha@example.test', { groupIds: [group.groupId] })).userId;
    test = await createTestApp(database.db);
    session = await signIn(test, 'alpha@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (path: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(session), payload });
  const rows = async () =>
    (
      await database.db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM bulk_jobs) AS jobs, (SELECT count(*)::int FROM tasks) AS tasks,
                (SELECT count(*)::int FROM notes) AS notes, (SELECT count(*)::int FROM ledger_entries) AS ledger`,
      )
    )[0];

  it('refuses a date that does not exist in a bulk run as its single call does, and starts no run', async () => {
    const before = await rows();
    const task = { taskTypeID: 1, assignedUserID: userID, dueDate: YEAR_ZERO, text: 'Call the payer.' };
    const badQuery = { dosFrom: YEAR_ZERO };
    const cases: [string, object, RegExp][] = [
      ['Claims/saveClaimTasks', { claimID: group.claimIds[0], ...task }, /^dueDate: /],
      ['Claims/saveBulkClaimTasks', { claimIDs: group.claimIds, ...task }, /^dueDate: /],
      ['Claims/saveBulkClaimTasks', { query: badQuery, ...task, dueDate: '2026-12-01' }, /^query\.dosFrom: /],
      ['Claims/saveBulkNotes', { query: badQuery, noteTypeID: 1, text: 'Called.' }, /^query\.dosFrom: /],
      ['Claims/addAssignees', { query: badQuery, assignedUserIDs: [userID] }, /^query\.dosFrom: /],
      ['Claims/addClaimsToChargeBatch', { query: badQuery, chargeBatchID: 1 }, /^query\.dosFrom: /],
      [
        'AddEditClaim/saveWriteOffByID',
        { claimIDS: group.claimIds, reasonID: 1, postingDate: YEAR_ZERO },
        /^postingDate: /,
      ],
      [
        'AddEditClaim/saveWriteOffByID',
        { claimID: group.claimIds[0], reasonID: 1, postingDate: YEAR_ZERO },
        /^postingDate: /,
      ],
    ];
    for (const [path, payload, message] of cases) {
      const reply = await post(path, payload);
      const where = `${path} ${JSON.stringify(payload)}`;
      expect(reply.statusCode, where).toBe(400);
      expect(reply.json<{ message: string }>().message, where).toMatch(message);
    }
    expect(await rows()).toEqual(before);
  });
});
