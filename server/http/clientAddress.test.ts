import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestUser } from '../test/fixtures.ts';
import { TestClock, bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

/** What the audit trail records of who called: the client's address, and only sources the product knows. */
describe.each(testEngines)('the audited client on $name', (engine) => {
  let database: TestDatabase;
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    database = await engine.create();
    await createTestUser(database.db, 'audited@example.test', { groupIds: [] });
    direct = await createTestApp(database.db);
    proxied = await createTestApp(database.db, new TestClock(), { trustProxy: '127.0.0.1' });
  });

  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await database.dispose();
  });

  const wrongPassword = (test: TestApp, headers: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/signIn',
      payload: { email: 'audited@example.test', password: 'Wrong-Password-1' },
      headers,
      remoteAddress: '127.0.0.1',
    });
  const lastFailure = async () =>
    (
      await database.db.query<{ ip: string; source: string }>(
        "SELECT ip, source FROM audit_log WHERE action = 'sign_in.failed' ORDER BY audit_id DESC LIMIT 1",
      )
    )[0]!;

  it("records the proxy's address, not a forwarded one, unless the proxy is trusted (TRUST_PROXY)", async () => {
    await wrongPassword(direct, { 'x-forwarded-for': '203.0.113.9' });
    expect((await lastFailure()).ip).toBe('127.0.0.1');
    await wrongPassword(proxied, { 'x-forwarded-for': '203.0.113.9' });
    expect((await lastFailure()).ip).toBe('203.0.113.9');
  });

  it('records a source the product does not know as api, never as sent', async () => {
    const session = await signIn(direct, 'audited@example.test');
    for (const source of ["palette'; DROP TABLE users; --", 'PALETTE', 'hotkey']) {
      const reply = await direct.app.inject({
        method: 'GET',
        url: '/api/Claims/getAllClaimsSearchData',
        headers: { ...bearer(session), 'x-action-source': source },
      });
      expect(reply.statusCode).toBe(200);
    }
    const rows = await database.db.query<{ source: string }>(
      "SELECT source FROM audit_log WHERE action = 'read' AND record_id = 'Claims/getAllClaimsSearchData' ORDER BY audit_id",
    );
    expect(rows.map((row) => row.source)).toEqual(['api', 'api', 'hotkey']);
  });

  it('reads TRUST_PROXY as off, on, or the proxies to believe', () => {
    expect(loadConfig({}, []).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, []).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, []).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, []).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
