import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignInReply } from '../../../contract/auth.ts';
import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { totpCode } from '../../auth/totp.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { TEST_PASSWORD, TEST_TOTP_SECRET, createTestUser } from '../../test/fixtures.ts';
import { createTestApp, lastMailedCode, type TestApp } from '../../test/harness.ts';
import { MAX_FAILED_ATTEMPTS } from './policy.ts';
import { THROTTLE_LIMITS } from './throttle.ts';

let userCount = 0;

/** The doors a stranger can knock on, tried as an attacker would: in parallel, from elsewhere, for nobody. */
describe.each(testEngines)('sign-in throttles and the account lock on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let EMAIL: string;

  beforeAll(async () => {
    database = await engine.create();
    test = await createTestApp(database.db);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  beforeEach(async () => {
    userCount += 1;
    EMAIL = `throttled${userCount}@example.test`;
    await createTestUser(database.db, EMAIL, { groupIds: [] });
    test.mail.length = 0;
    test.clock.nextTotpStep();
  });

  const signIn = (email: string, password: string, address = '10.0.0.1') =>
    test.app.inject({ method: 'POST', url: '/api/Users/signIn', payload: { email, password }, remoteAddress: address });
  const passcode = (email: string, challenge: string, code: string, address = '10.0.0.1') =>
    test.app.inject({
      method: 'GET',
      url: '/api/Users/validatePasscode',
      query: { email, challenge, passcode: code },
      remoteAddress: address,
    });
  const askReset = (email: string, address = '10.0.0.1') =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/sendVerificationCodeToUser',
      payload: { email, purpose: 'reset_password' },
      remoteAddress: address,
    });
  const reset = (payload: Record<string, string>, address = '10.0.0.1') =>
    test.app.inject({ method: 'POST', url: '/api/Claims/ResetPassword', payload, remoteAddress: address });
  const messageOf = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;
  const failuresOf = async (email: string) =>
    (
      await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log a JOIN users u ON u.user_id = a.user_id
          WHERE u.email = $1 AND a.action = 'sign_in.failed'`,
        [email],
      )
    )[0]!.n;
  const wrongTotp = () => (totpCode(TEST_TOTP_SECRET, test.clock.time) === '000000' ? '111111' : '000000');

  it('counts at most five of thirty wrong passwords sent together with the right one; the rest are refused with the lock message', async () => {
    const replies = await Promise.all([
      ...Array.from({ length: 30 }, (_, n) => signIn(EMAIL, `Wrong-Password-${n}`)),
      signIn(EMAIL, TEST_PASSWORD),
    ]);
    const messages = replies.map((reply) => (reply.statusCode === 200 ? 'challenge' : messageOf(reply)));
    expect(messages.filter((message) => message === LOGIN_ERROR.notMatch).length).toBeLessThanOrEqual(
      MAX_FAILED_ATTEMPTS - 1,
    );
    expect(messages.filter((message) => message === LOGIN_ERROR.maximumLimits).length).toBeGreaterThanOrEqual(25);
    expect(
      messages.every((message) => [LOGIN_ERROR.notMatch, LOGIN_ERROR.maximumLimits, 'challenge'].includes(message)),
    ).toBe(true);
    expect(await failuresOf(EMAIL)).toBeLessThanOrEqual(MAX_FAILED_ATTEMPTS);
    // From that address the door stays shut, even to the right password...
    if (!messages.includes('challenge'))
      expect(messageOf(await signIn(EMAIL, TEST_PASSWORD))).toBe(LOGIN_ERROR.maximumLimits);
    // ...but the real user elsewhere is not locked out by a stranger's tries.
    expect((await signIn(EMAIL, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a real one with a wrong password, try after try', async () => {
    const real: string[] = [];
    const unknown: string[] = [];
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS + 2; attempt += 1) {
      real.push(messageOf(await signIn(EMAIL, 'Wrong-Password-1', '10.0.0.2')));
      unknown.push(messageOf(await signIn(`nobody${userCount}@example.test`, 'Wrong-Password-1', '10.0.0.2')));
    }
    expect(unknown).toEqual(real);
    expect(real.slice(0, MAX_FAILED_ATTEMPTS - 1).every((message) => message === LOGIN_ERROR.notMatch)).toBe(true);
    expect(real.slice(MAX_FAILED_ATTEMPTS - 1).every((message) => message === LOGIN_ERROR.maximumLimits)).toBe(true);
    // A stranger's wrong passwords never lock the account itself.
    const [user] = await database.db.query<{ locked_until: Date | null }>(
      'SELECT locked_until FROM users WHERE email = $1',
      [EMAIL],
    );
    expect(user?.locked_until).toBeNull();
  });

  it('counts at most five of sixty wrong authenticator codes sent together with the right one, and locks the account at the fifth', async () => {
    const { challenge } = (await signIn(EMAIL, TEST_PASSWORD)).json<SignInReply>();
    const right = totpCode(TEST_TOTP_SECRET, test.clock.time);
    const wrong = wrongTotp();
    const replies = await Promise.all([
      ...Array.from({ length: 60 }, () => passcode(EMAIL, challenge, wrong)),
      passcode(EMAIL, challenge, right),
    ]);
    const signedIn = replies.filter((reply) => reply.statusCode === 200).length;
    const messages = replies.filter((reply) => reply.statusCode !== 200).map(messageOf);
    expect(messages.filter((message) => message !== LOGIN_ERROR.maximumLimits).length).toBeLessThanOrEqual(
      MAX_FAILED_ATTEMPTS - 1,
    );
    expect(await failuresOf(EMAIL)).toBeLessThanOrEqual(MAX_FAILED_ATTEMPTS);
    expect(signedIn).toBeLessThanOrEqual(1);
    if (signedIn === 0) {
      // Locked: even a fresh, right code on a fresh challenge is refused until the lock ends.
      test.clock.nextTotpStep();
      expect(messageOf(await signIn(EMAIL, TEST_PASSWORD))).toBe(LOGIN_ERROR.maximumLimits);
    }
  });

  it('counts wrong authenticator codes of a password reset towards the lock, and the e-mailed code dies with it', async () => {
    expect((await askReset(EMAIL)).statusCode).toBe(200);
    const code = lastMailedCode(test);
    const said: string[] = [];
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt += 1) {
      said.push(messageOf(await reset({ email: EMAIL, code, totp: wrongTotp(), newPassword: 'Brand-New-Pass-9' })));
    }
    expect(said.at(-1)).toBe(LOGIN_ERROR.maximumLimits);
    expect(said.slice(0, -1).every((message) => message !== LOGIN_ERROR.maximumLimits)).toBe(true);
    const [user] = await database.db.query<{ locked_until: Date | null; failed_attempts: number }>(
      'SELECT locked_until, failed_attempts FROM users WHERE email = $1',
      [EMAIL],
    );
    expect(user?.locked_until).not.toBeNull();
    expect(user?.failed_attempts).toBe(MAX_FAILED_ATTEMPTS);
    // The lock spent the e-mailed code: with the right authenticator code it is still no good.
    const [open] = await database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM passcodes p JOIN users u ON u.user_id = p.user_id WHERE u.email = $1 AND p.used_at IS NULL',
      [EMAIL],
    );
    expect(open?.n).toBe(0);
    test.clock.nextTotpStep();
    const late = await reset({
      email: EMAIL,
      code,
      totp: totpCode(TEST_TOTP_SECRET, test.clock.time),
      newPassword: 'Brand-New-Pass-9',
    });
    expect(late.statusCode).toBe(400);
    expect((await signIn(EMAIL, 'Brand-New-Pass-9', '10.0.0.3')).statusCode).toBe(400);
  });

  it('sends at most three reset mails for thirty requests at once, and only the newest code works', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => askReset(EMAIL, '10.0.0.4')));
    expect(new Set(replies.map((reply) => reply.statusCode))).toEqual(new Set([200]));
    expect(new Set(replies.map(messageOf)).size).toBe(1);
    const mailed = test.mail.filter((message) => message.to === EMAIL);
    expect(mailed.length).toBe(THROTTLE_LIMITS.reset_mail_account.tries);
    const codes = mailed.map((message) => /\b(\d{6})\b/.exec(message.text)![1]!);
    // The mails went out together; whichever was issued last is the one code that works.
    const statuses: number[] = [];
    for (const code of codes) {
      test.clock.nextTotpStep();
      const tried = await reset({
        email: EMAIL,
        code,
        totp: totpCode(TEST_TOTP_SECRET, test.clock.time),
        newPassword: 'Brand-New-Pass-9',
      });
      statuses.push(tried.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  });

  it('limits reset mails per client address whatever e-mails it asks for, and answers an unknown e-mail like a known one', async () => {
    const others = await Promise.all(
      Array.from({ length: THROTTLE_LIMITS.reset_mail_address.tries }, (_, n) =>
        createTestUser(database.db, `reset-flood${userCount}-${n}@example.test`, { groupIds: [] }),
      ),
    );
    for (const other of others) expect((await askReset(other.email, '10.0.0.5')).statusCode).toBe(200);
    expect(test.mail.length).toBe(others.length);
    const known = await askReset(EMAIL, '10.0.0.5');
    const unknown = await askReset(`nobody-reset${userCount}@example.test`, '10.0.0.5');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(test.mail.length).toBe(others.length);
  });

  it('answers wrong reset codes for an unknown e-mail like those for a real one, and stops both after five', async () => {
    const real: string[] = [];
    const unknown: string[] = [];
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS + 1; attempt += 1) {
      real.push(messageOf(await reset({ email: EMAIL, code: '123456', newPassword: 'Brand-New-Pass-9' }, '10.0.0.6')));
      unknown.push(
        messageOf(
          await reset(
            { email: `nobody-code${userCount}@example.test`, code: '123456', newPassword: 'Brand-New-Pass-9' },
            '10.0.0.6',
          ),
        ),
      );
    }
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toBe(LOGIN_ERROR.maximumLimits);
  });
});
