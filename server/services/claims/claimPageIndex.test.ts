import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, type TestGroup } from '../../test/fixtures.ts';
import { claimFilterWhere } from './claimFilters.ts';
import { pageSubquery, type ListSearch } from './listPositions.ts';

/**
 * A page of the claims list is picked on the sort's covering index, which carries the columns the
 * common filters test (migration 0013): one provider's claims by DOS, one payer's by balance, a
 * status by claim ID are found without reading the rows the filter skips from the table. At a
 * million claims that is the page's 100 rows read instead of about 1,700.
 */
describe.each(testEngines)('claims list pages picked on the sort index on $name', (engine) => {
  let database: TestDatabase;
  let group: TestGroup;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Index', { claims: 300 });
    // Sets the visibility map, without which the planner rightly reads the table anyway.
    await database.db.exec('VACUUM ANALYZE claims');
  });

  afterAll(async () => {
    await database.dispose();
  });

  interface PlanNode {
    'Node Type': string;
    Alias?: string;
    Plans?: PlanNode[];
  }

  /** How the page's claims are picked: the scans of the inner query over claims (alias c_1). */
  async function pickingScans(search: ListSearch): Promise<string[]> {
    const page = pageSubquery(database.db, search, { offset: 0, limit: 100, total: 300, version: 0 });
    const [row] = await database.db.transaction(async (tx) => {
      // The test table is small: without this the planner would rightly scan it.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      return tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${page.sql}`, page.values);
    });
    const scans: string[] = [];
    const visit = (node: PlanNode) => {
      if (node.Alias === 'c_1') scans.push(node['Node Type']);
      node.Plans?.forEach(visit);
    };
    if (row) visit(row['QUERY PLAN'][0].Plan);
    return scans;
  }

  it.each([
    { name: "one provider's claims by DOS", filter: { providerID: 1 }, sort: 'dosFrom' },
    { name: "one payer's claims by balance", filter: { insuranceID: 1 }, sort: 'balance' },
    { name: 'claims in two statuses by claim ID', filter: { claimStatusIDs: '3,4' }, sort: 'claimID' },
    {
      name: 'claims with a balance of $100 to $500 by patient',
      filter: { balanceMin: 10_000, balanceMax: 50_000 },
      sort: 'patientName',
    },
  ] as const)('picks $name on an index alone', async ({ filter, sort }) => {
    const scans = await pickingScans({
      where: claimFilterWhere(filter, { practiceIds: [group.practiceId] }),
      sort,
      order: 'desc',
    });
    expect(scans.length).toBeGreaterThan(0);
    expect(
      scans.every((scan) => scan === 'Index Only Scan'),
      scans.join(', '),
    ).toBe(true);
  });
});
