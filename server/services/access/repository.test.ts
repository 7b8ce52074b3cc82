import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { auditOfRequest, writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimsInScope } from './claimsInScope.ts';
import type { DataScope } from './dataScope.ts';
import { Repository } from './repository.ts';

describe.each(testEngines)('the request repository on $name', (engine) => {
  let database: TestDatabase;
  let ours: TestGroup;
  let theirs: TestGroup;
  let actor: Actor;

  beforeAll(async () => {
    database = await engine.create();
    ours = await createTestGroup(database.db, 'Repository Ours', { claims: 3 });
    theirs = await createTestGroup(database.db, 'Repository Theirs', { claims: 2 });
    const user = await createTestUser(database.db, 'repository-biller@example.test', { groupIds: [ours.groupId] });
    const [row] = await database.db.query<{ data_role_id: number; role_id: number }>(
      'SELECT data_role_id, role_id FROM users WHERE user_id = $1',
      [user.userId],
    );
    actor = {
      userId: user.userId,
      sessionId: 0,
      loginAuditId: 0,
      roleId: row!.role_id,
      dataRoleId: row!.data_role_id,
      modules: new Set(),
      mustChangePassword: false,
      ip: '10.1.2.3',
      source: 'palette',
    };
  });

  afterAll(() => database.dispose());

  const readRows = (call: string) =>
    database.db.query<{
      user_id: number;
      action: string;
      record_id: string;
      source: string;
      ip: string;
      detail: unknown;
    }>(
      `SELECT user_id::int, action, record_id, source, ip, detail FROM audit_log WHERE record_type = 'call' AND record_id = $1 ORDER BY audit_id`,
      [call],
    );
  /** Runs `body` as the call layer does: inside one request's audit tracking. */
  const inRequest = <T>(body: () => Promise<T>) => auditOfRequest.run({ written: false }, body);
  const repositoryOf = (call: string, reads: boolean, input: unknown) =>
    new Repository(database.db, actor, { call, reads, input });

  it("hands a service the user's data role: another group's claims are not there", async () => {
    const repository = repositoryOf('Test/claimsOfRole', false, {});
    const seen = await repository.inScope(claimsInScope)([...ours.claimIds, ...theirs.claimIds]);
    expect(seen.sort()).toEqual([...ours.claimIds].sort());
    const scope = await repository.scope();
    expect(scope.practiceIds).toEqual([ours.practiceId]);
  });

  it('writes one read audit row per request for a read, naming the call, the user and the ids asked for', async () => {
    const claimID = ours.claimIds[0]!;
    await inRequest(async () => {
      const repository = repositoryOf('Test/readTwice', true, { claimID, searchValue: 'QUACKENBUSH' });
      await repository.inScope(claimsInScope)([claimID]);
      await repository.run((_db: Db, _actor: Actor, scope: DataScope) => Promise.resolve(scope.practiceIds))();
    });
    const rows = await readRows('Test/readTwice');
    expect(rows).toEqual([
      {
        user_id: actor.userId,
        action: 'read',
        record_id: 'Test/readTwice',
        source: 'palette',
        ip: '10.1.2.3',
        detail: { claimID },
      },
    ]);
  });

  it('writes no read row for a change, nor when the service audited the read itself', async () => {
    await inRequest(() =>
      repositoryOf('Test/change', false, { claimID: 1 }).asActor((_db: Db, _actor: Actor) => Promise.resolve(1))(),
    );
    expect(await readRows('Test/change')).toEqual([]);

    await inRequest(() =>
      repositoryOf('Test/ownRow', true, { claimID: 1 }).run((db: Db, who: Actor) =>
        writeAudit(db, { userId: who.userId, action: 'test.own-read', recordType: 'claim', recordId: 1 }),
      )(),
    );
    expect(await readRows('Test/ownRow')).toEqual([]);
  });

  it('writes no row for a read that failed: nothing was read', async () => {
    await expect(
      inRequest(() =>
        repositoryOf('Test/failed', true, { claimID: 9 }).inScope((_db: Db, _scope: DataScope) =>
          Promise.reject(new Error('refused')),
        )(),
      ),
    ).rejects.toThrow('refused');
    expect(await readRows('Test/failed')).toEqual([]);
  });
});
