import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { claimRowsOfTable } from '../../../contract/claimTableRows.ts';
import {
  CLAIM_SORT_COLUMNS,
  claimTableReplySchema,
  type ClaimSearchReply,
  type ClaimSearchRow,
  type ClaimTableReply,
} from '../../../contract/claims.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

const CLAIMS = 2_300;

describe.each(testEngines)('the table variant of the claims list (exports) on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let session: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Export', { claims: CLAIMS });
    await createTestGroup(database.db, 'Hidden', { claims: 30 });
    await createTestUser(database.db, 'export@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'export@example.test');
    // Some claims assigned, so the user names travel too.
    await database.db.query(
      'UPDATE claims SET assigned_user_id = (SELECT user_id FROM users WHERE email = $1) WHERE group_id = $2 AND claim_id % 7 = 0',
      ['export@example.test', group.groupId],
    );
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const table = async (query: Record<string, string>) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchTableData',
      headers: bearer(session),
      query,
    });
    expect(reply.statusCode).toBe(200);
    return claimTableReplySchema.parse(reply.json<ClaimTableReply>());
  };

  async function listRows(query: Record<string, string>): Promise<ClaimSearchRow[]> {
    const rows: ClaimSearchRow[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const reply = await test.app.inject({
        method: 'GET',
        url: '/api/Claims/getAllClaimsSearchData',
        headers: bearer(session),
        query: { ...query, pageSize: '2000', pageNumber: String(pageNumber) },
      });
      const page = reply.json<ClaimSearchReply>();
      rows.push(...page.rows);
      if (rows.length >= page.total) return rows;
    }
  }

  it.each(CLAIM_SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by cursor through exactly the rows of the list, in its order, sorted by $sort $order',
    async ({ sort, order }) => {
      const query = { sortColumn: sort, sortOrder: order };
      const rows: ClaimSearchRow[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await table({
          ...query,
          pageSize: '700',
          ...(after === undefined ? {} : { after: String(after) }),
        });
        expect(page.total).toBe(CLAIMS);
        rows.push(...claimRowsOfTable(page));
        if (page.rows.length < 700) break;
        after = page.rows.at(-1)?.[0];
      }
      expect(rows).toEqual(await listRows(query));
    },
  );

  it('keeps to the filter and the data role', async () => {
    const page = await table({ claimStatusID: '2' });
    const expected = await listRows({ claimStatusID: '2' });
    expect(page.total).toBe(expected.length);
    expect(claimRowsOfTable(page)).toEqual(expected);
    expect(page.rows.every((row) => row[9] === 2)).toBe(true);
  });

  it('refuses a page larger than 10,000 rows with a 400 and a message', async () => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchTableData',
      headers: bearer(session),
      query: { pageSize: '10001' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/pageSize/i);
  });
});
