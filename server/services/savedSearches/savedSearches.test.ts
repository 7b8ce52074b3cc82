import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimSearchReply } from '../../../contract/claims.ts';
import {
  CLAIMS_LIST_MODULE_URL,
  SAVED_SEARCH_NAME_TAKEN,
  savedReportSchema,
  savedReportsReplySchema,
  type SavedClaimSearch,
} from '../../../contract/savedSearches.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

const search = (filter: SavedClaimSearch['filter']): SavedClaimSearch => ({
  filter,
  sort: { column: 'dosFrom', order: 'asc' },
  labels: { insuranceID: 'Aetna' },
});

describe.each(testEngines)('saved searches on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let mine: TestGroup;
  let theirs: TestGroup;
  let ann: SessionUser;
  let bob: SessionUser;
  let noReports: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    mine = await createTestGroup(database.db, 'Mine', { claims: 4 });
    theirs = await createTestGroup(database.db, 'Theirs', { claims: 4 });
    await createTestUser(database.db, 'ann@example.test', { groupIds: [mine.groupId] });
    await createTestUser(database.db, 'bob@example.test', { groupIds: [theirs.groupId] });
    await createTestUser(database.db, 'clerk@example.test', { groupIds: [mine.groupId], modules: ['CLAIMS'] });
    test = await createTestApp(database.db);
    ann = await signIn(test, 'ann@example.test');
    bob = await signIn(test, 'bob@example.test');
    noReports = await signIn(test, 'clerk@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const send = (
    session: SessionUser,
    method: 'GET' | 'POST' | 'DELETE',
    name: string,
    input: Record<string, unknown>,
  ) =>
    test.app.inject({
      method,
      url: `/api/SavedReports/${name}`,
      headers: bearer(session),
      ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input }),
    });
  const list = async (session: SessionUser) =>
    savedReportsReplySchema.parse(
      (await send(session, 'GET', 'GetSavedReports', { moduleUrl: CLAIMS_LIST_MODULE_URL })).json(),
    ).reports;
  const add = (session: SessionUser, name: string, params: unknown) =>
    send(session, 'POST', 'AddSavedReport', { moduleUrl: CLAIMS_LIST_MODULE_URL, name, params });

  it('saves, lists, renames, saves over and deletes a search, each user seeing only their own', async () => {
    const added = await add(
      ann,
      'Aetna denials',
      search({ insuranceID: mine.insuranceId, claimStatusIDs: '5,6', ar: 'true' }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const saved = savedReportSchema.parse(added.json());
    expect(saved).toMatchObject({
      name: 'Aetna denials',
      problem: null,
      params: search({ insuranceID: mine.insuranceId, claimStatusIDs: '5,6', ar: 'true' }),
    });
    expect((await add(bob, 'Aetna denials', search({}))).statusCode).toBe(200);

    expect((await list(ann)).map((report) => report.name)).toEqual(['Aetna denials']);
    expect(await list(bob)).toHaveLength(1);
    expect((await list(bob))[0]?.id).not.toBe(saved.id);

    for (const [name, input] of [
      ['EditSavedReport', { id: saved.id, name: 'Stolen' }],
      ['DeleteSavedReport', { id: saved.id }],
    ] as const) {
      const reply = await send(bob, name === 'DeleteSavedReport' ? 'DELETE' : 'POST', name, input);
      expect(reply.statusCode, name).toBe(404);
    }

    const renamed = await send(ann, 'POST', 'EditSavedReport', { id: saved.id, name: 'Aetna work' });
    expect(savedReportSchema.parse(renamed.json()).name).toBe('Aetna work');
    const resaved = await send(ann, 'POST', 'EditSavedReport', {
      id: saved.id,
      params: search({ agingBucket: '120+' }),
    });
    expect(savedReportSchema.parse(resaved.json())).toMatchObject({
      name: 'Aetna work',
      params: { filter: { agingBucket: '120+' } },
    });

    expect((await send(ann, 'DELETE', 'DeleteSavedReport', { id: saved.id })).statusCode).toBe(200);
    expect(await list(ann)).toEqual([]);
    expect(await list(bob)).toHaveLength(1);
  });

  it('refuses a second search of the same name for the same user, in any letter case', async () => {
    expect((await add(ann, 'Follow-up', search({}))).statusCode).toBe(200);
    for (const name of ['Follow-up', ' follow-UP ']) {
      const reply = await add(ann, name, search({}));
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toBe(SAVED_SEARCH_NAME_TAKEN);
    }
    const other = savedReportSchema.parse((await add(ann, 'Other', search({}))).json());
    const clash = await send(ann, 'POST', 'EditSavedReport', { id: other.id, name: 'FOLLOW-UP' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<{ message: string }>().message).toBe(SAVED_SEARCH_NAME_TAKEN);
  });

  it.each([
    [
      'a bad filter value',
      search({ agingBucket: '45' } as unknown as SavedClaimSearch['filter']),
      /params\.filter\.agingBucket: Use one of/,
    ],
    ['an unknown filter', { ...search({}), filter: { payer: 1 } }, /params\.filter: Unrecognized key/],
    [
      'a reversed range',
      search({ dosFrom: '2026-02-01', dosTo: '2026-01-01' }),
      /params\.filter\.dosFrom: The first date of service is after the last/,
    ],
    ['a bad sort', { ...search({}), sort: { column: 'payer', order: 'asc' } }, /params\.sort\.column/],
  ])('refuses to save %s with a 400 naming the field', async (_name, params, message) => {
    const reply = await add(ann, `Bad ${Math.random()}`, params);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(message);
  });

  it('refuses other screens and empty names', async () => {
    const elsewhere = await send(ann, 'POST', 'AddSavedReport', {
      moduleUrl: '/app/patients',
      name: 'x',
      params: search({}),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ message: string }>().message).toMatch(
      /moduleUrl: Saved searches are kept for \/app\/all-claims and the report screens only/,
    );
    const unnamed = await add(ann, '   ', search({}));
    expect(unnamed.json<{ message: string }>().message).toMatch(/name: Name the saved search/);
  });

  it('checks stored parameters again when read: a search that no longer fits is listed without them', async () => {
    const [user] = await database.db.query<{ id: number }>(
      `SELECT user_id AS id FROM users WHERE email = 'ann@example.test'`,
    );
    await database.db.query(
      `INSERT INTO saved_reports (user_id, module_url, name, params) VALUES ($1, $2, 'Old rules', $3)`,
      [
        user?.id,
        CLAIMS_LIST_MODULE_URL,
        JSON.stringify({ filter: { agingBucket: '180+' }, sort: { column: 'claimID', order: 'desc' } }),
      ],
    );
    const old = (await list(ann)).find((report) => report.name === 'Old rules');
    expect(old).toMatchObject({
      params: null,
      problem: expect.stringMatching(/no longer fits the list's filters \(filter\.agingBucket: Use one of/) as unknown,
    });
  });

  it('keeps a saved filter inside the data role of whoever runs it', async () => {
    const params = search({ groupID: theirs.groupId });
    const saved = savedReportSchema.parse((await add(ann, 'Their group', params)).json());
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(ann),
      query: { groupID: String((saved.params as SavedClaimSearch).filter.groupID) },
    });
    expect(reply.json<ClaimSearchReply>().total).toBe(0);
  });

  describe('of a report screen', () => {
    const aging = '/app/aging-report';
    const reportsOf = async (session: SessionUser, moduleUrl: string) =>
      savedReportsReplySchema.parse((await send(session, 'GET', 'GetSavedReports', { moduleUrl })).json()).reports;
    const addReport = (session: SessionUser, moduleUrl: string, name: string, params: unknown) =>
      send(session, 'POST', 'AddSavedReport', { moduleUrl, name, params });

    it('keeps a report screen’s parameters per user and screen, apart from the claims list', async () => {
      const before = (await list(ann)).map((report) => report.name);
      const params = { agingType: 'posting', groupIDs: '1,2', fromBalance: '100.50' };
      const added = await addReport(ann, aging, 'Posting aging', params);
      expect(added.statusCode, added.body).toBe(200);
      const saved = savedReportSchema.parse(added.json());
      expect(saved).toMatchObject({ moduleUrl: aging, name: 'Posting aging', params, problem: null });
      // The same name may be used on another screen.
      expect(
        (await addReport(ann, '/app/reports/charge-detail', 'Posting aging', { dosFrom: '2026-01-01' })).statusCode,
      ).toBe(200);

      expect(await reportsOf(ann, aging)).toEqual([saved]);
      expect(await reportsOf(bob, aging)).toEqual([]);
      expect((await reportsOf(ann, '/app/reports/charge-detail')).map((report) => report.params)).toEqual([
        { dosFrom: '2026-01-01' },
      ]);
      expect((await list(ann)).map((report) => report.name)).toEqual(before);

      const resaved = await send(ann, 'POST', 'EditSavedReport', { id: saved.id, params: { agingType: 'dos' } });
      expect(savedReportSchema.parse(resaved.json()).params).toEqual({ agingType: 'dos' });
      const wrongShape = await send(ann, 'POST', 'EditSavedReport', { id: saved.id, params: search({}) });
      expect(wrongShape.statusCode).toBe(400);
      expect((await send(bob, 'DELETE', 'DeleteSavedReport', { id: saved.id })).statusCode).toBe(404);
      expect((await send(ann, 'DELETE', 'DeleteSavedReport', { id: saved.id })).statusCode).toBe(200);
      expect(await reportsOf(ann, aging)).toEqual([]);
    });

    it.each([
      ['an unknown parameter', aging, { agingType: 'dos', payer: '1' }, /params: This report has no parameter payer/],
      ['a money report parameter on the aging report', aging, { dosFrom: '2026-01-01' }, /no parameter dosFrom/],
      ['an over-long value', aging, { patientLastName: 'x'.repeat(201) }, /params\.patientLastName: At most 200/],
      ['a value that is not text', aging, { groupIDs: [1, 2] }, /params\.groupIDs/],
      ['a claims-list search on a report', aging, search({}), /params\.filter/],
      ['a report’s parameters on the claims list', CLAIMS_LIST_MODULE_URL, { agingType: 'dos' }, /params\./],
      ['a path that is no report', '/app/reports', {}, /moduleUrl: Saved searches are kept for/],
    ])('refuses %s with a 400 saying why', async (_name, moduleUrl, params, message) => {
      const reply = await addReport(ann, moduleUrl, `Bad ${Math.random()}`, params);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    });
  });

  it('needs the reports module, as the catalogue says', async () => {
    expect((await send(noReports, 'GET', 'GetSavedReports', { moduleUrl: CLAIMS_LIST_MODULE_URL })).statusCode).toBe(
      403,
    );
  });
});
