import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { writeReadAudit } from './audit.ts';

describe.each(testEngines)('read audit rows of concurrent reads on $name', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await engine.create();
  });

  afterAll(() => database.dispose());

  const rowsOf = (action: string) =>
    database.db.query<{ record_id: string; ip: string; detail: unknown }>(
      'SELECT record_id, ip, detail FROM audit_log WHERE action = $1 ORDER BY audit_id',
      [action],
    );

  it('writes every row of forty reads finishing together, each with its own fields, in fewer inserts', async () => {
    const inserts: string[] = [];
    const counting: Queryable & { transaction: typeof database.db.transaction } = {
      query: (sql, params) => {
        if (sql.startsWith('INSERT INTO audit_log')) inserts.push(sql);
        return database.db.query(sql, params);
      },
      transaction: (work) => database.db.transaction(work),
    };
    await Promise.all(
      Array.from({ length: 40 }, (_, read) =>
        writeReadAudit(counting, {
          userId: null,
          action: 'test.together',
          recordId: read,
          ip: `10.0.0.${read}`,
          detail: { note: `it's "read" ${read} \\ done`, claimIDs: [read] },
        }),
      ),
    );
    const rows = await rowsOf('test.together');
    expect(rows).toHaveLength(40);
    expect(rows.map((row) => row.record_id)).toEqual(Array.from({ length: 40 }, (_, read) => String(read)));
    expect(rows[7]).toEqual({
      record_id: '7',
      ip: '10.0.0.7',
      detail: { note: `it's "read" 7 \\ done`, claimIDs: [7] },
    });
    expect(inserts.length).toBeLessThan(40);
  });

  it('answers a read only once its row is in the table', async () => {
    await writeReadAudit(database.db, { userId: null, action: 'test.answered' });
    expect(await rowsOf('test.answered')).toHaveLength(1);
  });

  it('fails the reads whose insert failed, and writes the rows that come after', async () => {
    let failNext = true;
    const failing: Queryable & { transaction: typeof database.db.transaction } = {
      query: (sql, params) => {
        if (failNext && sql.startsWith('INSERT INTO audit_log')) {
          failNext = false;
          return Promise.reject(new Error('the database went away'));
        }
        return database.db.query(sql, params);
      },
      transaction: (work) => database.db.transaction(work),
    };
    await expect(writeReadAudit(failing, { userId: null, action: 'test.lost' })).rejects.toThrow('went away');
    await writeReadAudit(failing, { userId: null, action: 'test.after' });
    expect(await rowsOf('test.lost')).toHaveLength(0);
    expect(await rowsOf('test.after')).toHaveLength(1);
  });
});
