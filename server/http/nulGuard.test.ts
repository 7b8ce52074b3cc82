import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

const NUL = '\u0000';

describe.each(testEngines)('a NUL character on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let claimID: number;

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Alpha', { claims: 2 });
    claimID = group.claimIds[0]!;
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'alpha@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const counts = async () =>
    (
      await database.db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM sessions) AS sessions,
                (SELECT count(*)::int FROM login_challenges) AS challenges, (SELECT count(*)::int FROM grid_layouts) AS layouts,
                (SELECT count(*)::int FROM user_settings) AS settings, (SELECT count(*)::int FROM notes) AS notes`,
      )
    )[0];

  it('is refused with a 400 in a query string, a JSON body or a header, public or signed in, and nothing is written', async () => {
    const before = await counts();
    const json = { 'content-type': 'application/json' };
    const requests = [
      { method: 'GET', url: '/api/Users/getWhiteLabelSetup', query: { subdomain: `demo${NUL}` } },
      {
        method: 'POST',
        url: '/api/Users/signIn',
        headers: json,
        payload: JSON.stringify({ email: 'alpha@example.test', password: `x${NUL}y` }),
      },
      {
        method: 'GET',
        url: '/api/Users/getWhiteLabelSetup',
        query: { subdomain: 'demo' },
        headers: { 'user-agent': `agent${NUL}` },
      },
      {
        method: 'GET',
        url: '/api/Claims/getAllClaimsSearchData',
        query: { search: `SMITH${NUL}` },
        headers: bearer(session),
      },
      {
        method: 'POST',
        url: '/api/Repository/addUpdateGridLayout',
        headers: { ...bearer(session), ...json },
        payload: JSON.stringify({ gridTypeID: 'allClaims', gridJason: `{"columns": []}${NUL}` }),
      },
      {
        method: 'POST',
        url: '/api/Users/saveUserSetting',
        headers: { ...bearer(session), ...json },
        payload: JSON.stringify({ key: 'shortcuts', value: { [`palette${NUL}`]: 'x' } }),
      },
      {
        method: 'GET',
        url: '/api/Claims/getAllClaimsSearchData',
        query: { search: 'SMITH' },
        headers: { ...bearer(session), 'user-agent': `Mozilla${NUL}` },
      },
      {
        method: 'POST',
        url: '/api/Claims/claimScrubing',
        headers: { ...bearer(session), ...json, 'x-action-source': `palette${NUL}` },
        payload: JSON.stringify({ claimID }),
      },
    ] as const;
    for (const request of requests) {
      const reply = await test.app.inject(request);
      const where = `${request.method} ${request.url}`;
      expect(reply.statusCode, where).toBe(400);
      expect(reply.json<{ message: string }>().message, where).toBe('Text may not contain a NUL character.');
    }
    expect(await counts()).toEqual(before);
  });
});
