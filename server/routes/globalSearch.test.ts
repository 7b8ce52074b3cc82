import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { GlobalSearchReply } from '../../contract/search.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { PHI_PATIENT_LAST_NAME, createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('palette record search on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let alphaUser: SessionUser;
  let alphaColleague: SessionUser;
  let betaUser: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 3 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 3, patientLastName: PHI_PATIENT_LAST_NAME });
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'alpha2@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'beta@example.test', { groupIds: [beta.groupId] });
    test = await createTestApp(database.db);
    alphaUser = await signIn(test, 'alpha@example.test');
    alphaColleague = await signIn(test, 'alpha2@example.test');
    betaUser = await signIn(test, 'beta@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const search = (session: SessionUser, searchValue: string) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Repository/getSystemGlobalSearch',
      headers: bearer(session),
      query: { searchValue },
    });
  const recents = (session: SessionUser, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: '/api/Repository/getGlobalSearchRecents', headers: bearer(session), query });
  const addRecent = (session: SessionUser, type: string, id: number) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/addRecents',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload: { type, id },
    });

  it('finds a claim by its ID and a patient by account number or last name', async () => {
    const claimId = alpha.claimIds[1]!;
    const byId = (await search(alphaUser, String(claimId))).json<GlobalSearchReply>();
    expect(byId.results[0]).toMatchObject({ type: 'claim', id: claimId, label: `Claim ${claimId}` });
    expect(byId.results[0]?.detail).toContain('SMITH, JANE');

    const byAccount = (await search(alphaUser, 'alp00')).json<GlobalSearchReply>();
    expect(byAccount.results).toEqual([
      expect.objectContaining({ type: 'patient', id: alpha.patientId, label: 'SMITH, JANE' }),
    ]);
    const byName = (await search(alphaUser, 'smi')).json<GlobalSearchReply>();
    expect(byName.results.map((hit) => hit.id)).toEqual([alpha.patientId]);
    const byFullName = (await search(alphaUser, 'Smith, Ja')).json<GlobalSearchReply>();
    expect(byFullName.results.map((hit) => hit.id)).toEqual([alpha.patientId]);
    const firstThenLast = (await search(alphaUser, 'jane smith')).json<GlobalSearchReply>();
    expect(firstThenLast.results.map((hit) => hit.id)).toEqual([alpha.patientId]);
    const nobody = (await search(alphaUser, 'smithson')).json<GlobalSearchReply>();
    expect(nobody.results).toEqual([]);
  });

  it("never finds another group's claim or patient", async () => {
    const betaClaim = (await search(alphaUser, String(beta.claimIds[0]))).json<GlobalSearchReply>();
    expect(betaClaim.results).toEqual([]);
    const betaPatient = (await search(alphaUser, PHI_PATIENT_LAST_NAME.slice(0, 5))).json<GlobalSearchReply>();
    expect(betaPatient.results).toEqual([]);
    const betaAccount = (await search(alphaUser, 'BET0001')).json<GlobalSearchReply>();
    expect(betaAccount.results).toEqual([]);
    // The owner does find them, so the empty answers above are the data role at work.
    const own = (await search(betaUser, 'BET0001')).json<GlobalSearchReply>();
    expect(own.results.map((hit) => hit.id)).toEqual([beta.patientId]);
  });

  it('treats % and _ as plain characters, not wildcards', async () => {
    expect((await search(alphaUser, '%')).json<GlobalSearchReply>().results).toEqual([]);
    expect((await search(alphaUser, '_MI')).json<GlobalSearchReply>().results).toEqual([]);
  });

  it('refuses an empty or over-long search with 400', async () => {
    expect((await search(alphaUser, '   ')).statusCode).toBe(400);
    expect((await search(alphaUser, 'x'.repeat(101))).statusCode).toBe(400);
    const missing = await test.app.inject({
      method: 'GET',
      url: '/api/Repository/getSystemGlobalSearch',
      headers: bearer(alphaUser),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('audits the search as a read, with ids and without the text typed', async () => {
    await search(alphaUser, 'smith');
    const [row] = await database.db.query<{ action: string; detail: { patientIDs: number[] }; source: string }>(
      `SELECT action, detail, source FROM audit_log WHERE action = 'globalSearch' ORDER BY audit_id DESC LIMIT 1`,
    );
    expect(row?.detail.patientIDs).toEqual([alpha.patientId]);
    expect(JSON.stringify(row)).not.toMatch(/smith/i);
  });

  it("keeps recents per user, newest first, and never shows another user's", async () => {
    test.clock.advanceMinutes(1);
    expect((await addRecent(alphaUser, 'claim', alpha.claimIds[0]!)).statusCode).toBe(200);
    test.clock.advanceMinutes(1);
    expect((await addRecent(alphaUser, 'patient', alpha.patientId)).statusCode).toBe(200);
    test.clock.advanceMinutes(1);
    expect((await addRecent(alphaUser, 'claim', alpha.claimIds[2]!)).statusCode).toBe(200);
    test.clock.advanceMinutes(1);
    // Opening the first claim again moves it to the top instead of adding a second row.
    expect((await addRecent(alphaUser, 'claim', alpha.claimIds[0]!)).statusCode).toBe(200);

    const mine = (await recents(alphaUser)).json<GlobalSearchReply>();
    expect(mine.results.map((hit) => `${hit.type}:${hit.id}`)).toEqual([
      `claim:${alpha.claimIds[0]}`,
      `claim:${alpha.claimIds[2]}`,
      `patient:${alpha.patientId}`,
    ]);
    const onlyPatients = (await recents(alphaUser, { category: 'patient' })).json<GlobalSearchReply>();
    expect(onlyPatients.results.map((hit) => hit.id)).toEqual([alpha.patientId]);

    // Same data role, different user: nothing of alphaUser's.
    expect((await recents(alphaColleague)).json<GlobalSearchReply>().results).toEqual([]);
    expect((await recents(betaUser)).json<GlobalSearchReply>().results).toEqual([]);
  });

  it('refuses to remember a record outside the data role (404) and bad input (400)', async () => {
    const outside = await addRecent(alphaUser, 'claim', beta.claimIds[0]!);
    expect(outside.statusCode).toBe(404);
    expect((await addRecent(alphaUser, 'patient', beta.patientId)).statusCode).toBe(404);
    expect((await addRecent(alphaUser, 'era', 1)).statusCode).toBe(400);
    expect((await addRecent(alphaUser, 'claim', -4)).statusCode).toBe(400);
    const mine = (await recents(alphaUser)).json<GlobalSearchReply>();
    expect(mine.results.some((hit) => hit.id === beta.claimIds[0] || hit.id === beta.patientId)).toBe(false);
  });

  it('hides a recent once its practice leaves the data role', async () => {
    await addRecent(betaUser, 'claim', beta.claimIds[1]!);
    expect((await recents(betaUser)).json<GlobalSearchReply>().results).toHaveLength(1);
    await database.db.query(
      `UPDATE data_role_groups SET group_id = $1 WHERE data_role_id = (SELECT data_role_id FROM users WHERE email = 'beta@example.test')`,
      [alpha.groupId],
    );
    expect((await recents(betaUser)).json<GlobalSearchReply>().results).toEqual([]);
  });
});
