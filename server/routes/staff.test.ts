import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, SignInReply } from '../../contract/auth.ts';
import type { PracticesReply } from '../../contract/crosswalks.ts';
import type { AuthenticatorEnrolment, UserLookups, UserRow } from '../../contract/staff.ts';
import { totpCode } from '../auth/totp.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

const NEW_PASSWORD = 'Welcome-Aboard-2026';

describe.each(testEngines)('inviting and managing staff on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let admin: SessionUser;
  let betaAdmin: SessionUser;
  let clerk: SessionUser;
  let adminDataRole: number;
  let alphaOnly: number;
  let billerRole: number;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 2 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 2 });
    await createTestUser(database.db, 'admin@alpha.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'admin@beta.test', { groupIds: [beta.groupId] });
    await createTestUser(database.db, 'clerk@alpha.test', { groupIds: [alpha.groupId], modules: ['CLAIMS'] });
    const one = async (sql: string, values: unknown[]) =>
      Number((await database.db.query<{ id: number }>(sql, values))[0]?.id);
    adminDataRole = await one("SELECT data_role_id AS id FROM users WHERE email = 'admin@alpha.test'", []);
    alphaOnly = await one("INSERT INTO data_roles (name) VALUES ('Alpha staff') RETURNING data_role_id AS id", []);
    await database.db.query('INSERT INTO data_role_groups (data_role_id, group_id) VALUES ($1, $2)', [
      alphaOnly,
      alpha.groupId,
    ]);
    billerRole = await one("INSERT INTO roles (name) VALUES ('Biller') RETURNING role_id AS id", []);
    await database.db.query(
      "INSERT INTO role_modules (role_id, module_id) SELECT $1, module_id FROM modules WHERE code IN ('CLAIMS', 'PAYMENTS')",
      [billerRole],
    );
    test = await createTestApp(database.db);
    admin = await signIn(test, 'admin@alpha.test');
    betaAdmin = await signIn(test, 'admin@beta.test');
    clerk = await signIn(test, 'clerk@alpha.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (session: SessionUser | null, call: string, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: `/api/${call}`, query, headers: session ? bearer(session) : {} });
  const post = (session: SessionUser | null, call: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/${call}`, payload, headers: session ? bearer(session) : {} });
  const invitationToken = () => {
    const text = test.mail.at(-1)?.text ?? '';
    const token = /accept-invitation\?token=([\w%-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`No invitation link in: ${text}`);
    return decodeURIComponent(token);
  };
  const auditDetail = async (action: string, recordId: number) =>
    (
      await database.db.query<{ detail: unknown }>(
        'SELECT detail FROM audit_log WHERE action = $1 AND record_id = $2 ORDER BY audit_id DESC LIMIT 1',
        [action, String(recordId)],
      )
    )[0]?.detail;
  const invite = (email: string, extra: Record<string, unknown> = {}) =>
    post(admin, 'Users/saveUser', {
      email,
      firstName: 'Nora',
      lastName: 'Quinn',
      roleID: billerRole,
      dataRoleID: alphaOnly,
      defaultModuleURL: '/app/all-claims',
      ...extra,
    });

  it('invites a user by e-mail, who sets a password, enrols an authenticator from its key and signs in', async () => {
    const saved = await invite('nora@alpha.test');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'User Successfully Created' });
    const userID = saved.json<{ userID: number }>().userID;
    expect(test.mail.at(-1)).toMatchObject({
      to: 'nora@alpha.test',
      subject: 'You are invited to the Billing Console',
    });
    const token = invitationToken();

    // Listed as invited; the password is nobody's yet.
    const listed = (await get(admin, 'Users/GetUsersData')).json<UserRow[]>();
    expect(listed.find((user) => user.email === 'nora@alpha.test')).toMatchObject({
      status: 'Invited',
      roleName: 'Biller',
      dataRoleName: 'Alpha staff',
      authenticatorEnrolled: false,
    });
    expect((await post(null, 'Users/signIn', { email: 'nora@alpha.test', password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );

    expect((await get(null, 'Users/getInvitation', { token })).json()).toEqual({
      email: 'nora@alpha.test',
      firstName: 'Nora',
      lastName: 'Quinn',
    });
    const weak = await post(null, 'Users/acceptInvitation', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    const accepted = await post(null, 'Users/acceptInvitation', { token, newPassword: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    const enrolment = accepted.json<AuthenticatorEnrolment>();
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    // Sealed at rest: the database holds no plain key.
    const [stored] = await database.db.query<{ totp_pending_secret: string }>(
      'SELECT totp_pending_secret FROM users WHERE user_id = $1',
      [userID],
    );
    expect(stored?.totp_pending_secret.startsWith('v1:')).toBe(true);
    expect(stored?.totp_pending_secret).not.toContain(enrolment.secret);

    const wrong = await post(null, 'Users/enrolInvitedAuthenticator', { token, code: '000000' });
    expect(wrong.json()).toEqual({ message: 'The code does not match: type the 6 digits the app shows now.' });
    test.clock.nextTotpStep();
    const code = totpCode(enrolment.secret, test.clock.time);
    const enrolled = await post(null, 'Users/enrolInvitedAuthenticator', { token, code });
    expect(enrolled.json()).toEqual({ message: 'Authenticator app enrolled.' });
    // The link is used up.
    expect((await get(null, 'Users/getInvitation', { token })).statusCode).toBe(400);

    const first = await post(null, 'Users/signIn', { email: 'nora@alpha.test', password: NEW_PASSWORD });
    expect(first.statusCode).toBe(200);
    const { challenge, methods } = first.json<SignInReply>();
    expect(methods).toContain('totp');
    // The enrolment's code cannot sign in a second time.
    const replay = await get(null, 'Users/validatePasscode', { email: 'nora@alpha.test', challenge, passcode: code });
    expect(replay.statusCode).toBe(400);
    test.clock.nextTotpStep();
    const second = await get(null, 'Users/validatePasscode', {
      email: 'nora@alpha.test',
      challenge,
      passcode: totpCode(enrolment.secret, test.clock.time),
    });
    expect(second.statusCode).toBe(200);
    const nora = second.json<SessionUser>();
    expect(nora.modules).toEqual(['CLAIMS', 'PAYMENTS']);
    expect(nora.menuData.menuLinks.map((link) => link.link)).toContain('/app/all-claims');
    expect(nora.menuData.menuLinks.map((link) => link.link)).not.toContain('/setting/users');
    const row = (await get(admin, 'Users/GetUserInfoByEmail', { email: 'nora@alpha.test' })).json<UserRow>();
    expect(row).toMatchObject({ status: 'Active', authenticatorEnrolled: true });
    expect(row.lastSignIn).toMatch(/^2026-11-22T/);
    expect(await auditDetail('user.created', userID)).toMatchObject({
      before: null,
      after: { email: 'nora@alpha.test', roleID: billerRole, dataRoleID: alphaOnly },
    });
  });

  it('refuses a second user with the same e-mail in the spec words, and changes nothing', async () => {
    const again = await invite('NORA@alpha.test');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'User already exist with this email id.' });
  });

  it('saves changes with before and after in the audit, and resends an invitation only while it is open', async () => {
    const saved = await invite('otto@alpha.test');
    const userID = saved.json<{ userID: number }>().userID;
    const firstToken = invitationToken();
    const update = {
      userID,
      email: 'otto@alpha.test',
      firstName: 'Otto',
      lastName: 'Quinn',
      roleID: billerRole,
      dataRoleID: alphaOnly,
      defaultModuleURL: null,
    };
    const changed = await post(admin, 'Users/updateUserData', { ...update, resendInvitation: true });
    expect(changed.json()).toEqual({ message: 'User successfully saved.' });
    const secondToken = invitationToken();
    expect(secondToken).not.toBe(firstToken);
    expect((await get(null, 'Users/getInvitation', { token: firstToken })).statusCode).toBe(400);
    expect((await get(null, 'Users/getInvitation', { token: secondToken })).json()).toMatchObject({
      firstName: 'Otto',
    });
    expect(await auditDetail('user.updated', userID)).toMatchObject({
      before: { firstName: 'Nora', defaultModuleURL: '/app/all-claims' },
      after: { firstName: 'Otto', defaultModuleURL: null },
      invitationSent: true,
    });
    const noraID = (await get(admin, 'Users/GetUserInfoByEmail', { email: 'nora@alpha.test' })).json<UserRow>().userID;
    const resent = await post(admin, 'Users/updateUserData', {
      ...update,
      userID: noraID,
      email: 'nora@alpha.test',
      firstName: 'Nora',
      resendInvitation: true,
    });
    expect(resent.json()).toEqual({ message: 'This user has already accepted their invitation.' });
    const taken = await post(admin, 'Users/updateUserData', { ...update, email: 'nora@alpha.test' });
    expect(taken.json()).toEqual({ message: 'User already exist with this email id.' });
  });

  it('ends the sessions of a deactivated user on their next request, and lets them back in once activated', async () => {
    const clerkID = (await get(admin, 'Users/GetUserInfoByEmail', { email: 'clerk@alpha.test' })).json<UserRow>()
      .userID;
    expect((await get(clerk, 'Repository/getPractices')).statusCode).toBe(200);
    const off = await post(admin, 'Users/updateUserActive', { userID: clerkID, active: false });
    expect(off.json()).toEqual({ message: 'Successfully Inactivated' });
    expect((await get(clerk, 'Repository/getPractices')).statusCode).toBe(401);
    expect(
      (await post(null, 'Users/signIn', { email: 'clerk@alpha.test', password: 'Test-Password-12' })).json(),
    ).toEqual({ message: 'This user is deactivate.' });
    expect(await auditDetail('user.deactivated', clerkID)).toEqual({
      before: { active: true },
      after: { active: false },
    });
    const on = await post(admin, 'Users/updateUserActive', { userID: clerkID, active: true });
    expect(on.json()).toEqual({ message: 'Successfully Activated' });
    clerk = await signIn(test, 'clerk@alpha.test');
    expect((await get(clerk, 'Repository/getPractices')).statusCode).toBe(200);
    // An administrator cannot switch themselves off.
    const own = await post(admin, 'Users/updateUserActive', { userID: admin.userID, active: false });
    expect(own.statusCode).toBe(403);
  });

  it('narrows what a user sees on their next request when their data role changes', async () => {
    const clerkRow = (await get(admin, 'Users/GetUserInfoByEmail', { email: 'clerk@alpha.test' })).json<UserRow>();
    const practices = async () =>
      (await get(clerk, 'Repository/getPractices')).json<PracticesReply>().practices.map((p) => p.practiceID);
    // Widen the clerk's data role to both groups, then narrow it back: each shows at once.
    const widened = await post(admin, 'Repository/updateDataRoleData', {
      dataRoleID: clerkRow.dataRoleID,
      name: clerkRow.dataRoleName,
      groupIDs: [alpha.groupId, beta.groupId],
    });
    expect(widened.statusCode).toBe(200);
    expect((await practices()).sort()).toEqual([alpha.practiceId, beta.practiceId].sort());
    const narrowed = await post(admin, 'Repository/updateDataRoleData', {
      dataRoleID: clerkRow.dataRoleID,
      name: clerkRow.dataRoleName,
      groupIDs: [alpha.groupId],
    });
    expect(narrowed.json()).toEqual({ message: 'Data Role Successfully Saved' });
    expect(await practices()).toEqual([alpha.practiceId]);
    // Moving the user to another data role works the same way.
    const moved = await post(admin, 'Users/updateUserData', {
      userID: clerkRow.userID,
      email: clerkRow.email,
      firstName: clerkRow.firstName,
      lastName: clerkRow.lastName,
      roleID: clerkRow.roleID,
      dataRoleID: adminDataRole,
    });
    expect(moved.statusCode).toBe(200);
    expect((await practices()).length).toBe(2);
  });

  it('shows an administrator only the users within their groups, and gives only what they hold', async () => {
    const seenByBeta = (await get(betaAdmin, 'Users/GetUsersData')).json<UserRow[]>().map((user) => user.email);
    expect(seenByBeta).toEqual(['admin@beta.test']);
    expect((await get(betaAdmin, 'Users/GetUserInfoByEmail', { email: 'nora@alpha.test' })).statusCode).toBe(404);
    const noraID = (await get(admin, 'Users/GetUserInfoByEmail', { email: 'nora@alpha.test' })).json<UserRow>().userID;
    expect((await post(betaAdmin, 'Users/updateUserActive', { userID: noraID, active: false })).statusCode).toBe(404);
    const byGroup = (await get(admin, 'Users/GetUsersData', { groupID: String(beta.groupId) })).json<UserRow[]>();
    expect(byGroup.every((user) => user.email !== 'nora@alpha.test')).toBe(true);

    const lookups = (await get(betaAdmin, 'Users/getUserLookupDropowns')).json<UserLookups>();
    expect(lookups.dataRoles.map((role) => role.name)).not.toContain('Alpha staff');
    const beyond = await post(betaAdmin, 'Users/saveUser', {
      email: 'sneaky@beta.test',
      firstName: 'S',
      lastName: 'N',
      roleID: billerRole,
      dataRoleID: alphaOnly,
    });
    expect(beyond.json()).toEqual({ message: 'Pick an active data role within the groups you manage.' });

    // A role holding a module the administrator lacks cannot be given by them.
    const limited = await createTestUser(database.db, 'limited@alpha.test', {
      groupIds: [alpha.groupId],
      modules: ['ADMIN_USERS', 'CLAIMS'],
    });
    expect(limited.userId).toBeGreaterThan(0);
    const limitedAdmin = await signIn(test, 'limited@alpha.test');
    const roles = (await get(limitedAdmin, 'Users/getUserLookupDropowns')).json<UserLookups>().roles;
    expect(roles.map((role) => role.name)).not.toContain('Biller');
    const tooMuch = await post(limitedAdmin, 'Users/saveUser', {
      email: 'more@alpha.test',
      firstName: 'M',
      lastName: 'O',
      roleID: billerRole,
      dataRoleID: alphaOnly,
    });
    expect(tooMuch.json()).toEqual({ message: 'You cannot give a role with modules you do not hold: Payments.' });
  });

  it('answers 403 to a role without Users for every call of it', async () => {
    for (const [method, call] of [
      ['GET', 'Users/GetUsersData'],
      ['GET', 'Users/GetUserInfoByEmail?email=nora@alpha.test'],
      ['GET', 'Users/getUserLookupDropowns'],
      ['POST', 'Users/saveUser'],
      ['POST', 'Users/updateUserData'],
      ['POST', 'Users/updateUserActive'],
    ] as const) {
      const reply = await test.app.inject({ method, url: `/api/${call}`, headers: bearer(clerk), payload: {} });
      expect(reply.statusCode, call).toBe(403);
    }
  });

  it('lets a signed-in user enrol a new authenticator app with their password, the old one working until then', async () => {
    const wrong = await post(clerk, 'Users/startAuthenticatorEnrolment', { password: 'nope' });
    expect(wrong.json()).toEqual({ message: 'The password is not correct.' });
    const started = await post(clerk, 'Users/startAuthenticatorEnrolment', { password: 'Test-Password-12' });
    const enrolment = started.json<AuthenticatorEnrolment>();
    expect(enrolment.email).toBe('clerk@alpha.test');
    // Until confirmed, the old key still signs in.
    await signIn(test, 'clerk@alpha.test');
    test.clock.nextTotpStep();
    const confirmed = await post(clerk, 'Users/confirmAuthenticatorEnrolment', {
      code: totpCode(enrolment.secret, test.clock.time),
    });
    expect(confirmed.json()).toEqual({ message: 'Authenticator app enrolled.' });
    await expect(signIn(test, 'clerk@alpha.test')).rejects.toThrow(/validatePasscode 400/);
    test.clock.nextTotpStep();
    const first = await post(null, 'Users/signIn', { email: 'clerk@alpha.test', password: 'Test-Password-12' });
    const second = await get(null, 'Users/validatePasscode', {
      email: 'clerk@alpha.test',
      challenge: first.json<SignInReply>().challenge,
      passcode: totpCode(enrolment.secret, test.clock.time),
    });
    expect(second.statusCode).toBe(200);
  });
});
