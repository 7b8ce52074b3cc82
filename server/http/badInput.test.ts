import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { PHI_PATIENT_LAST_NAME, createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('bad input on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Alpha', { claims: 3, patientLastName: PHI_PATIENT_LAST_NAME });
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'alpha@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const countRows = async (table: string) =>
    (await database.db.query<{ count: number }>(`SELECT count(*)::bigint AS count FROM ${table}`))[0]!.count;

  it('answers 400 with a clear message, and writes nothing, for malformed or wrong input', async () => {
    const before = {
      audit: await countRows('audit_log'),
      challenges: await countRows('login_challenges'),
      layouts: await countRows('grid_layouts'),
    };
    const cases = [
      { payload: '{"email": "alpha@example.test", "password": ', message: /not valid JSON/ },
      { payload: JSON.stringify({ email: 'alpha@example.test' }), message: /password: is required/ },
      { payload: JSON.stringify({ email: 42, password: 'x' }), message: /^email:/ },
      { payload: JSON.stringify({ email: 'not-an-address', password: 'x' }), message: /valid e-mail/ },
      { payload: JSON.stringify({ email: `${'a'.repeat(300)}@example.test`, password: 'x' }), message: /^email:/ },
      { payload: JSON.stringify({ email: 'alpha@example.test', password: 'x', admin: true }), message: /admin/ },
    ];
    for (const { payload, message } of cases) {
      const reply = await test.app.inject({
        method: 'POST',
        url: '/api/Users/signIn',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(reply.statusCode, payload).toBe(400);
      expect(reply.json<{ message: string }>().message, payload).toMatch(message);
    }
    const layout = await test.app.inject({
      method: 'POST',
      url: '/api/Repository/addUpdateGridLayout',
      headers: bearer(session),
      payload: { gridTypeID: 'allClaims', gridJason: '{"columns": "nope"}' },
    });
    expect(layout.statusCode).toBe(400);
    expect(layout.json()).toEqual({ message: 'The grid layout does not have the expected columns.' });
    expect({
      audit: await countRows('audit_log'),
      challenges: await countRows('login_challenges'),
      layouts: await countRows('grid_layouts'),
    }).toEqual(before);
  });

  it('refuses bad list parameters with the field named', async () => {
    const query = (q: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: '/api/Claims/getAllClaimsSearchData', headers: bearer(session), query: q });
    expect((await query({ pageSize: '100000' })).json<{ message: string }>().message).toMatch(/^pageSize:/);
    expect((await query({ sortColumn: 'password_hash' })).json<{ message: string }>().message).toMatch(/^sortColumn:/);
    expect((await query({ dosFrom: '2026-13-45x' })).json<{ message: string }>().message).toMatch(/^dosFrom:/);
    expect((await query({ claimStatusID: 'abc' })).statusCode).toBe(400);
    expect((await query({ practiceID: '99999999999999999999' })).statusCode).toBe(400);
  });

  it('says a wrong value is wrong, and only a missing one is missing', async () => {
    const post = (payload: object) =>
      test.app.inject({ method: 'POST', url: '/api/Claims/claimScrubing', headers: bearer(session), payload });
    const wrong = (await post({ claimID: 'twelve' })).json<{ message: string }>().message;
    expect(wrong).toMatch(/^claimID: /);
    expect(wrong).not.toMatch(/is required/);
    expect((await post({})).json<{ message: string }>().message).toBe('claimID: is required.');
  });

  it('refuses a body larger than the limit', async () => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/Users/signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ message: 'The request is larger than allowed: at most 1 MB.' });
  });

  it('answers 404 JSON for an API path that does not exist', async () => {
    const reply = await test.app.inject({ method: 'GET', url: '/api/Claims/noSuchCall', headers: bearer(session) });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found.' });
  });

  it('keeps patient data, search terms and codes out of the log', async () => {
    await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { search: PHI_PATIENT_LAST_NAME },
    });
    await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { search: PHI_PATIENT_LAST_NAME, pageSize: 'x' },
    });
    await test.app.inject({
      method: 'GET',
      url: '/api/Users/validatePasscode',
      query: { email: 'alpha@example.test', passcode: '123456', challenge: 'c'.repeat(40) },
    });
    const log = test.logText();
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(PHI_PATIENT_LAST_NAME);
    expect(log).not.toContain('123456');
    expect(log).not.toContain(session.token);
    expect(log).not.toContain('JANE');
  });
});
