import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, SignInReply } from '../../../contract/auth.ts';
import { totpCode } from '../../auth/totp.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestApp, validatePasscode, type TestApp } from '../../test/harness.ts';
import { createFirstAdministrator } from './firstAdministrator.ts';

describe.each(testEngines)('first administrator on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await engine.create();
    test = await createTestApp(database.db);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('is created once, with a one-time password that must be changed at first sign-in', async () => {
    const admin = await createFirstAdministrator(database.db, 'owner@example.test');
    expect(admin).not.toBeNull();
    expect(await createFirstAdministrator(database.db, 'second@example.test')).toBeNull();

    const first = await test.app.inject({
      method: 'POST',
      url: '/api/Users/signIn',
      payload: { email: admin!.email, password: admin!.oneTimePassword },
    });
    const { challenge } = first.json<SignInReply>();
    const session = (
      await validatePasscode(test, admin!.email, challenge, totpCode(admin!.totpSecret, test.clock.time))
    ).json<SessionUser>();
    expect(session.mustChangePassword).toBe(true);
    expect(session.modules).toContain('ADMIN_USERS');

    const stored = await database.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored[0]!.password_hash).not.toContain(admin!.oneTimePassword);
  });
});
