import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { loadReferenceData } from '../reference/load.ts';
import type { Actor } from '../services/context.ts';
import { uploadEra } from '../services/era/uploadEra.ts';
import { writeDemoRemittances } from './demoRemittances.ts';
import { seedDemo } from './generator.ts';

/** The demo's own cycle: its submitted claims come back paid in 835 files that upload and match in full. */
describe('demo remittances', () => {
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims: 300, seed: 7, now: new Date('2026-11-22T12:00:00Z') });
    dir = await mkdtemp(join(tmpdir(), 'demo-era-'));
  });

  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one file per payer that uploads with every claim and line matched, balanced, and a denial among them', async () => {
    const files = await writeDemoRemittances(db, dir, '2026-11-22');
    expect(files.length).toBeGreaterThan(0);
    const [user] = await db.query<{ userId: number; dataRoleId: number; roleId: number }>(
      'SELECT user_id AS "userId", data_role_id AS "dataRoleId", role_id AS "roleId" FROM users ORDER BY user_id LIMIT 1',
    );
    const groups = await db.query<{ groupID: number }>('SELECT group_id AS "groupID" FROM groups ORDER BY group_id');
    const actor: Actor = {
      userId: user?.userId ?? 0,
      sessionId: 0,
      loginAuditId: 0,
      roleId: user?.roleId ?? 0,
      dataRoleId: user?.dataRoleId ?? 0,
      modules: new Set(),
      mustChangePassword: false,
      ip: '127.0.0.1',
      source: 'api',
    };
    const [claimGroup] = await db.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM claims WHERE claim_status_id IN (3, 4) GROUP BY group_id ORDER BY count(*) DESC, group_id LIMIT 1',
    );
    let denied = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const reply = await uploadEra(
        db,
        actor,
        { groupIds: groups.map((group) => group.groupID), practiceIds: [] },
        { groupID: claimGroup?.groupID ?? 0, fileName: file, text },
      );
      for (const check of reply.checks) {
        expect(check.balanced).toBe(true);
        expect(check.matchedClaims).toBe(check.claims);
        expect(check.matchedLines).toBe(check.lines);
      }
      denied += (text.match(/CLP\*\d+\*4\*/g) ?? []).length;
    }
    expect(denied).toBeGreaterThan(0);
  });
});
