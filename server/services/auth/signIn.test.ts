import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser, SignInReply } from '../../../contract/auth.ts';
import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { totpCode } from '../../auth/totp.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { TEST_TOTP_SECRET, createTestGroup, createTestUser } from '../../test/fixtures.ts';
import {
  bearer,
  createTestApp,
  lastMailedCode,
  signIn,
  startSignIn,
  validatePasscode,
  type TestApp,
} from '../../test/harness.ts';
import { MAX_FAILED_ATTEMPTS } from './policy.ts';

let userCount = 0;

describe.each(testEngines)('sign-in on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let groupId: number;
  /** Every test signs in as a user of its own, so the tests share one database. */
  let EMAIL: string;

  beforeAll(async () => {
    database = await engine.create();
    groupId = (await createTestGroup(database.db, 'Alpha', { claims: 3 })).groupId;
    test = await createTestApp(database.db);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  beforeEach(async () => {
    userCount += 1;
    EMAIL = `biller${userCount}@example.test`;
    await createTestUser(database.db, EMAIL, { groupIds: [groupId] });
    test.mail.length = 0;
  });

  const claimsList = (session: SessionUser) =>
    test.app.inject({ method: 'GET', url: '/api/Claims/getAllClaimsSearchData', headers: bearer(session) });

  it('signs in with password and TOTP and hands back a working session with the menu', async () => {
    const first = await startSignIn(test, EMAIL);
    expect(first.statusCode).toBe(200);
    const reply = first.json<SignInReply>();
    expect(reply.message).toBe('Two Factor Authentication needed');
    expect(reply.methods).toEqual(['totp', 'email']);

    const second = await validatePasscode(test, EMAIL, reply.challenge, totpCode(TEST_TOTP_SECRET, test.clock.time));
    expect(second.statusCode).toBe(200);
    const session = second.json<SessionUser>();
    expect(session.token.length).toBeGreaterThan(30);
    expect(session.defaultModuleURL).toBe('/app/all-claims');
    expect(session.menuData.menuLinks.map((link) => link.link)).toContain('/app/all-claims');
    expect(session.loginAuditID).toBeGreaterThan(0);
    expect(new Date(session.expireDate).getTime()).toBeGreaterThan(test.clock.time);
    expect((await claimsList(session)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const session = await signIn(test, EMAIL);
    const rows = await database.db.query<{ token_hash: string }>(
      'SELECT s.token_hash FROM sessions s JOIN users u USING (user_id) WHERE u.email = $1',
      [EMAIL],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(session.token);
  });

  it('signs in with a code sent by e-mail, which works once', async () => {
    const { challenge } = (await startSignIn(test, EMAIL)).json<SignInReply>();
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/Users/sendVerificationCodeToUser',
      payload: { email: EMAIL, challenge },
    });
    expect(sent.statusCode).toBe(200);
    expect(test.mail.at(-1)?.to).toBe(EMAIL);
    const code = lastMailedCode(test);
    expect((await validatePasscode(test, EMAIL, challenge, code)).statusCode).toBe(200);

    const again = (await startSignIn(test, EMAIL)).json<SignInReply>();
    const reused = await validatePasscode(test, EMAIL, again.challenge, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: LOGIN_ERROR.notMatch });
  });

  it('refuses a TOTP code that was already used', async () => {
    const code = totpCode(TEST_TOTP_SECRET, test.clock.time);
    const first = (await startSignIn(test, EMAIL)).json<SignInReply>();
    expect((await validatePasscode(test, EMAIL, first.challenge, code)).statusCode).toBe(200);
    const second = (await startSignIn(test, EMAIL)).json<SignInReply>();
    const replay = await validatePasscode(test, EMAIL, second.challenge, code);
    expect(replay.json()).toEqual({ message: LOGIN_ERROR.notMatch });
  });

  it('refuses a challenge used twice and one that expired', async () => {
    const { challenge } = (await startSignIn(test, EMAIL)).json<SignInReply>();
    expect(
      (await validatePasscode(test, EMAIL, challenge, totpCode(TEST_TOTP_SECRET, test.clock.time))).statusCode,
    ).toBe(200);
    test.clock.nextTotpStep();
    const reuse = await validatePasscode(test, EMAIL, challenge, totpCode(TEST_TOTP_SECRET, test.clock.time));
    expect(reuse.json()).toEqual({ message: LOGIN_ERROR.timeExpire });

    const late = (await startSignIn(test, EMAIL)).json<SignInReply>();
    test.clock.advanceMinutes(11);
    const expired = await validatePasscode(test, EMAIL, late.challenge, totpCode(TEST_TOTP_SECRET, test.clock.time));
    expect(expired.json()).toEqual({ message: LOGIN_ERROR.timeExpire });
  });

  it('answers NotMatch for a wrong password and for an unknown e-mail alike', async () => {
    const wrong = await startSignIn(test, EMAIL, 'Wrong-Password-1');
    const unknown = await startSignIn(test, 'nobody@example.test');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: LOGIN_ERROR.notMatch });
    expect(unknown.json()).toEqual({ message: LOGIN_ERROR.notMatch });
  });

  it('counts wrong second-factor codes towards the lock', async () => {
    const { challenge } = (await startSignIn(test, EMAIL)).json<SignInReply>();
    let last = '';
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt += 1) {
      last = (await validatePasscode(test, EMAIL, challenge, '000000')).json<{ message: string }>().message;
    }
    expect(last).toBe(LOGIN_ERROR.maximumLimits);
  });

  it('refuses a deactivated user and an expired password with the spec wording', async () => {
    await createTestUser(database.db, `gone${userCount}@example.test`, { groupIds: [], active: false });
    await createTestUser(database.db, `old${userCount}@example.test`, {
      groupIds: [],
      passwordExpiresAt: new Date(test.clock.time - 1000),
    });
    expect((await startSignIn(test, `gone${userCount}@example.test`)).json()).toEqual({
      message: LOGIN_ERROR.deactivated,
    });
    expect((await startSignIn(test, `old${userCount}@example.test`)).json()).toEqual({
      message: LOGIN_ERROR.passwordExpired,
    });
  });

  it('ends a session after 30 idle minutes on the server, but not while it is used', async () => {
    const session = await signIn(test, EMAIL);
    for (let i = 0; i < 3; i += 1) {
      test.clock.advanceMinutes(25);
      expect((await claimsList(session)).statusCode).toBe(200);
    }
    test.clock.advanceMinutes(31);
    expect((await claimsList(session)).statusCode).toBe(401);
    test.clock.advanceMinutes(-30);
    expect((await claimsList(session)).statusCode).toBe(401);
  });

  it('revokes the token on sign-out and records the sign-out time', async () => {
    const session = await signIn(test, EMAIL);
    const out = await test.app.inject({
      method: 'POST',
      url: '/api/Users/userLogout',
      headers: bearer(session),
      payload: { loginAuditID: session.loginAuditID },
    });
    expect(out.statusCode).toBe(200);
    expect((await claimsList(session)).statusCode).toBe(401);
    const [audit] = await database.db.query<{ signed_out_at: Date | null }>(
      'SELECT signed_out_at FROM login_audit WHERE login_audit_id = $1',
      [session.loginAuditID],
    );
    expect(audit?.signed_out_at).not.toBeNull();
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const session = await signIn(test, EMAIL);
    await database.db.query('UPDATE users SET active = false WHERE email = $1', [EMAIL]);
    expect((await claimsList(session)).statusCode).toBe(401);
  });

  it('resets a forgotten password with the e-mailed code and the authenticator, ending old sessions', async () => {
    const session = await signIn(test, EMAIL);
    const asked = await test.app.inject({
      method: 'POST',
      url: '/api/Users/sendVerificationCodeToUser',
      payload: { email: EMAIL, purpose: 'reset_password' },
    });
    expect(asked.statusCode).toBe(200);
    const code = lastMailedCode(test);
    const withoutTotp = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/ResetPassword',
      payload: { email: EMAIL, code, newPassword: 'Brand-New-Pass-9' },
    });
    expect(withoutTotp.statusCode).toBe(400);
    test.clock.nextTotpStep();
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/ResetPassword',
      payload: {
        email: EMAIL,
        code,
        totp: totpCode(TEST_TOTP_SECRET, test.clock.time),
        newPassword: 'Brand-New-Pass-9',
      },
    });
    expect(reset.json()).toEqual({ message: 'Password successfully reset' });
    expect((await claimsList(session)).statusCode).toBe(401);
    expect((await startSignIn(test, EMAIL)).json()).toEqual({ message: LOGIN_ERROR.notMatch });
    expect((await startSignIn(test, EMAIL, 'Brand-New-Pass-9')).statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address exactly like a known one, sending nothing', async () => {
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/Users/sendVerificationCodeToUser',
      payload: { email: 'who@example.test', purpose: 'reset_password' },
    });
    expect(test.mail).toHaveLength(0);
    const known = await test.app.inject({
      method: 'POST',
      url: '/api/Users/sendVerificationCodeToUser',
      payload: { email: EMAIL, purpose: 'reset_password' },
    });
    expect(unknown.json()).toEqual(known.json());
    expect(test.mail.map((message) => message.to)).toEqual([EMAIL]);
  });

  it('holds a user with a one-time password to changing it before anything else', async () => {
    await createTestUser(database.db, `new${userCount}@example.test`, { groupIds: [], mustChangePassword: true });
    const session = await signIn(test, `new${userCount}@example.test`);
    expect(session.mustChangePassword).toBe(true);
    const blocked = await claimsList(session);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: 'Password change required.' });
    const changed = await test.app.inject({
      method: 'POST',
      url: '/api/Users/updateUserPassword',
      headers: bearer(session),
      payload: { currentPassword: 'Test-Password-12', newPassword: 'Another-Pass-77' },
    });
    expect(changed.json()).toEqual({ message: 'Password Successfully Update' });
    expect((await claimsList(session)).statusCode).toBe(200);
  });
});

