import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, SignInReply } from '../../../contract/auth.ts';
import { SecretBox } from '../../auth/secretBox.ts';
import { totpCode } from '../../auth/totp.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { TEST_TOTP_SECRET, createTestUser } from '../../test/fixtures.ts';
import { TestClock, createTestApp, startSignIn, validatePasscode, type TestApp } from '../../test/harness.ts';
import { sealTotpSecrets } from './sealTotpSecrets.ts';

describe.each(testEngines)('authenticator secrets at rest on $name', (engine) => {
  const EMAIL = 'sealed@example.test';
  const key = randomBytes(32);
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await engine.create();
    await createTestUser(database.db, EMAIL, { groupIds: [] });
    test = await createTestApp(database.db, new TestClock(), { totpKey: key });
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const storedSecret = async () =>
    (await database.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE email = $1', [EMAIL]))[0]!
      .totp_secret;

  it('are sealed at start-up, once: the database holds no authenticator key in the clear', async () => {
    expect(await storedSecret()).toBe(TEST_TOTP_SECRET);
    expect(await sealTotpSecrets(database.db, new SecretBox(key))).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret();
    expect(stored).not.toContain(TEST_TOTP_SECRET);
    expect(new SecretBox(key).open(stored)).toBe(TEST_TOTP_SECRET);
    expect(await sealTotpSecrets(database.db, new SecretBox(key))).toBe(0);
    expect(await storedSecret()).toBe(stored);
  });

  it('still open the second factor: a sealed secret signs in with its authenticator code', async () => {
    test.clock.nextTotpStep();
    const { challenge } = (await startSignIn(test, EMAIL)).json<SignInReply>();
    const reply = await validatePasscode(test, EMAIL, challenge, totpCode(TEST_TOTP_SECRET, test.clock.time));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<SessionUser>().token).toBeTruthy();
  });
});
