import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { ModuleRow, RoleRow } from '../../contract/menuRoles.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('menu roles and modules on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: SessionUser;
  let betaAdmin: SessionUser;
  let clerk: SessionUser;
  const moduleID: Record<string, number> = {};

  beforeAll(async () => {
    database = await engine.create();
    const alpha = await createTestGroup(database.db, 'Alpha', { claims: 1 });
    const beta = await createTestGroup(database.db, 'Beta', { claims: 1 });
    await createTestUser(database.db, 'admin@alpha.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'admin@beta.test', { groupIds: [beta.groupId] });
    await createTestUser(database.db, 'clerk@alpha.test', { groupIds: [alpha.groupId], modules: ['CLAIMS'] });
    for (const row of await database.db.query<{ module_id: number; code: string }>(
      'SELECT module_id, code FROM modules',
    ))
      moduleID[row.code] = Number(row.module_id);
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
  const auditDetail = async (action: string, recordId: number) =>
    (
      await database.db.query<{ detail: unknown }>(
        'SELECT detail FROM audit_log WHERE action = $1 AND record_id = $2 ORDER BY audit_id DESC LIMIT 1',
        [action, String(recordId)],
      )
    )[0]?.detail;
  const clerkRoleID = async () =>
    Number(
      (await database.db.query<{ id: number }>("SELECT role_id AS id FROM users WHERE email = 'clerk@alpha.test'"))[0]
        ?.id,
    );

  it('creates a menu role from modules, and the menu of its users is built from them at their next sign-in', async () => {
    const saved = await post(admin, 'Roles/saveRole', {
      roleName: 'Payment poster',
      moduleIDs: [moduleID.PAYMENTS, moduleID.CLAIMS],
    });
    expect(saved.json()).toMatchObject({ message: 'Menu Role Successfully Created' });
    const roleID = saved.json<{ id: number }>().id;
    const roles = (await get(admin, 'Roles/GetMenuRoles')).json<RoleRow[]>();
    expect(roles.find((role) => role.roleID === roleID)).toMatchObject({
      roleName: 'Payment poster',
      active: true,
      modules: ['Claims', 'Payments'],
      users: 0,
    });
    expect(
      (await get(admin, 'Roles/GetModulesByRoleId', { id: String(roleID) }))
        .json<ModuleRow[]>()
        .map((m) => m.moduleCode),
    ).toEqual(['CLAIMS', 'PAYMENTS']);
    expect(await auditDetail('role.created', roleID)).toEqual({
      before: null,
      after: { name: 'Payment poster', moduleIDs: [moduleID.CLAIMS, moduleID.PAYMENTS].sort((a, b) => a! - b!) },
    });
    const duplicate = await post(admin, 'Roles/saveRole', { roleName: 'payment POSTER', moduleIDs: [] });
    expect(duplicate.json()).toEqual({ message: 'Role Name Already Exists' });

    // The clerk's role gets the ERA and batch screens' module: the menu follows.
    const clerkRole = await clerkRoleID();
    const before = clerk.menuData.menuLinks.map((link) => link.link);
    expect(before).not.toContain('/app/payment-batches');
    const updated = await post(admin, 'Roles/updateRoleData', {
      roleID: clerkRole,
      roleName: 'Clerk',
      moduleIDs: [moduleID.CLAIMS, moduleID.PAYMENTS],
    });
    expect(updated.json()).toEqual({ message: 'Menu Role Successfully Saved' });
    clerk = await signIn(test, 'clerk@alpha.test');
    expect(clerk.menuData.menuLinks.map((link) => link.link)).toContain('/app/payment-batches');
    expect(clerk.modules).toEqual(['CLAIMS', 'PAYMENTS']);
    expect(await auditDetail('role.updated', clerkRole)).toMatchObject({
      before: { name: 'role for clerk@alpha.test', moduleIDs: [moduleID.CLAIMS] },
      after: { name: 'Clerk' },
    });
  });

  it('switches a role off and on: its users lose its modules on their next request', async () => {
    const clerkRole = await clerkRoleID();
    expect((await get(clerk, 'Batches/getPaymentBatches')).statusCode).not.toBe(403);
    const off = await post(admin, 'Roles/updateRoleActive', { roleID: clerkRole, active: false });
    expect(off.json()).toEqual({ message: 'Successfully Inactivated' });
    expect((await get(clerk, 'Batches/getPaymentBatches')).statusCode).toBe(403);
    const on = await post(admin, 'Roles/updateRoleActive', { roleID: clerkRole, active: true });
    expect(on.json()).toEqual({ message: 'Successfully Activated' });
    expect((await get(clerk, 'Batches/getPaymentBatches')).statusCode).not.toBe(403);
    expect(await auditDetail('role.activated', clerkRole)).toEqual({
      before: { active: false },
      after: { active: true },
    });
    const adminRole = Number(
      (await database.db.query<{ id: number }>("SELECT role_id AS id FROM users WHERE email = 'admin@alpha.test'"))[0]
        ?.id,
    );
    expect((await post(admin, 'Roles/updateRoleActive', { roleID: adminRole, active: false })).json()).toEqual({
      message: 'You cannot switch off your own role.',
    });
  });

  it('gives only modules the administrator holds, and changes only roles held within their groups', async () => {
    const limited = await createTestUser(database.db, 'limited@alpha.test', {
      groupIds: [await alphaGroup()],
      modules: ['ADMIN_ROLES', 'CLAIMS'],
    });
    expect(limited.userId).toBeGreaterThan(0);
    const limitedAdmin = await signIn(test, 'limited@alpha.test');
    const assignable = (await get(limitedAdmin, 'Roles/GetModuleForAssignPrivilege')).json<ModuleRow[]>();
    expect(assignable.map((m) => m.moduleCode)).toEqual(['CLAIMS', 'ADMIN_ROLES']);
    const tooMuch = await post(limitedAdmin, 'Roles/saveRole', { roleName: 'Poster', moduleIDs: [moduleID.PAYMENTS] });
    expect(tooMuch.json()).toEqual({ message: 'You cannot give modules you do not hold: Payments.' });

    // The clerk works in Alpha: Beta's administrator cannot change their role.
    const refused = await post(betaAdmin, 'Roles/updateRoleData', {
      roleID: await clerkRoleID(),
      roleName: 'Hijacked',
      moduleIDs: [],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Users outside the groups you manage hold this role: it cannot be changed here.',
    });
  });

  it('creates, updates and toggles modules with the spec messages, keeping built-in codes', async () => {
    expect((await get(admin, 'Modules/GetModuleTypes')).json()).toEqual(['billing', 'reports', 'administration']);
    const saved = await post(admin, 'Modules/saveModule', {
      moduleCode: 'reports_aging',
      moduleName: 'Aging reports',
      moduleType: 'reports',
    });
    expect(saved.json()).toMatchObject({ message: 'Module Successfully Created' });
    const id = saved.json<{ id: number }>().id;
    expect((await get(admin, 'Modules/GetModuleInfoByModuleId', { moduleID: String(id) })).json()).toEqual({
      moduleID: id,
      moduleCode: 'REPORTS_AGING',
      moduleName: 'Aging reports',
      moduleType: 'reports',
      active: true,
      builtIn: false,
      roles: 0,
    });
    const sameCode = await post(admin, 'Modules/saveModule', {
      moduleCode: 'REPORTS_AGING',
      moduleName: 'Other',
      moduleType: 'reports',
    });
    expect(sameCode.json()).toEqual({ message: 'Module Code Already Exists' });
    const sameName = await post(admin, 'Modules/saveModule', {
      moduleCode: 'OTHER_CODE',
      moduleName: 'aging REPORTS',
      moduleType: 'reports',
    });
    expect(sameName.json()).toEqual({ message: 'Module Name Already Exists' });
    const badCode = await post(admin, 'Modules/saveModule', {
      moduleCode: 'x',
      moduleName: 'X',
      moduleType: 'reports',
    });
    expect(badCode.statusCode).toBe(400);

    const updated = await post(admin, 'Modules/updateModuleData', {
      moduleID: id,
      moduleCode: 'REPORTS_AGING',
      moduleName: 'Aging',
      moduleType: 'billing',
    });
    expect(updated.json()).toEqual({ message: 'Module Successfully Update' });
    expect(await auditDetail('module.updated', id)).toEqual({
      before: { code: 'REPORTS_AGING', name: 'Aging reports', type: 'reports' },
      after: { code: 'REPORTS_AGING', name: 'Aging', type: 'billing' },
    });
    const renamedCode = await post(admin, 'Modules/updateModuleData', {
      moduleID: moduleID.CLAIMS,
      moduleCode: 'CLAIMS_X',
      moduleName: 'Claims',
      moduleType: 'billing',
    });
    expect(renamedCode.json()).toEqual({ message: 'CLAIMS is checked by the server: its code cannot change.' });
    expect((await post(admin, 'Modules/updateModuleActive', { moduleID: id, active: false })).json()).toEqual({
      message: 'Successfully Inactivated',
    });
    const list = (await get(admin, 'Modules/GetModulesData')).json<ModuleRow[]>();
    expect(list.find((m) => m.moduleID === id)?.active).toBe(false);
    expect(list.find((m) => m.moduleCode === 'CLAIMS')?.builtIn).toBe(true);
    // A module held by users beyond Beta's groups is not Beta's administrator's to switch off.
    expect(
      (await post(betaAdmin, 'Modules/updateModuleActive', { moduleID: moduleID.CLAIMS, active: false })).statusCode,
    ).toBe(403);
  });

  it('answers 403 to a role without Roles and Modules for every call', async () => {
    for (const [method, call] of [
      ['GET', 'Roles/GetMenuRoles'],
      ['GET', 'Roles/GetModulesByRoleId?id=1'],
      ['GET', 'Roles/GetModuleForAssignPrivilege'],
      ['POST', 'Roles/saveRole'],
      ['POST', 'Roles/updateRoleData'],
      ['POST', 'Roles/updateRoleActive'],
      ['GET', 'Modules/GetModuleTypes'],
      ['GET', 'Modules/GetModulesData'],
      ['GET', 'Modules/GetModuleInfoByModuleId?moduleID=1'],
      ['POST', 'Modules/saveModule'],
      ['POST', 'Modules/updateModuleData'],
      ['POST', 'Modules/updateModuleActive'],
    ] as const) {
      const reply = await test.app.inject({ method, url: `/api/${call}`, headers: bearer(clerk), payload: {} });
      expect(reply.statusCode, call).toBe(403);
    }
  });

  async function alphaGroup(): Promise<number> {
    return Number(
      (await database.db.query<{ id: number }>("SELECT group_id AS id FROM groups WHERE name = 'Alpha'"))[0]?.id,
    );
  }
});
