import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { DataRoleRow } from '../../contract/dataRoles.ts';
import type { PracticesReply } from '../../contract/crosswalks.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('data roles on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let alphaSecond: number;
  let admin: SessionUser;
  let betaAdmin: SessionUser;
  let clerk: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 1 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 1 });
    const [second] = await database.db.query<{ id: number }>(
      `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip)
       VALUES ($1, 'Alpha North', '1234567893', '123456789', '9 Elm St', 'Austin', 'TX', '78701') RETURNING practice_id AS id`,
      [alpha.groupId],
    );
    alphaSecond = Number(second?.id);
    await createTestUser(database.db, 'admin@alpha.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'admin@beta.test', { groupIds: [beta.groupId] });
    await createTestUser(database.db, 'clerk@alpha.test', { groupIds: [alpha.groupId], modules: ['CLAIMS'] });
    test = await createTestApp(database.db);
    admin = await signIn(test, 'admin@alpha.test');
    betaAdmin = await signIn(test, 'admin@beta.test');
    clerk = await signIn(test, 'clerk@alpha.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (session: SessionUser, call: string, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: `/api/${call}`, query, headers: bearer(session) });
  const post = (session: SessionUser, call: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/${call}`, payload, headers: bearer(session) });
  const clerkDataRole = async () =>
    Number(
      (
        await database.db.query<{ id: number }>("SELECT data_role_id AS id FROM users WHERE email = 'clerk@alpha.test'")
      )[0]?.id,
    );
  const clerkPractices = async () =>
    (await get(clerk, 'Repository/getPractices'))
      .json<PracticesReply>()
      .practices.map((p) => p.practiceID)
      .sort();

  it('creates a data role of groups and practices, listed with them, the spec toggles and the audit', async () => {
    const saved = await post(admin, 'Repository/saveDataRole', {
      name: 'Alpha North only',
      groupIDs: [alpha.groupId],
      practiceIDs: [alphaSecond],
    });
    expect(saved.json()).toMatchObject({ message: 'Data Role Successfully Created' });
    const id = saved.json<{ id: number }>().id;
    const listed = (await get(admin, 'Repository/GetDataRoles')).json<DataRoleRow[]>();
    expect(listed.find((role) => role.dataRoleID === id)).toEqual({
      dataRoleID: id,
      name: 'Alpha North only',
      active: true,
      groups: [{ groupID: alpha.groupId, name: 'Alpha' }],
      practiceIDs: [alphaSecond],
      users: 0,
    });
    const groups = (await get(admin, 'Repository/getDataRoleGroups', { dataRoleID: String(id) })).json<
      { groupID: number; select: boolean }[]
    >();
    expect(groups.map((g) => [g.groupID, g.select])).toEqual([
      [alpha.groupId, true],
      [beta.groupId, false],
    ]);
    const practices = (
      await get(admin, 'Repository/getDataRolePractices', { dataRoleID: String(id), groupIDs: String(alpha.groupId) })
    ).json<{ practiceID: number; select: boolean; show: boolean }[]>();
    // By name: Alpha North before Alpha Practice.
    expect(practices.map((p) => [p.practiceID, p.select, p.show])).toEqual([
      [alphaSecond, true, true],
      [alpha.practiceId, false, false],
    ]);
    const duplicate = await post(admin, 'Repository/saveDataRole', {
      name: 'alpha north ONLY',
      groupIDs: [beta.groupId],
    });
    expect(duplicate.json()).toEqual({ message: 'Data Role Name Already Exists' });
    const off = await post(admin, 'Repository/updateDataRoleActive', { dataRoleID: id, active: false });
    expect(off.json()).toEqual({ message: 'Successfully Inactivated' });
    const on = await post(admin, 'Repository/updateDataRoleActive', { dataRoleID: id, active: true });
    expect(on.json()).toEqual({ message: 'Successfully Activated' });
    const [audit] = await database.db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'data_role.created' AND record_id = $1",
      [String(id)],
    );
    expect(audit?.detail).toEqual({
      before: null,
      after: { name: 'Alpha North only', groupIDs: [alpha.groupId], practiceIDs: [alphaSecond] },
    });
  });

  it('narrows and widens what its users see on their next request, and an inactive one grants nothing', async () => {
    const dataRoleID = await clerkDataRole();
    expect(await clerkPractices()).toEqual([alpha.practiceId, alphaSecond].sort());
    const narrowed = await post(admin, 'Repository/updateDataRoleData', {
      dataRoleID,
      name: 'Clerks',
      groupIDs: [alpha.groupId],
      practiceIDs: [alpha.practiceId],
    });
    expect(narrowed.json()).toEqual({ message: 'Data Role Successfully Saved' });
    expect(await clerkPractices()).toEqual([alpha.practiceId]);
    const [audit] = await database.db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'data_role.updated' AND record_id = $1 ORDER BY audit_id DESC",
      [String(dataRoleID)],
    );
    expect(audit?.detail).toEqual({
      before: { name: 'data role for clerk@alpha.test', groupIDs: [alpha.groupId], practiceIDs: [] },
      after: { name: 'Clerks', groupIDs: [alpha.groupId], practiceIDs: [alpha.practiceId] },
    });
    await post(admin, 'Repository/updateDataRoleActive', { dataRoleID, active: false });
    expect(await clerkPractices()).toEqual([]);
    await post(admin, 'Repository/updateDataRoleActive', { dataRoleID, active: true });
    await post(admin, 'Repository/updateDataRoleData', {
      dataRoleID,
      name: 'Clerks',
      groupIDs: [alpha.groupId, beta.groupId],
    });
    expect(await clerkPractices()).toEqual([alpha.practiceId, alphaSecond, beta.practiceId].sort());
  });

  it('shows and changes only data roles within the administrator’s groups, and grants no more than theirs', async () => {
    const seen = (await get(betaAdmin, 'Repository/GetDataRoles')).json<DataRoleRow[]>().map((role) => role.name);
    expect(seen).toEqual(['data role for admin@beta.test']);
    const clerks = await clerkDataRole();
    expect(
      (await post(betaAdmin, 'Repository/updateDataRoleActive', { dataRoleID: clerks, active: false })).statusCode,
    ).toBe(404);
    expect((await get(betaAdmin, 'Repository/getDataRoleGroups')).json()).toEqual([
      { groupID: beta.groupId, name: 'Beta', select: false },
    ]);
    const beyond = await post(betaAdmin, 'Repository/saveDataRole', { name: 'Grab', groupIDs: [alpha.groupId] });
    expect(beyond.json()).toEqual({ message: 'Pick groups within the groups you manage.' });
    const stray = await post(admin, 'Repository/saveDataRole', {
      name: 'Stray',
      groupIDs: [beta.groupId],
      practiceIDs: [alpha.practiceId],
    });
    expect(stray.json()).toEqual({ message: 'A practice picked belongs to a group not picked.' });
    const own = await post(admin, 'Repository/updateDataRoleActive', {
      dataRoleID: Number(
        (
          await database.db.query<{ id: number }>(
            "SELECT data_role_id AS id FROM users WHERE email = 'admin@alpha.test'",
          )
        )[0]?.id,
      ),
      active: false,
    });
    expect(own.json()).toEqual({ message: 'You cannot switch off your own data role.' });
  });

  it('answers 403 to a role without Data Roles for every call', async () => {
    for (const [method, call] of [
      ['GET', 'Repository/GetDataRoles'],
      ['GET', 'Repository/getDataRoleGroups'],
      ['GET', 'Repository/getDataRolePractices'],
      ['POST', 'Repository/saveDataRole'],
      ['POST', 'Repository/updateDataRoleData'],
      ['POST', 'Repository/updateDataRoleActive'],
    ] as const) {
      const reply = await test.app.inject({ method, url: `/api/${call}`, headers: bearer(clerk), payload: {} });
      expect(reply.statusCode, call).toBe(403);
    }
  });
});
