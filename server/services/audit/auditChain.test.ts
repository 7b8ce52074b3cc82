import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { writeAudit } from './audit.ts';
import { sealAuditChain, verifyAuditChain } from './auditChain.ts';

describe.each(testEngines)('the audit hash chain on $name', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await engine.create();
  });

  afterAll(() => database.dispose());

  /** What someone who can get past the append-only triggers (the database owner) could do. */
  const asOwnerWithoutTriggers = async (sql: string, values: unknown[]) => {
    await database.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await tx.query(sql, values);
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    });
  };
  const ids = async () =>
    (await database.db.query<{ id: number }>('SELECT audit_id::int AS id FROM audit_log ORDER BY audit_id')).map(
      (row) => row.id,
    );

  it('links every settled row, once, and holds when nothing was touched', async () => {
    for (let n = 0; n < 5; n += 1) {
      await writeAudit(database.db, { userId: null, action: 'test.chained', detail: { n, note: 'ordinary' } });
    }
    expect(await sealAuditChain(database.db, 0)).toBe(5);
    expect(await sealAuditChain(database.db, 0)).toBe(0);
    await writeAudit(database.db, { userId: null, action: 'test.chained', detail: { n: 5 } });
    // A row younger than the settle time waits for a later sealing.
    expect(await sealAuditChain(database.db, 3600)).toBe(0);
    expect(await sealAuditChain(database.db, 0)).toBe(1);
    expect(await verifyAuditChain(database.db)).toEqual({ intact: true, links: 6, lastAuditID: (await ids()).at(-1) });
  });

  it('names the first link broken by a changed row, and by a deleted one', async () => {
    const [, second, third] = await ids();
    await asOwnerWithoutTriggers(`UPDATE audit_log SET detail = '{"n": 1, "note": "rewritten"}' WHERE audit_id = $1`, [
      second,
    ]);
    expect(await verifyAuditChain(database.db, 2)).toMatchObject({
      intact: false,
      link: 2,
      auditID: second,
      problem: `audit row ${second} was changed`,
    });
    await asOwnerWithoutTriggers(`UPDATE audit_log SET detail = '{"n": 1, "note": "ordinary"}' WHERE audit_id = $1`, [
      second,
    ]);
    expect((await verifyAuditChain(database.db)).intact).toBe(true);

    await asOwnerWithoutTriggers('DELETE FROM audit_log WHERE audit_id = $1', [third]);
    expect(await verifyAuditChain(database.db)).toMatchObject({
      intact: false,
      link: 3,
      problem: `audit row ${third} is gone`,
    });
  });
});