describe.each(testEngines)('password tries across a restart on $name', (engine) => {
  const EMAIL = 'locked@example.test';
  let dataDir: string | undefined;
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    dataDir = engine.name === 'pglite' ? await mkdtemp(join(tmpdir(), 'lock-')) : undefined;
    database = await engine.create(dataDir ? { dataDir } : {});
    await createTestUser(database.db, EMAIL, { groupIds: [] });
    test = await createTestApp(database.db);
  });

  afterAll(async () => {
    await database.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shuts the password step after repeated failures from one address, and it stays shut across a restart', async () => {
    for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt += 1) {
      expect((await startSignIn(test, EMAIL, 'Wrong-Password-1')).json()).toEqual({ message: LOGIN_ERROR.notMatch });
    }
    expect((await startSignIn(test, EMAIL, 'Wrong-Password-1')).json()).toEqual({ message: LOGIN_ERROR.maximumLimits });
    expect((await startSignIn(test, EMAIL)).json()).toEqual({ message: LOGIN_ERROR.maximumLimits });

    await test.close();
    await database.db.close();
    const reopened = await database.reopen();
    const [throttled] = await reopened.query<{ tries: number }>(
      "SELECT tries FROM sign_in_throttle WHERE kind = 'password' AND subject = $1",
      [EMAIL],
    );
    expect(throttled?.tries).toBe(MAX_FAILED_ATTEMPTS);
    const restarted = await createTestApp(reopened, test.clock);
    try {
      expect((await startSignIn(restarted, EMAIL)).json()).toEqual({ message: LOGIN_ERROR.maximumLimits });
      restarted.clock.advanceMinutes(31);
      expect((await startSignIn(restarted, EMAIL)).statusCode).toBe(200);
    } finally {
      await restarted.close();
      await reopened.close();
    }
  });
});
