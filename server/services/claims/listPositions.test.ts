import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_SORT_COLUMNS, type ClaimSearchReply } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { MAX_WAIT_MS, requestStarted } from '../background/requestsFirst.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { claimFilterWhere } from './claimFilters.ts';
import {
  ANCHOR_STEP,
  changeVersion,
  orderBy,
  pageAtPosition,
  pageFromMirror,
  pageSubquery,
  positionsOf,
  SORT_SQL,
  type Anchor,
  type ListSearch,
} from './listPositions.ts';
import { PREPARED_SORTS, preparationOf, prepareListOfUser, prepareListPositions } from './prepareListPositions.ts';

const CLAIMS = 22 * ANCHOR_STEP + 650;

describe.each(testEngines)('deep pages and cached totals of the claims list on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let session: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Deep', { claims: CLAIMS });
    await createTestGroup(database.db, 'Other', { claims: 40 });
    await createTestUser(database.db, 'deep@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'deep@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const list = async (query: Record<string, string>) =>
    (
      await test.app.inject({
        method: 'GET',
        url: '/api/Claims/getAllClaimsSearchData',
        headers: bearer(session),
        query,
      })
    ).json<ClaimSearchReply>();

  /** The same rows read the slow, obvious way: OFFSET over the whole sorted list. */
  async function expectedIds(
    sort: (typeof CLAIM_SORT_COLUMNS)[number],
    order: 'asc' | 'desc',
    offset: number,
    limit: number,
  ): Promise<number[]> {
    const column = SORT_SQL[sort].column;
    const rows = await database.db.query<{ id: number }>(
      `SELECT c.claim_id AS id FROM claims c WHERE c.group_id = $1 ORDER BY ${column} ${order}, c.claim_id ${order} LIMIT ${limit} OFFSET ${offset}`,
      [group.groupId],
    );
    return rows.map((row) => row.id);
  }

  it.each(CLAIM_SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'gives the same rows as OFFSET anywhere in the list, sorted by $sort $order',
    async ({ sort, order }) => {
      const pageSize = 100;
      for (const pageNumber of [1, 10, 11, 12, 150, 199, 200, 201, 215, 221, 226, 227]) {
        const page = await list({
          sortColumn: sort,
          sortOrder: order,
          pageSize: String(pageSize),
          pageNumber: String(pageNumber),
        });
        expect(page.total).toBe(CLAIMS);
        expect(
          page.rows.map((row) => row.claimID),
          `page ${pageNumber}`,
        ).toEqual(await expectedIds(sort, order, (pageNumber - 1) * pageSize, pageSize));
      }
    },
  );

  it.each(CLAIM_SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'finds a page by its position on the index alone (from the top, from an anchor, from the end) with the rows OFFSET gives, sorted by $sort $order',
    async ({ sort, order }) => {
      // The role has one practice of two here: the other group's claims must not shift a page.
      const search: ListSearch = { where: claimFilterWhere({}, { practiceIds: [group.practiceId] }), sort, order };
      const anchors: Anchor[] = [];
      for (let index = 0; index < 5; index += 1) {
        const [anchor] = await database.db.query<Anchor>(
          `SELECT ${SORT_SQL[sort].column} AS key, c.claim_id AS id FROM claims c WHERE c.practice_id = $1 ORDER BY ${orderBy(search)} LIMIT 1 OFFSET ${index * ANCHOR_STEP}`,
          [group.practiceId],
        );
        if (anchor) anchors.push(anchor);
      }
      const cases = [
        { offset: 150, anchors: [] },
        { offset: 3456, anchors: [] },
        { offset: 4321, anchors },
        { offset: 9876, anchors },
        { offset: 20_000, anchors },
        { offset: CLAIMS - 50, anchors },
      ];
      for (const { offset, anchors: known } of cases) {
        const page = pageAtPosition(search, { offset, limit: 100, total: CLAIMS }, known);
        const rows = await database.db.query<{ claim_id: number }>(
          `SELECT c.claim_id FROM (${page.sql}) c ORDER BY ${orderBy(search)}`,
          page.values,
        );
        expect(
          rows.map((row) => Number(row.claim_id)),
          `offset ${offset} with ${known.length} anchors`,
        ).toEqual(await expectedIds(sort, order, offset, 100));
      }
    },
  );

  it('finds a page by its position for a role with every practice: all claims, none left out', async () => {
    const every = (await database.db.query<{ id: number }>('SELECT practice_id AS id FROM practices')).map(
      (row) => row.id,
    );
    const all = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims');
    const total = all[0]?.n ?? 0;
    // Descending, the other group's claims (the newest) come first: a role without them that
    // skipped as if it had every practice would land 40 rows off.
    for (const [practices, offset] of [
      [every, total - 1500],
      [every, 5000],
      [[group.practiceId], 5000],
    ] as const) {
      const search: ListSearch = {
        where: claimFilterWhere({}, { practiceIds: [...practices] }),
        sort: 'claimID',
        order: 'desc',
      };
      const page = pageAtPosition(search, { offset, limit: 100, total }, []);
      const rows = await database.db.query<{ claim_id: number }>(
        `SELECT c.claim_id FROM (${page.sql}) c ORDER BY ${orderBy(search)}`,
        page.values,
      );
      const expected = await database.db.query<{ id: number }>(
        `SELECT c.claim_id AS id FROM claims c WHERE c.practice_id = ANY($1::bigint[]) ORDER BY c.claim_id DESC LIMIT 100 OFFSET ${offset}`,
        [practices],
      );
      expect(
        rows.map((row) => Number(row.claim_id)),
        `offset ${offset}, ${practices.length} practices`,
      ).toEqual(expected.map((row) => Number(row.id)));
    }
  });

  /** The database under a handle of its own: positions are cached per handle, so each test starts with none. */
  const freshHandle = (): Queryable => ({ query: (sql, params) => database.db.query(sql, params) });

  /** The page's claim ids as the list would serve them from `page`. */
  async function idsOf(search: ListSearch, page: { sql: string; values: unknown[] }): Promise<number[]> {
    const rows = await database.db.query<{ claim_id: number }>(
      `SELECT c.claim_id FROM (${page.sql}) c ORDER BY ${orderBy(search)}`,
      page.values,
    );
    return rows.map((row) => Number(row.claim_id));
  }

  it.each(CLAIM_SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'serves the other order of $sort from a walk $order: the same rows as OFFSET, not walking again',
    async ({ sort, order }) => {
      const q = freshHandle();
      const walked: ListSearch = { where: claimFilterWhere({}, { practiceIds: [group.practiceId] }), sort, order };
      const version = await changeVersion(q);
      const { entry } = positionsOf(q, walked, version);
      await entry.walked;
      expect(entry.rows).toBe(CLAIMS);
      expect(entry.anchors).toHaveLength(Math.ceil(CLAIMS / ANCHOR_STEP));
      const other: ListSearch = { ...walked, order: order === 'asc' ? 'desc' : 'asc' };
      const positions = positionsOf(q, other, version);
      expect(positions).toEqual({ entry, mirrored: true });
      for (const offset of [ANCHOR_STEP, 1234, 9999, 10_000, 15_001, CLAIMS - ANCHOR_STEP - 100]) {
        const page = pageFromMirror(other, { offset, limit: 100 }, entry);
        expect(page, `offset ${offset}`).not.toBeNull();
        expect(await idsOf(other, page!), `offset ${offset}`).toEqual(
          await expectedIds(sort, other.order, offset, 100),
        );
        const served = pageSubquery(q, other, { offset, limit: 100, total: CLAIMS, version });
        expect(await idsOf(other, served), `served at ${offset}`).toEqual(
          await expectedIds(sort, other.order, offset, 100),
        );
      }
    },
  );

  it('keeps seeking from the old anchors while a new walk after a change runs, then from the new ones', async () => {
    const q = freshHandle();
    const search: ListSearch = {
      where: claimFilterWhere({}, { practiceIds: [group.practiceId] }),
      sort: 'dosFrom',
      order: 'desc',
    };
    const walkedAt = Date.now();
    const first = positionsOf(q, search, await changeVersion(q), walkedAt);
    await first.entry.walked;
    // A claim changes and the anchors grow old: the next page starts a walk, but seeks from the old anchors.
    await database.db.query(
      'UPDATE claims SET balance_cents = balance_cents WHERE claim_id = (SELECT min(claim_id) FROM claims WHERE practice_id = $1)',
      [group.practiceId],
    );
    const version = await changeVersion(q);
    const later = walkedAt + 6 * 60_000;
    const during = positionsOf(q, search, version, later);
    expect(during.entry).toBe(first.entry);
    expect(during.entry.walking).toBe(false);
    const renewal = during.entry.renewal;
    expect(renewal?.walking).toBe(true);
    expect(positionsOf(q, search, version, later).entry.renewal).toBe(renewal);
    const page = pageSubquery(q, search, { offset: 12_345, limit: 100, total: CLAIMS, version }, later);
    expect(await idsOf(search, page)).toEqual(await expectedIds('dosFrom', 'desc', 12_345, 100));
    await renewal!.walked;
    const after = positionsOf(q, search, version, later);
    expect(after.entry).toBe(renewal);
    expect(after.entry.version).toBe(version);
  });

  it('walks only in a pause between requests: one being served holds the walk back until it ends', async () => {
    const q = freshHandle();
    const search: ListSearch = {
      where: claimFilterWhere({}, { practiceIds: [group.practiceId] }),
      sort: 'patientName',
      order: 'desc',
    };
    const ended = requestStarted(q);
    const { entry } = positionsOf(q, search, await changeVersion(q));
    await new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS / 4));
    expect(entry.anchors).toEqual([]);
    ended();
    await entry.walked;
    expect(entry.rows).toBe(CLAIMS);
    expect(entry.anchors).toHaveLength(Math.ceil(CLAIMS / ANCHOR_STEP));
  });

  it("walks every sort of a role's whole list ahead of use, so no page starts a walk", async () => {
    const q = freshHandle();
    const practices = [group.practiceId];
    await prepareListPositions(q, { practiceIds: practices });
    const version = await changeVersion(q);
    for (const [sort, order] of PREPARED_SORTS) {
      for (const way of [order, order === 'asc' ? 'desc' : 'asc'] as const) {
        const { entry } = positionsOf(
          q,
          { where: claimFilterWhere({}, { practiceIds: practices }), sort, order: way },
          version,
        );
        expect(entry.walking, `${sort} ${way}`).toBe(false);
        expect(entry.rows, `${sort} ${way}`).toBe(CLAIMS);
        expect(entry.renewal, `${sort} ${way}`).toBeUndefined();
      }
    }
  });

  it('prepares the list of a biller who signs in once however often they sign in, then forgets it', async () => {
    const q = freshHandle();
    prepareListOfUser(q, session.userID);
    const preparation = preparationOf(q, session.userID);
    expect(preparation).toBeDefined();
    prepareListOfUser(q, session.userID);
    expect(preparationOf(q, session.userID)).toBe(preparation);
    await preparation;
    expect(preparationOf(q, session.userID)).toBeUndefined();
    const version = await changeVersion(q);
    for (const [sort, order] of PREPARED_SORTS) {
      const { entry } = positionsOf(
        q,
        { where: claimFilterWhere({}, { practiceIds: [group.practiceId] }), sort, order },
        version,
      );
      expect(entry.walking, sort).toBe(false);
      expect(entry.rows, sort).toBe(CLAIMS);
    }
  });

  it('counts again as soon as claims change, so a new claim is in the total at once', async () => {
    const before = await list({ pageSize: '1' });
    expect(before.total).toBe(CLAIMS);
    await database.db.query(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to)
       VALUES ($1, $2, $3, 'SMITH, JANE', $4, $5, 1, 1, 1, DATE '2026-03-01', DATE '2026-03-01')`,
      [group.groupId, group.practiceId, group.patientId, group.insuranceId, group.providerId],
    );
    const after = await list({ pageSize: '1' });
    expect(after.total).toBe(CLAIMS + 1);
    const last = await list({
      pageSize: '100',
      sortColumn: 'claimID',
      sortOrder: 'asc',
      pageNumber: String(Math.ceil((CLAIMS + 1) / 100)),
    });
    expect(last.rows.at(-1)?.claimID).toBe(after.rows[0]?.claimID);
  });

  it('answers an empty page past the end', async () => {
    const past = await list({ pageSize: '500', pageNumber: '100' });
    expect(past.rows).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });
});
