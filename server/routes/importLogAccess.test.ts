import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Reports } from '../../contract/calls/reports.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

/** The import logs' screens, the call each reads its rows with, and where the catalogue serves it. */
const LOGS = [
  { link: '/app/edi-import-log', call: Claims.getEdiImportLogStatus },
  { link: '/app/hl7-import-log', call: Reports.getHL7ImportLogProfileData },
] as const;

/** The import logs' menu links and their calls ask for the same module: no link answers 403, no call is out of reach of the menu. */
describe.each(testEngines)('import log access on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let reportsOnly: SessionUser;
  let claimsOnly: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    const group = await createTestGroup(database.db, 'Logsworth', { claims: 1 });
    await createTestUser(database.db, 'reports-only@example.test', { groupIds: [group.groupId], modules: ['REPORTS'] });
    await createTestUser(database.db, 'claims-only@example.test', { groupIds: [group.groupId], modules: ['CLAIMS'] });
    test = await createTestApp(database.db);
    reportsOnly = await signIn(test, 'reports-only@example.test');
    claimsOnly = await signIn(test, 'claims-only@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const read = (session: SessionUser, path: string) =>
    test.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(session) });

  it("puts each log's menu link under the module its call needs", async () => {
    for (const { link, call } of LOGS) {
      const modules = await database.db.query<{ code: string }>(
        'SELECT m.code FROM menu_links l JOIN modules m USING (module_id) WHERE l.link = $1',
        [link],
      );
      expect(
        modules.map((row) => row.code),
        link,
      ).toEqual([call.access]);
    }
  });

  it('shows a role with Reports and not Claims both logs, and answers it', async () => {
    const links = reportsOnly.menuData.menuLinks.map((entry) => entry.link);
    for (const { link, call } of LOGS) {
      expect(links, link).toContain(link);
      const reply = await read(reportsOnly, call.path);
      expect(reply.statusCode, call.path).toBe(200);
    }
  });

  it('shows a role with Claims and not Reports neither log, and refuses it both calls', async () => {
    const links = claimsOnly.menuData.menuLinks.map((entry) => entry.link);
    for (const { link, call } of LOGS) {
      expect(links, link).not.toContain(link);
      const reply = await read(claimsOnly, call.path);
      expect(reply.statusCode, call.path).toBe(403);
    }
  });
});
