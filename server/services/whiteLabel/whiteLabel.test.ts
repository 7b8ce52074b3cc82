import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhiteLabelSetup } from '../../../contract/whiteLabel.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe.each(testEngines)('white label on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Lakeside', { claims: 0 });
    // A group has one login page; the switched-off one belongs to a client of its own.
    const retired = await createTestGroup(database.db, 'Retired', { claims: 0 });
    await database.db.query(
      `INSERT INTO white_label_setups (group_id, subdomain, title, primary_color, secondary_color) VALUES ($1, 'lakeside', 'Lakeside Billing', '#0f766e', '#ccfbf1'),
              ($2, 'retired', 'Old Brand', '#000000', '#ffffff')`,
      [group.groupId, retired.groupId],
    );
    await database.db.query("UPDATE white_label_setups SET active = false WHERE subdomain = 'retired'");
    test = await createTestApp(database.db);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const lookUp = (subdomain: string) =>
    test.app.inject({ method: 'GET', url: '/api/Users/getWhiteLabelSetup', query: { subdomain } });

  it('finds the branding of a sub-domain without a session, case-insensitively', async () => {
    const reply = await lookUp('Lakeside');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<WhiteLabelSetup>()).toMatchObject({
      subdomain: 'lakeside',
      title: 'Lakeside Billing',
      primaryColor: '#0f766e',
      active: true,
    });
  });

  it("answers 'White label setup not found.' for an unknown or inactive sub-domain", async () => {
    for (const subdomain of ['localhost', 'retired']) {
      const reply = await lookUp(subdomain);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'White label setup not found.' });
    }
  });
});
