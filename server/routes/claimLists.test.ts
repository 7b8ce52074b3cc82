import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { AGING_BUCKETS, type AgingBucket, type ClaimSearchReply } from '../../contract/claims.ts';
import {
  arSectionReplySchema,
  claimHoverInfoSchema,
  claimStatusCategoriesReplySchema,
} from '../../contract/claimLists.ts';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import { claimFilterWhere } from '../services/claims/claimFilters.ts';
import { setClaim } from '../services/claims/filterFixtures.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, TestClock, type TestApp } from '../test/harness.ts';

const TODAY = '2026-06-30';
/** Days before TODAY of the aging claims' first date of service, and the bucket each falls in. */
const AGES: [days: number, bucket: AgingBucket][] = [
  [-5, '0-30'],
  [0, '0-30'],
  [30, '0-30'],
  [31, '31-60'],
  [60, '31-60'],
  [61, '61-90'],
  [90, '61-90'],
  [91, '91-120'],
  [120, '91-120'],
  [121, '120+'],
  [400, '120+'],
];

const daysBefore = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.each(testEngines)('AR list, status chips, aging sections and claim hover on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let aging: TestGroup;
  let hidden: TestGroup;
  let session: SessionUser;
  /** Claim id -> its expected bucket. */
  const bucketOf = new Map<number, AgingBucket>();

  beforeAll(async () => {
    database = await engine.create();
    const { db } = database;
    aging = await createTestGroup(db, 'Aging', { claims: AGES.length + 2 });
    hidden = await createTestGroup(db, 'Hidden', { claims: 5 });
    await createTestUser(db, 'lists@example.test', { groupIds: [aging.groupId] });
    // A fixed server clock in the afternoon (UTC) of TODAY.
    test = await createTestApp(db, new TestClock(Date.parse(`${TODAY}T15:00:00Z`)));
    session = await signIn(test, 'lists@example.test');
    for (const [index, [days, bucket]] of AGES.entries()) {
      const claimId = aging.claimIds[index] ?? 0;
      await setClaim(db, claimId, {
        dos_from: daysBefore(days),
        dos_to: daysBefore(Math.min(days, 0)),
        claim_status_id: CLAIM_STATUS.submitted,
        balance_cents: 1000 + index,
      });
      bucketOf.set(claimId, bucket);
    }
    // Not receivable: paid off, and closed with money left.
    await setClaim(db, aging.claimIds[AGES.length] ?? 0, {
      dos_from: TODAY,
      dos_to: TODAY,
      balance_cents: 0,
      claim_status_id: CLAIM_STATUS.paid,
    });
    await setClaim(db, aging.claimIds[AGES.length + 1] ?? 0, {
      dos_from: TODAY,
      dos_to: TODAY,
      balance_cents: 700,
      claim_status_id: CLAIM_STATUS.closed,
    });
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (path: string, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });

  it('puts each claim in its bucket, boundaries included, by the day passed in', async () => {
    for (const bucket of AGING_BUCKETS) {
      const where = claimFilterWhere({ agingBucket: bucket, ar: 'true' }, { practiceIds: [aging.practiceId] }, TODAY);
      const rows = await database.db.query<{ id: number }>(
        `SELECT c.claim_id AS id FROM claims c WHERE ${where.sql} ORDER BY c.claim_id`,
        where.values,
      );
      const expected = [...bucketOf].filter(([, expectedBucket]) => expectedBucket === bucket).map(([id]) => id);
      expect(
        rows.map((row) => row.id),
        bucket,
      ).toEqual(expected);
    }
  });

  it('sums the receivable claims per bucket as of the server clock, whatever bucket the filter names', async () => {
    const reply = await get('Claims/getARClaimsSectionData', { agingBucket: '0-30' });
    expect(reply.statusCode, reply.body).toBe(200);
    const sections = arSectionReplySchema.parse(reply.json());
    expect(sections.asOf).toBe(TODAY);
    const expected = AGING_BUCKETS.map((bucket) => {
      const indexes = AGES.flatMap(([, of], index) => (of === bucket ? [index] : []));
      return { bucket, count: indexes.length, balance: indexes.reduce((sum, index) => sum + 1000 + index, 0) };
    });
    expect(sections.buckets).toEqual(expected);
    expect(sections.total).toEqual({
      count: AGES.length,
      balance: expected.reduce((sum, bucket) => sum + bucket.balance, 0),
    });
  });

  it('lists accounts receivable only: a balance above zero on a claim neither void nor closed', async () => {
    const reply = await get('Claims/getARClaimsSearchData', {
      pageSize: '100',
      sortColumn: 'claimID',
      sortOrder: 'asc',
    });
    expect(reply.statusCode).toBe(200);
    const page = reply.json<ClaimSearchReply>();
    expect(page.total).toBe(AGES.length);
    expect(page.rows.map((row) => row.claimID)).toEqual(aging.claimIds.slice(0, AGES.length));
    // The AR flag of the ordinary list is the same search.
    const flagged = (
      await get('Claims/getAllClaimsSearchData', {
        ar: 'true',
        pageSize: '100',
        sortColumn: 'claimID',
        sortOrder: 'asc',
      })
    ).json<ClaimSearchReply>();
    expect(flagged).toEqual(page);
  });

  it('counts claims per status category, leaving the status choice of the filter out', async () => {
    const reply = await get('Claims/getAllClaimsSearchStatusCategories', { claimStatusID: String(CLAIM_STATUS.paid) });
    expect(reply.statusCode).toBe(200);
    const { total, categories } = claimStatusCategoriesReplySchema.parse(reply.json());
    expect(total).toBe(aging.claimIds.length);
    expect(categories.map((category) => [category.category, category.count])).toEqual([
      ['open', 0],
      ['in_process', AGES.length],
      ['action_needed', 0],
      ['closed', 2],
    ]);
    expect(categories.find((category) => category.category === 'closed')).toMatchObject({
      label: 'Closed',
      claimStatusIDs: [8, 10, 11],
    });
    const ar = claimStatusCategoriesReplySchema.parse(
      (await get('Claims/getAllClaimsSearchStatusCategories', { ar: 'true' })).json(),
    );
    expect(ar.total).toBe(AGES.length);
  });

  it('counts chips and sections again as soon as claims change', async () => {
    const chips = async () =>
      claimStatusCategoriesReplySchema.parse((await get('Claims/getAllClaimsSearchStatusCategories')).json())
        .categories;
    const before = await chips();
    const sectionsBefore = arSectionReplySchema.parse((await get('Claims/getARClaimsSectionData')).json());
    const claimId = aging.claimIds[AGES.length - 1] ?? 0;
    await setClaim(database.db, claimId, { claim_status_id: CLAIM_STATUS.denied });
    const after = await chips();
    expect(after.find((category) => category.category === 'action_needed')?.count).toBe(
      (before.find((category) => category.category === 'action_needed')?.count ?? 0) + 1,
    );
    await setClaim(database.db, claimId, { balance_cents: 0 });
    const sectionsAfter = arSectionReplySchema.parse((await get('Claims/getARClaimsSectionData')).json());
    expect(sectionsAfter.total.count).toBe(sectionsBefore.total.count - 1);
    await setClaim(database.db, claimId, {
      claim_status_id: CLAIM_STATUS.submitted,
      balance_cents: 1000 + AGES.length - 1,
    });
  });

  it('shows a claim in a few lines on hover, with its newest note and DNA event', async () => {
    const { db } = database;
    const claimID = aging.claimIds[0] ?? 0;
    await db.query(
      `INSERT INTO notes (group_id, claim_id, note_type_id, text, created_at) VALUES ($1, $2, 1, 'Older note', '2026-06-01T10:00:00Z'), ($1, $2, 1, $3, '2026-06-02T10:00:00Z')`,
      [aging.groupId, claimID, `Called payer ${'x'.repeat(300)}`],
    );
    await db.query(
      `INSERT INTO notes (group_id, claim_id, note_type_id, text, archived, created_at) VALUES ($1, $2, 1, 'Archived', true, '2026-06-03T10:00:00Z')`,
      [aging.groupId, claimID],
    );
    await db.query(
      `INSERT INTO claim_events (claim_id, action, source, at) VALUES ($1, 'scrubbed', 'hotkey', '2026-06-01T09:00:00Z'), ($1, 'submitted', 'palette', '2026-06-04T09:00:00Z')`,
      [claimID],
    );
    const reply = await get('Repository/getClaimHoverInfo', { claimID: String(claimID) });
    expect(reply.statusCode, reply.body).toBe(200);
    const info = claimHoverInfoSchema.parse(reply.json());
    expect(info).toMatchObject({
      claimID,
      payerName: 'Aetna',
      claimStatus: 'Submitted',
      balance: 1000,
      lastEvent: { action: 'submitted', source: 'palette', at: '2026-06-04T09:00:00Z', by: null },
    });
    expect(info.lastNote?.text).toMatch(/^Called payer x+$/);
    expect(info.lastNote?.text).toHaveLength(200);
    const quiet = claimHoverInfoSchema.parse(
      (await get('Repository/getClaimHoverInfo', { claimID: String(aging.claimIds[1]) })).json(),
    );
    expect(quiet.lastNote).toBeNull();
    expect(quiet.lastEvent).toBeNull();
  });

  it('keeps every side call to the data role', async () => {
    const hiddenClaim = String(hidden.claimIds[0]);
    expect((await get('Repository/getClaimHoverInfo', { claimID: hiddenClaim })).statusCode).toBe(404);
    expect((await get('Repository/getClaimHoverInfo', { claimID: '999999999' })).statusCode).toBe(404);
    const outside = { groupID: String(hidden.groupId) };
    expect(
      claimStatusCategoriesReplySchema.parse((await get('Claims/getAllClaimsSearchStatusCategories', outside)).json())
        .total,
    ).toBe(0);
    expect(arSectionReplySchema.parse((await get('Claims/getARClaimsSectionData', outside)).json()).total).toEqual({
      count: 0,
      balance: 0,
    });
    expect((await get('Claims/getARClaimsSearchData', outside)).json<ClaimSearchReply>().total).toBe(0);
    // Nothing of the hidden group is counted in the unfiltered figures either.
    expect(
      claimStatusCategoriesReplySchema.parse((await get('Claims/getAllClaimsSearchStatusCategories')).json()).total,
    ).toBe(aging.claimIds.length);
  });
});
