import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { writeAudit, writeReadAudit } from './audit.ts';

describe.each(testEngines)('audit rows on $name', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await engine.create();
  });

  afterAll(() => database.dispose());

  const rowsOf = (action: string) =>
    database.db.query<{
      action: string;
      record_type: string | null;
      record_id: string | null;
      source: string;
      ip: string | null;
      detail: unknown;
    }>('SELECT action, record_type, record_id, source, ip, detail FROM audit_log WHERE action = $1 ORDER BY audit_id', [
      action,
    ]);
  const synchronousCommit = async () =>
    (await database.db.query<{ synchronous_commit: string }>('SHOW synchronous_commit'))[0]?.synchronous_commit;

  it('writes the row of a read with every field, readable at once', async () => {
    await writeReadAudit(database.db, {
      userId: null,
      action: 'test.list',
      recordType: 'claim',
      recordId: 12,
      source: 'hotkey',
      ip: '10.0.0.7',
      detail: { claimIDs: [12, 13] },
    });
    expect(await rowsOf('test.list')).toEqual([
      {
        action: 'test.list',
        record_type: 'claim',
        record_id: '12',
        source: 'hotkey',
        ip: '10.0.0.7',
        detail: { claimIDs: [12, 13] },
      },
    ]);
  });

  it('leaves the connection flushing every later commit: the relaxed flush is for the read row alone', async () => {
    expect(await synchronousCommit()).toBe('on');
    for (let read = 0; read < 3; read += 1) {
      await writeReadAudit(database.db, { userId: null, action: 'test.repeat' });
      // The pool hands back the connection just used, so this asks the one that wrote the row.
      expect(await synchronousCommit()).toBe('on');
    }
    await writeAudit(database.db, { userId: null, action: 'test.change' });
    expect(await rowsOf('test.repeat')).toHaveLength(3);
    expect(await rowsOf('test.change')).toHaveLength(1);
  });

  it('is refused a transaction handle, whose changes would then commit unflushed too', async () => {
    await database.db.transaction(async (tx) => {
      // @ts-expect-error a transaction handle has no `transaction`: writeReadAudit needs the database itself
      const refused: Parameters<typeof writeReadAudit>[0] = tx;
      expect(refused).toBe(tx);
      await writeAudit(tx, { userId: null, action: 'test.in-transaction' });
    });
    expect(await rowsOf('test.in-transaction')).toHaveLength(1);
  });
});
