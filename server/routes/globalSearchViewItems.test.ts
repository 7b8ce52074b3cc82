import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { GlobalSearchReply } from '../../contract/search.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('records opened from the global search on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let alphaUser: SessionUser;
  let betaUser: SessionUser;
  let viewer: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 3 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 2 });
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'beta@example.test', { groupIds: [beta.groupId] });
    await createTestUser(database.db, 'viewer@example.test', { groupIds: [alpha.groupId], modules: ['PATIENTS'] });
    test = await createTestApp(database.db);
    alphaUser = await signIn(test, 'alpha@example.test');
    betaUser = await signIn(test, 'beta@example.test');
    viewer = await signIn(test, 'viewer@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const save = (session: SessionUser | null, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/saveGlobalSearchViewItems',
      headers: session ? { ...bearer(session), 'x-action-source': 'button' } : {},
      payload: payload as object,
    });
  const recents = async (session: SessionUser, query: Record<string, string> = {}) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Repository/getGlobalSearchRecents',
      headers: bearer(session),
      query,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<GlobalSearchReply>().results.map((hit) => `${hit.type}:${hit.id}`);
  };

  it('refuses without a session (401) and without the claims module (403)', async () => {
    expect((await save(null, { items: [{ type: 'claim', id: alpha.claimIds[0] }] })).statusCode).toBe(401);
    expect((await save(viewer, { items: [{ type: 'claim', id: alpha.claimIds[0] }] })).statusCode).toBe(403);
  });

  it('refuses bad input with 400, naming the problem, and keeps nothing', async () => {
    const empty = await save(alphaUser, { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/at least one record/);
    expect((await save(alphaUser, { items: [{ type: 'era', id: 1 }] })).statusCode).toBe(400);
    expect((await save(alphaUser, { items: [{ type: 'claim', id: '5' }] })).statusCode).toBe(400);
    expect((await save(alphaUser, { items: [{ type: 'claim', id: 1, extra: true }] })).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, index) => ({ type: 'claim', id: index + 1 }));
    expect((await save(alphaUser, { items: many })).statusCode).toBe(400);
    expect(await recents(alphaUser)).toEqual([]);
  });

  it('keeps what was opened as recents, the first named newest, by group and category', async () => {
    test.clock.advanceMinutes(1);
    const first = await save(alphaUser, { items: [{ type: 'patient', id: alpha.patientId }] });
    expect(first.statusCode, first.body).toBe(200);
    test.clock.advanceMinutes(1);
    const second = await save(alphaUser, {
      items: [
        { type: 'claim', id: alpha.claimIds[1] },
        { type: 'claim', id: beta.claimIds[0] },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await recents(alphaUser)).toEqual([
      `claim:${alpha.claimIds[1]}`,
      `claim:${beta.claimIds[0]}`,
      `patient:${alpha.patientId}`,
    ]);
    expect(await recents(alphaUser, { category: 'claim' })).toEqual([
      `claim:${alpha.claimIds[1]}`,
      `claim:${beta.claimIds[0]}`,
    ]);
    expect(await recents(alphaUser, { groupID: String(beta.groupId) })).toEqual([`claim:${beta.claimIds[0]}`]);
    const [audit] = await database.db.query<{ detail: { records: string[] } }>(
      `SELECT detail FROM audit_log WHERE action = 'globalSearch.viewItems' ORDER BY audit_id DESC LIMIT 1`,
    );
    expect(audit?.detail.records).toEqual([`claim:${alpha.claimIds[1]}`, `claim:${beta.claimIds[0]}`]);
    // Nobody else's recents change.
    expect(await recents(betaUser)).toEqual([]);
  });

  it('refuses a record outside the data role (404) and keeps none of the list', async () => {
    const outside = await save(betaUser, {
      items: [
        { type: 'claim', id: beta.claimIds[1] },
        { type: 'claim', id: alpha.claimIds[0] },
      ],
    });
    expect(outside.statusCode).toBe(404);
    expect((await save(betaUser, { items: [{ type: 'patient', id: alpha.patientId }] })).statusCode).toBe(404);
    expect(await recents(betaUser)).toEqual([]);
  });
});
