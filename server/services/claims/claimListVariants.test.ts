import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import {
  claimChargeReplySchema,
  claimIDsReplySchema,
  MAX_LISTED_CLAIM_IDS,
  type ClaimChargeRow,
} from '../../../contract/claimListVariants.ts';
import type { ClaimSearchReply } from '../../../contract/claims.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

const CLAIMS = 150;

describe.each(testEngines)('the charge-level and IDs-only variants of the claims lists on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let hidden: TestGroup;
  let session: SessionUser;
  let deletedChargeID: number;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Variants', { claims: CLAIMS });
    hidden = await createTestGroup(database.db, 'Elsewhere', { claims: 40 });
    // One to three lines per claim; the second line carries modifiers.
    await database.db.query(
      `INSERT INTO charges (claim_id, line_number, cpt_code, modifier1, modifier2, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT c.claim_id, n, '9921' || n, CASE WHEN n = 2 THEN '25' END, CASE WHEN n = 2 THEN '59' END, n, 1000 * n, c.dos_from, c.dos_to,
              'V' || c.claim_id || '-' || n, 1000 * n
         FROM claims c CROSS JOIN generate_series(1, 3) AS n
        WHERE n <= 1 + c.claim_id % 3`,
    );
    const [deleted] = await database.db.query<{ chargeID: number }>(
      `UPDATE charges SET charge_status = 'deleted', balance_cents = 0
        WHERE charge_id = (SELECT min(charge_id) FROM charges WHERE claim_id = $1) RETURNING charge_id AS "chargeID"`,
      [group.claimIds[0]],
    );
    deletedChargeID = Number(deleted?.chargeID);
    await createTestUser(database.db, 'variants@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'variants@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (name: string, query: Record<string, string>, user = session) =>
    test.app.inject({ method: 'GET', url: `/api/Claims/${name}`, headers: bearer(user), query });

  async function listedClaimIDs(name: string, query: Record<string, string>): Promise<number[]> {
    const reply = await get(name, { ...query, pageSize: '2000' });
    expect(reply.statusCode).toBe(200);
    return reply.json<ClaimSearchReply>().rows.map((row) => row.claimID);
  }

  async function allCharges(
    name: string,
    query: Record<string, string>,
    pageSize = 97,
  ): Promise<{ total: number; rows: ClaimChargeRow[] }> {
    const rows: ClaimChargeRow[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const reply = await get(name, { ...query, pageSize: String(pageSize), pageNumber: String(pageNumber) });
      expect(reply.statusCode).toBe(200);
      const page = claimChargeReplySchema.parse(reply.json());
      rows.push(...page.rows);
      if (page.rows.length < pageSize) return { total: page.total, rows };
    }
  }

  async function chargeCount(claimIDs: readonly number[]): Promise<number> {
    const [row] = await database.db.query<{ count: number }>(
      `SELECT count(*)::bigint AS count FROM charges WHERE claim_id = ANY($1::bigint[]) AND charge_status <> 'deleted'`,
      [[...claimIDs]],
    );
    return Number(row?.count);
  }

  it.each<{ list: string; search: string; query: Record<string, string> }>([
    { list: 'All', search: 'getAllClaimsSearchData', query: { sortColumn: 'claimID', sortOrder: 'desc' } },
    {
      list: 'All',
      search: 'getAllClaimsSearchData',
      query: { sortColumn: 'balance', sortOrder: 'asc', claimStatusIDs: '2,3,4' },
    },
    { list: 'AR', search: 'getARClaimsSearchData', query: { sortColumn: 'dosFrom', sortOrder: 'desc' } },
  ])(
    '$list: one row per live line of the claims the list shows, pages in the list order ($query.sortColumn)',
    async ({ list, search, query }) => {
      const claimIDs = await listedClaimIDs(search, query);
      const { total, rows } = await allCharges(`get${list}ClaimsSearchChargeData`, query);
      expect(total).toBe(await chargeCount(claimIDs));
      expect(rows).toHaveLength(total);
      // Claims in the list's order, each one's lines by line number.
      const claimOrder = rows.map((row) => row.claimID).filter((claimID, index, all) => all[index - 1] !== claimID);
      expect(claimOrder).toEqual(claimIDs.filter((claimID) => rows.some((row) => row.claimID === claimID)));
      for (const claimID of claimOrder) {
        const lines = rows.filter((row) => row.claimID === claimID).map((row) => row.lineNumber);
        expect(lines).toEqual([...lines].sort((a, b) => a - b));
      }
      expect(rows.map((row) => row.chargeID)).not.toContain(deletedChargeID);
    },
  );

  it('sends a line with its modifiers, units and money in cents', async () => {
    const claimID = group.claimIds.find((id) => id % 3 >= 1 && id !== group.claimIds[0]) ?? 0;
    const { rows } = await allCharges('getAllClaimsSearchChargeData', { search: String(claimID) });
    expect(rows.find((row) => row.lineNumber === 2)).toMatchObject({
      claimID,
      cptCode: '99212',
      modifiers: ['25', '59'],
      units: 2,
      chargeAmount: 2000,
      balance: 2000,
      chargeStatus: 'active',
    });
    expect(rows.find((row) => row.lineNumber === 1)?.modifiers).toEqual([]);
  });

  it('counts again once a line is deleted (the line total is kept between pages)', async () => {
    const before = await allCharges('getAllClaimsSearchChargeData', {}, 2000);
    const [draft] = await database.db.query<{ chargeID: number }>(
      `SELECT ch.charge_id AS "chargeID" FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
        WHERE c.group_id = $1 AND c.claim_status_id = 1 AND ch.line_number = 2 AND ch.charge_status = 'active' ORDER BY ch.charge_id LIMIT 1`,
      [group.groupId],
    );
    const chargeID = Number(draft?.chargeID);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/AddEditClaim/deleteChargeByID',
      headers: bearer(session),
      query: { id: String(chargeID) },
    });
    expect(deleted.json<{ message: string }>().message).toMatch(/Successfully/);
    const after = await allCharges('getAllClaimsSearchChargeData', {}, 2000);
    expect(after.total).toBe(before.total - 1);
    expect(after.rows.map((row) => row.chargeID)).not.toContain(chargeID);
  });

  it('keeps lines and ids of claims outside the data role out', async () => {
    const { rows } = await allCharges('getAllClaimsSearchChargeData', {}, 2000);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => group.claimIds.includes(row.claimID))).toBe(true);
    const hiddenClaim = String(hidden.claimIds[0]);
    expect((await allCharges('getAllClaimsSearchChargeData', { search: hiddenClaim })).total).toBe(0);
    const ids = claimIDsReplySchema.parse((await get('getAllClaimsSearchClaimIDS', { search: hiddenClaim })).json());
    expect(ids).toEqual({ total: 0, claimIDS: [] });
  });

  it.each([
    { list: 'All', search: 'getAllClaimsSearchData', query: { sortColumn: 'patientName', sortOrder: 'asc' } },
    { list: 'AR', search: 'getARClaimsSearchData', query: { sortColumn: 'balance', sortOrder: 'desc' } },
  ])('$list: the ids of exactly the claims the list shows, in its order', async ({ list, search, query }) => {
    const reply = await get(`get${list}ClaimsSearchClaimIDS`, query);
    expect(reply.statusCode).toBe(200);
    const expected = await listedClaimIDs(search, query);
    expect(claimIDsReplySchema.parse(reply.json())).toEqual({ total: expected.length, claimIDS: expected });
  });

  it('refuses with a 400 and says why when more claims match than may be listed by ID', async () => {
    // A group with as many claims as may be listed, beside the 150 of the first group.
    const large = await createTestGroup(database.db, 'Large', { claims: MAX_LISTED_CLAIM_IDS });
    await createTestUser(database.db, 'large@example.test', { groupIds: [group.groupId, large.groupId] });
    const user = await signIn(test, 'large@example.test');
    const reply = await get('getAllClaimsSearchClaimIDS', {}, user);
    expect(reply.statusCode).toBe(400);
    const matching = (MAX_LISTED_CLAIM_IDS + CLAIMS).toLocaleString('en-US');
    expect(reply.json<{ message: string }>().message).toBe(
      `${matching} claims match: at most ${MAX_LISTED_CLAIM_IDS.toLocaleString('en-US')} can be listed by ID. Narrow the search, or run the command on all matching claims.`,
    );
    // Narrowed to the AR claims of one practice, the same user gets the ids.
    const narrowed = await get('getARClaimsSearchClaimIDS', { practiceID: String(group.practiceId) }, user);
    expect(narrowed.statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const reply = await get('getAllClaimsSearchChargeData', { pageSize: '2001' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/pageSize/i);
    const backwards = await get('getARClaimsSearchClaimIDS', { dosFrom: '2026-03-01', dosTo: '2026-02-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toMatch(/first date of service is after the last/);
  });
});
