import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { ClaimSearchReply } from '../../contract/claims.ts';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { PHI_PATIENT_LAST_NAME, createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('access rules on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let alphaUser: SessionUser;
  let betaUser: SessionUser;
  let noClaimsUser: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 12 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 7, patientLastName: PHI_PATIENT_LAST_NAME });
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'beta@example.test', { groupIds: [beta.groupId] });
    await createTestUser(database.db, 'noclaims@example.test', {
      groupIds: [alpha.groupId],
      modules: ['DASHBOARD', 'REPORTS'],
    });
    test = await createTestApp(database.db);
    alphaUser = await signIn(test, 'alpha@example.test');
    betaUser = await signIn(test, 'beta@example.test');
    noClaimsUser = await signIn(test, 'noclaims@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const listClaims = (session: SessionUser, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: '/api/Claims/getAllClaimsSearchData', headers: bearer(session), query });

  it('answers 401 without a token, or with a made-up one, on every catalogue call the server has', async () => {
    const mounted = ENDPOINTS.filter(
      (call) => call.access !== 'public' && test.app.hasRoute({ method: call.method, url: `/api${call.path}` }),
    );
    expect(mounted.length).toBeGreaterThanOrEqual(4);
    for (const call of mounted) {
      const anonymous = await test.app.inject({ method: call.method, url: `/api${call.path}` });
      expect(anonymous.statusCode, `${call.method} ${call.path}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthorized: Access is denied' });
      const forged = await test.app.inject({
        method: call.method,
        url: `/api${call.path}`,
        headers: { authorization: 'Bearer forged-token-forged-token-123' },
      });
      expect(forged.statusCode, `${call.method} ${call.path}`).toBe(401);
    }
  });

  it('answers 403 to a role without the claims module', async () => {
    const reply = await listClaims(noClaimsUser);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ message: 'Forbidden.' });
    expect(noClaimsUser.menuData.menuLinks.map((link) => link.link)).not.toContain('/app/all-claims');
  });

  it("limits the claims list to the user's data role: group A sees nothing of group B", async () => {
    const alphaList = (await listClaims(alphaUser, { pageSize: '500' })).json<ClaimSearchReply>();
    expect(alphaList.total).toBe(12);
    expect(alphaList.rows.map((row) => row.claimID).sort((a, b) => a - b)).toEqual(alpha.claimIds);

    const betaClaimId = String(beta.claimIds[0]);
    const byId = (await listClaims(alphaUser, { search: betaClaimId })).json<ClaimSearchReply>();
    expect(byId).toEqual({ total: 0, rows: [] });
    const byName = (await listClaims(alphaUser, { search: PHI_PATIENT_LAST_NAME })).json<ClaimSearchReply>();
    expect(byName.total).toBe(0);
    const byPractice = (await listClaims(alphaUser, { practiceID: String(beta.practiceId) })).json<ClaimSearchReply>();
    expect(byPractice.total).toBe(0);

    const betaList = (await listClaims(betaUser, { pageSize: '500' })).json<ClaimSearchReply>();
    expect(betaList.rows.map((row) => row.claimID).sort((a, b) => a - b)).toEqual(beta.claimIds);
  });

  it('pages and sorts on the server', async () => {
    const first = (
      await listClaims(alphaUser, { pageSize: '5', pageNumber: '1', sortColumn: 'claimID', sortOrder: 'asc' })
    ).json<ClaimSearchReply>();
    const third = (
      await listClaims(alphaUser, { pageSize: '5', pageNumber: '3', sortColumn: 'claimID', sortOrder: 'asc' })
    ).json<ClaimSearchReply>();
    expect(first.total).toBe(12);
    expect(first.rows.map((row) => row.claimID)).toEqual(alpha.claimIds.slice(0, 5));
    expect(third.rows.map((row) => row.claimID)).toEqual(alpha.claimIds.slice(10));
    const byBalance = (
      await listClaims(alphaUser, { sortColumn: 'balance', sortOrder: 'desc' })
    ).json<ClaimSearchReply>();
    const balances = byBalance.rows.map((row) => row.balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(Number.isInteger(balances[0])).toBe(true);
  });

  it('writes an audit row for every read of the claims list, and the audit log cannot be changed', async () => {
    const before = await database.db.query<{ count: number }>(
      "SELECT count(*)::bigint AS count FROM audit_log WHERE action = 'claims.search'",
    );
    await listClaims(alphaUser);
    const after = await database.db.query<{ count: number }>(
      "SELECT count(*)::bigint AS count FROM audit_log WHERE action = 'claims.search'",
    );
    expect(after[0]!.count).toBe(before[0]!.count + 1);
    await expect(database.db.query("UPDATE audit_log SET action = 'edited'")).rejects.toThrow(/append-only/);
    await expect(database.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const signIns = await database.db.query<{ count: number }>(
      "SELECT count(*)::bigint AS count FROM audit_log WHERE action = 'sign_in'",
    );
    expect(signIns[0]!.count).toBeGreaterThanOrEqual(3);
  });

  it('sends security headers and no-store on API replies', async () => {
    const reply = await listClaims(alphaUser);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('keeps a grid layout per user', async () => {
    const layout = { columns: [{ id: 'claimID', width: 90, hidden: false }], frozen: 1 };
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/Repository/addUpdateGridLayout',
      headers: bearer(alphaUser),
      payload: { gridTypeID: 'allClaims', gridJason: JSON.stringify(layout) },
    });
    expect(saved.json()).toEqual({ message: 'Grid Layout successfully updated.' });
    const mine = await test.app.inject({
      method: 'GET',
      url: '/api/Repository/getGridLayout',
      headers: bearer(alphaUser),
      query: { gridTypeID: 'allClaims' },
    });
    expect(mine.json()).toEqual({ gridTypeID: 'allClaims', layout });
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/Repository/getGridLayout',
      headers: bearer(betaUser),
      query: { gridTypeID: 'allClaims' },
    });
    expect(theirs.json()).toEqual({ gridTypeID: 'allClaims', layout: null });
  });
});
