import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { UserSettingsReply } from '../../contract/userSettings.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('per-user settings on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let ann: SessionUser;
  let bob: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Alpha', { claims: 1 });
    await createTestUser(database.db, 'ann@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'bob@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    ann = await signIn(test, 'ann@example.test');
    bob = await signIn(test, 'bob@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const load = (session: SessionUser) =>
    test.app.inject({ method: 'GET', url: '/api/Users/getUserSettings', headers: bearer(session) });
  const save = (session: SessionUser, key: string, value: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/saveUserSetting',
      headers: bearer(session),
      payload: { key, value },
    });

  it('starts empty, keeps shortcuts and pane sizes, and gives each user their own', async () => {
    expect((await load(ann)).json<UserSettingsReply>()).toEqual({ shortcuts: {}, workspaces: {} });
    expect((await save(ann, 'shortcuts', { 'nav.goToClaims': 'g l', 'console.showShortcuts': null })).statusCode).toBe(
      200,
    );
    expect((await save(ann, 'workspace:claims-charges', { claims: 40, charges: 60 })).statusCode).toBe(200);
    expect((await load(ann)).json<UserSettingsReply>()).toEqual({
      shortcuts: { 'nav.goToClaims': 'g l', 'console.showShortcuts': null },
      workspaces: { 'claims-charges': { claims: 40, charges: 60 } },
    });
    expect((await load(bob)).json<UserSettingsReply>()).toEqual({ shortcuts: {}, workspaces: {} });
  });

  it('replaces the whole shortcut map on save, so a reset to defaults sticks', async () => {
    expect((await save(ann, 'shortcuts', {})).statusCode).toBe(200);
    expect((await load(ann)).json<UserSettingsReply>().shortcuts).toEqual({});
  });

  it('refuses two commands on the same key with a message naming the other command', async () => {
    await save(ann, 'shortcuts', { 'nav.goToClaims': 'g c' });
    const reply = await save(ann, 'shortcuts', { 'nav.goToClaims': 'g x', 'nav.goToEra': 'g x' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe('"g x" is already bound to nav.goToClaims.');
    // The refused map changed nothing.
    expect((await load(ann)).json<UserSettingsReply>().shortcuts).toEqual({ 'nav.goToClaims': 'g c' });
  });

  it('refuses values of the wrong shape and unknown keys with 400', async () => {
    expect((await save(ann, 'shortcuts', ['g c'])).statusCode).toBe(400);
    expect((await save(ann, 'shortcuts', { 'nav.goToClaims': 7 })).statusCode).toBe(400);
    expect((await save(ann, 'shortcuts', { 'nav.goToClaims': 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await save(ann, 'workspace:claims', { claims: 140 })).statusCode).toBe(400);
    expect((await save(ann, 'theme', 'dark')).statusCode).toBe(400);
    expect((await save(ann, 'workspace:../../etc', { a: 1 })).statusCode).toBe(400);
  });

  it('refuses a value over 64 KB and a setting past the hundredth, and keeps what was there', async () => {
    const stored = async () =>
      (
        await database.db.query<{ n: number; bytes: number }>(
          'SELECT count(*)::int AS n, coalesce(sum(octet_length(value::text)), 0)::int AS bytes FROM user_settings',
        )
      )[0];
    const before = await stored();
    // 1,000 bindings of about 70 bytes each: each one well-formed, the whole far over the limit.
    const bindings = Object.fromEntries(
      Array.from({ length: 1000 }, (_, index) => [`command.${'x'.repeat(50)}.${index}`, `k ${index}`]),
    );
    const big = await save(bob, 'shortcuts', bindings);
    expect(big.statusCode).toBe(400);
    expect(big.json<{ message: string }>().message).toMatch(/^A setting takes at most 64 KB; this one is \d+ KB\.$/);
    const wide = await save(
      bob,
      'workspace:wide',
      Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`p${i}`, 50])),
    );
    expect(wide.statusCode).toBe(400);
    expect(await stored()).toEqual(before);

    for (let index = 0; index < 100; index += 1)
      expect((await save(bob, `workspace:w${index}`, { a: 50, b: 50 })).statusCode).toBe(200);
    const more = await save(bob, 'workspace:one-more', { a: 50, b: 50 });
    expect(more.statusCode).toBe(400);
    expect(more.json<{ message: string }>().message).toBe(
      'At most 100 settings are kept per user: this one is not saved.',
    );
    // A setting already kept may still change.
    expect((await save(bob, 'workspace:w7', { a: 30, b: 70 })).statusCode).toBe(200);
    expect((await load(bob)).json<UserSettingsReply>().workspaces['w7']).toEqual({ a: 30, b: 70 });
    expect(Object.keys((await load(bob)).json<UserSettingsReply>().workspaces)).toHaveLength(100);
  });
});
