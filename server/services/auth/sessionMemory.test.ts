import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimSearchReply } from '../../../contract/claims.ts';
import type { Db } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, TestClock, type TestApp } from '../../test/harness.ts';

/**
 * Two server processes on one database: each has its own handle (and so its own memory of
 * sessions) on the same tables and one clock.
 */
describe.each(testEngines)('sessions answered from memory on $name', (engine) => {
  let database: TestDatabase;
  let here: TestApp;
  let there: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 3 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 2 });
    await createTestUser(database.db, 'both@example.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'other@example.test', { groupIds: [alpha.groupId] });
    const counted: Db = {
      ...database.db,
      query: (sql, params) => {
        statements.push(sql);
        return database.db.query(sql, params);
      },
    };
    const clock = new TestClock();
    here = await createTestApp(counted, clock);
    there = await createTestApp({ ...database.db }, clock);
  });

  afterAll(async () => {
    await here.close();
    await there.close();
    await database.dispose();
  });

  const list = (test: TestApp, session: SessionUser) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { pageSize: '50' },
    });

  const sessionReads = () => statements.filter((sql) => sql.includes('WHERE s.token_hash = $1')).length;

  it('answers a session seen within the minute without reading it again, and lists the same claims', async () => {
    const session = await signIn(here, 'both@example.test');
    const first = await list(here, session);
    const readsBefore = sessionReads();
    const second = await list(here, session);
    expect(second.statusCode).toBe(200);
    expect(second.json<ClaimSearchReply>()).toEqual(first.json<ClaimSearchReply>());
    expect(second.json<ClaimSearchReply>().total).toBe(5);
    expect(sessionReads()).toBe(readsBefore);
  });

  it('refuses a remembered session on the very next request after another process signs it out', async () => {
    const session = await signIn(here, 'other@example.test');
    expect((await list(here, session)).statusCode).toBe(200);
    expect((await list(there, session)).statusCode).toBe(200);
    const out = await there.app.inject({
      method: 'POST',
      url: '/api/Users/userLogout',
      headers: bearer(session),
      payload: { loginAuditID: session.loginAuditID },
    });
    expect(out.statusCode).toBe(200);
    expect((await list(here, session)).statusCode).toBe(401);
  });

  it("follows a change to the user's data role or account made elsewhere at once", async () => {
    const session = await signIn(here, 'both@example.test');
    expect((await list(here, session)).json<ClaimSearchReply>().total).toBe(5);
    // An administrator hides the Beta practice from the user's data role (another process).
    await database.db.query(
      `INSERT INTO data_role_practices (data_role_id, practice_id, show)
       SELECT data_role_id, $2, false FROM users WHERE user_id = $1`,
      [session.userID, beta.practiceId],
    );
    const narrowed = (await list(here, session)).json<ClaimSearchReply>();
    expect(narrowed.total).toBe(3);
    expect(narrowed.rows.map((row) => row.claimID).sort((a, b) => a - b)).toEqual(alpha.claimIds);

    await database.db.query('UPDATE users SET active = false WHERE user_id = $1', [session.userID]);
    expect((await list(here, session)).statusCode).toBe(401);
  });

  it('reads the session again once its activity mark is due, and still ends an idle one', async () => {
    await database.db.query("UPDATE users SET active = true WHERE email = 'both@example.test'");
    const session = await signIn(here, 'both@example.test');
    expect((await list(here, session)).statusCode).toBe(200);
    here.clock.advanceMinutes(2);
    const readsBefore = sessionReads();
    expect((await list(here, session)).statusCode).toBe(200);
    expect(sessionReads()).toBe(readsBefore + 1);
    here.clock.advanceMinutes(24 * 60);
    expect((await list(here, session)).statusCode).toBe(401);
  });

  const searchRowsOf = async (userId: number) =>
    (
      await database.db.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM audit_log WHERE user_id = $1 AND action = 'claims.search'",
        [userId],
      )
    )[0]?.n;

  it('counts again at once when another process changed claims since this process last looked', async () => {
    const session = await signIn(here, 'both@example.test');
    const shown = (await list(here, session)).json<ClaimSearchReply>().total;
    expect(shown).toBeGreaterThan(0);
    // Another process moves a listed claim to a group outside the user's data role.
    const gamma = await createTestGroup(database.db, 'Gamma', { claims: 1 });
    await database.db.query('UPDATE claims SET practice_id = $2 WHERE claim_id = $1', [
      alpha.claimIds[0],
      gamma.practiceId,
    ]);
    const after = (await list(here, session)).json<ClaimSearchReply>();
    expect(after.total).toBe(shown - 1);
    expect(after.rows.map((row) => row.claimID)).not.toContain(alpha.claimIds[0]);
    expect(after).toEqual((await list(there, session)).json<ClaimSearchReply>());
    await database.db.query('UPDATE claims SET practice_id = $2 WHERE claim_id = $1', [
      alpha.claimIds[0],
      alpha.practiceId,
    ]);
    expect((await list(here, session)).json<ClaimSearchReply>().total).toBe(shown);
  });

  it('writes no audit row for a page asked on a session signed out elsewhere, nor past the last page', async () => {
    const session = await signIn(here, 'other@example.test');
    expect((await list(here, session)).statusCode).toBe(200);
    const rowsBefore = await searchRowsOf(session.userID);
    const out = await there.app.inject({
      method: 'POST',
      url: '/api/Users/userLogout',
      headers: bearer(session),
      payload: { loginAuditID: session.loginAuditID },
    });
    expect(out.statusCode).toBe(200);
    expect((await list(here, session)).statusCode).toBe(401);
    const beyond = await here.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { pageSize: '50', pageNumber: '9' },
    });
    expect(beyond.statusCode).toBe(401);
    expect(await searchRowsOf(session.userID)).toEqual(rowsBefore);
  });
});
