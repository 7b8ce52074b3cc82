import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { ClearinghouseSim } from '../../payerSim/clearinghouse/clearinghouseSim.ts';
import { loadReferenceData } from '../../reference/load.ts';
import { DEMO_EMAIL } from '../../seed/demo-user.ts';
import { seedDemo } from '../../seed/generator.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { loadDataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { scrubClaims } from '../scrub/scrubClaims.ts';
import { submitAndSend } from '../submission/submitAndSend.ts';
import { collectDueReplies } from './collectReplies.ts';
import {
  allDemoFolders,
  demoClearinghouseFolders,
  setDemoClearinghouse,
  type DemoClearinghouseFolders,
} from './demoClearinghouse.ts';
import { localTransport } from './localTransport.ts';

/** The demo's whole cycle through its local-folder clearinghouse: submit, accepted, paid, posted, balances fall. */
describe.each(testEngines)('the demo clearinghouse on $name', (engine) => {
  let database: TestDatabase;
  let root: string;
  let folders: DemoClearinghouseFolders;
  let actor: Actor;

  beforeAll(async () => {
    database = await engine.create();
    await loadReferenceData(database.db);
    await seedDemo(database.db, { claims: 150, seed: 11, now: new Date() });
    root = mkdtempSync(join(tmpdir(), 'demo-clearinghouse-'));
    folders = demoClearinghouseFolders(root);
    for (const folder of allDemoFolders(folders)) mkdirSync(folder, { recursive: true });
    const [user] = await database.db.query<{ userId: number; roleId: number; dataRoleId: number }>(
      'SELECT user_id AS "userId", role_id AS "roleId", data_role_id AS "dataRoleId" FROM users WHERE email = $1',
      [DEMO_EMAIL],
    );
    actor = {
      userId: user!.userId,
      sessionId: 0,
      loginAuditId: 0,
      roleId: user!.roleId,
      dataRoleId: user!.dataRoleId,
      modules: new Set(),
      mustChangePassword: false,
      ip: '127.0.0.1',
      source: 'palette',
    };
  }, 180_000);

  afterAll(async () => {
    await database.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the demo payers through the simulator and posts its remittances', async () => {
    expect(await setDemoClearinghouse(database.db, folders, DEMO_EMAIL)).toBe(true);
    // Set up once: a second start keeps it as it is.
    expect(await setDemoClearinghouse(database.db, folders, DEMO_EMAIL)).toBe(false);
    const waiting = await database.db.query<{ id: number }>(
      `SELECT c.claim_id AS id FROM claims c JOIN insurances i ON i.insurance_id = c.insurance_id
        WHERE c.submit_status_id = 1 AND c.claim_status_id NOT IN (7, 8) AND i.clearing_house_id IS NOT NULL
        ORDER BY c.claim_id LIMIT 30`,
    );
    const scrubbed = await scrubClaims(
      database.db,
      actor,
      waiting.map((row) => Number(row.id)),
      new Date(),
    );
    const clean = scrubbed.claims
      .filter((claim) => claim.scrubStatusID === SCRUB_STATUS.passed)
      .map((claim) => claim.claimID)
      .slice(0, 8);
    expect(clean.length).toBeGreaterThan(2);
    const balance = async () =>
      Number(
        (
          await database.db.query<{ total: number }>(
            'SELECT coalesce(sum(balance_cents), 0)::bigint AS total FROM claims WHERE claim_id = ANY($1::bigint[])',
            [clean],
          )
        )[0]?.total,
      );
    const before = await balance();

    const scope = await loadDataScope(database.db, actor.dataRoleId);
    const submitted = await submitAndSend(database.db, actor, scope, clean, new Date());
    expect(submitted.submitted.sort()).toEqual([...clean].sort());
    expect(submitted.batches.every((batch) => batch.status === 'sent')).toBe(true);
    expect(readdirSync(folders.outbound)).toHaveLength(submitted.batches.length);

    const sim = new ClearinghouseSim({
      open: localTransport,
      claimsFolder: folders.outbound,
      repliesFolder: folders.inbound,
      doneFolder: folders.done,
      remitAfterSeconds: 0,
    });
    const answered = await sim.tick();
    expect(answered.read).toHaveLength(submitted.batches.length);
    expect(answered.wrote.filter((name) => name.endsWith('_835.x12')).length).toBeGreaterThan(0);

    const collected = await collectDueReplies(database.db, () => new Date());
    expect(collected.errors).toEqual([]);
    expect(collected.files.map((file) => file.fileName).sort()).toEqual([...answered.wrote].sort());
    const remittances = collected.files.filter((file) => file.transactionSet === '835');
    expect(remittances.every((file) => file.outcome === 'read' && / posted \(/.test(file.detail))).toBe(true);
    expect(readdirSync(folders.inbound)).toEqual([]);
    expect(await balance()).toBeLessThan(before);
  });
});
