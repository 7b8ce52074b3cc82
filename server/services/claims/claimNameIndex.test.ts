import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../test/engines.ts';

/**
 * The name search is a prefix LIKE (claimFilters.ts). Whatever the database's collation, it must
 * be an index range, not a scan of every claim with a filter: at a million claims that is the
 * difference between a few milliseconds and 80 ms on every new search.
 */
describe.each(testEngines)('claims name search index on $name', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await engine.create();
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('counts a name prefix from an index range', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The test table is nearly empty: without this the planner would rightly scan it.
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) SELECT count(*) FROM claims c WHERE c.patient_name LIKE 'SMITH%'`,
      );
      return JSON.stringify(rows[0]?.['QUERY PLAN']);
    });
    expect(plan).toMatch(
      /"Index Cond":"\(\(patient_name ~?>=~? 'SMITH'::text\) AND \(patient_name ~?<~? 'SMITI'::text\)\)"/,
    );
  });
});
