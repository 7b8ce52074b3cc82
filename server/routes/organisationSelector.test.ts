/**
 * The organisation selector through the API on both engines: every call refuses without a
 * session; the lists, search, favorites and workgroups stay within the data role (another
 * group's entry is not found and nothing changes); bad input is a 400 and nothing changes; a
 * workgroup's round trip; and the selection, kept as a user setting, narrows the claims list, a
 * report, the AR dashboard and the palette's record search at once, an empty one giving back everything the data role allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgingReportReply } from '../../contract/agingReports.ts';
import type { SessionUser } from '../../contract/auth.ts';
import type { ClaimCountsReply, MonthlyAverageReply } from '../../contract/arDashboard.ts';
import type { ClaimSearchReply } from '../../contract/claims.ts';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import type { MoneyReportReply } from '../../contract/moneyReports.ts';
import type { MonthlySummaryReply } from '../../contract/monthEnd.ts';
import type {
  RecentsReply,
  SelectionReply,
  SelectorLists,
  WorkGroupsReply,
  WorkGroupValuesReply,
} from '../../contract/organisationSelector.ts';
import type { GlobalSearchReply } from '../../contract/search.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';
import { giveTwoLines } from '../test/twoLineClaims.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const CALLS: [Method, string][] = [
  ['GET', 'Repository/getOrganizationSelector'],
  ['GET', 'Repository/searchOrganizationSelector'],
  ['GET', 'Repository/getSelectorDatabyID'],
  ['GET', 'Repository/getWorkGroups'],
  ['GET', 'Repository/workGroupSelectValues'],
  ['GET', 'Repository/getFavorites'],
  ['GET', 'Repository/getRecents'],
  ['POST', 'Users/addWorkGroup'],
  ['PUT', 'Users/editWorkGroup'],
  ['PUT', 'Users/renameWorkGroup'],
  ['DELETE', 'Users/deleteWorkGroup'],
  ['DELETE', 'Users/removeFromWorkGroup'],
  ['POST', 'Users/addFavorites'],
  ['PUT', 'Users/unFavorites'],
];

describe.each(testEngines)('organisation selector on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let gamma: TestGroup;
  let alphaFacility = 0;
  let alphaSecondProvider = 0;
  let biller: SessionUser;
  let other: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Selector Alpha', { claims: 3, patientLastName: 'ALPHA' });
    beta = await createTestGroup(database.db, 'Selector Beta', { claims: 2, patientLastName: 'BETA' });
    gamma = await createTestGroup(database.db, 'Selector Gamma', { claims: 1, patientLastName: 'GAMMA' });
    const [facility] = await database.db.query<{ id: number }>(
      `INSERT INTO facilities (group_id, practice_id, name, address1, city, state, zip)
       VALUES ($1, $2, 'Alpha Surgery Center', '3 Elm St', 'Austin', 'TX', '78701') RETURNING facility_id::int AS id`,
      [alpha.groupId, alpha.practiceId],
    );
    alphaFacility = facility!.id;
    const [provider] = await database.db.query<{ id: number }>(
      `INSERT INTO providers (group_id, practice_id, provider_type, first_name, last_name, npi)
       VALUES ($1, $2, 'individual', 'Ray', 'Moss', '1245319599') RETURNING provider_id::int AS id`,
      [alpha.groupId, alpha.practiceId],
    );
    alphaSecondProvider = provider!.id;
    // Of Alpha's three claims: the first at the surgery center, the third by the second provider.
    await database.db.query('UPDATE claims SET facility_id = $1 WHERE claim_id = $2', [
      alphaFacility,
      alpha.claimIds[0],
    ]);
    await database.db.query('UPDATE claims SET provider_id = $1 WHERE claim_id = $2', [
      alphaSecondProvider,
      alpha.claimIds[2],
    ]);
    for (const [group, prefix] of [
      [alpha, 'SA'],
      [beta, 'SB'],
      [gamma, 'SG'],
    ] as const)
      await giveTwoLines(database.db, group.groupId, { claimStatus: CLAIM_STATUS.draft, lineControlPrefix: prefix });
    await createTestUser(database.db, 'selector@example.test', { groupIds: [alpha.groupId, beta.groupId] });
    await createTestUser(database.db, 'selector-gamma@example.test', { groupIds: [gamma.groupId] });
    test = await createTestApp(database.db);
    biller = await signIn(test, 'selector@example.test');
    other = await signIn(test, 'selector-gamma@example.test');
  }, 120_000);

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const call = (session: SessionUser | null, method: Method, path: string, input: Record<string, unknown> = {}) =>
    test.app.inject({
      method,
      url: `/api/${path}`,
      headers: session ? { ...bearer(session), 'x-action-source': 'palette' } : {},
      ...(method === 'GET' || (method === 'DELETE' && path.endsWith('deleteWorkGroup'))
        ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
        : { payload: input }),
    });
  const read = async <T>(session: SessionUser, path: string, input: Record<string, unknown> = {}): Promise<T> => {
    const reply = await call(session, 'GET', path, input);
    expect(reply.statusCode, `${path}: ${reply.body}`).toBe(200);
    return reply.json<T>();
  };
  const idsOf = (lists: SelectorLists) => ({
    groups: lists.groups.map((item) => item.id),
    practices: lists.practices.map((item) => item.id),
    facilities: lists.facilities.map((item) => item.id),
    providers: lists.providers.map((item) => item.id),
  });
  const select = (session: SessionUser, value: unknown) =>
    call(session, 'POST', 'Users/saveUserSetting', { key: 'organisationSelection', value });
  const claimIds = async (session: SessionUser) =>
    (
      await read<ClaimSearchReply>(session, 'Claims/getAllClaimsSearchData', {
        pageSize: 100,
        sortColumn: 'claimID',
        sortOrder: 'asc',
      })
    ).rows.map((row) => row.claimID);
  const trialBalanceClaims = async (session: SessionUser) =>
    (await read<AgingReportReply>(session, 'Reports/getAgedTrialBalanceReport', { pageSize: 100 })).rows
      .map((row) => row.rowID)
      .sort((a, b) => Number(a) - Number(b));
  const changes = async () =>
    (
      await database.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM work_groups)::int + (SELECT count(*) FROM work_group_items)::int
              + (SELECT count(*) FROM favorites)::int + (SELECT count(*) FROM user_settings)::int AS n`,
      )
    )[0]!.n;

  it('refuses every call without a session', async () => {
    for (const [method, path] of CALLS) expect((await call(null, method, path)).statusCode, path).toBe(401);
  });

  it("lists the entries of the user's data role only, each with its place, and searches them", async () => {
    const lists = await read<SelectorLists>(biller, 'Repository/getOrganizationSelector');
    const providersById = (found: SelectorLists) => ({
      ...idsOf(found),
      providers: idsOf(found).providers.sort((a, b) => a - b),
    });
    expect(providersById(lists)).toEqual({
      groups: [alpha.groupId, beta.groupId],
      practices: [alpha.practiceId, beta.practiceId],
      facilities: [alphaFacility],
      providers: [alpha.providerId, alphaSecondProvider, beta.providerId].sort((a, b) => a - b),
    });
    expect(lists.providers).toHaveLength(3);
    expect(lists.facilities[0]).toMatchObject({
      name: 'Alpha Surgery Center',
      detail: 'Selector Alpha › Selector Alpha Practice',
      isFavorite: false,
      workGroups: [],
    });
    const found = await read<SelectorLists>(biller, 'Repository/searchOrganizationSelector', { searchValue: 'beta' });
    expect(idsOf(found)).toEqual({
      groups: [beta.groupId],
      practices: [beta.practiceId],
      facilities: [],
      providers: [],
    });
    // Another group's entries are not found by their name either.
    const gammaSearch = await read<SelectorLists>(biller, 'Repository/searchOrganizationSelector', {
      searchValue: 'gamma',
    });
    expect(idsOf(gammaSearch)).toEqual({ groups: [], practices: [], facilities: [], providers: [] });
    expect((await call(biller, 'GET', 'Repository/searchOrganizationSelector', { searchValue: ' ' })).statusCode).toBe(
      400,
    );
    // % and _ are plain characters.
    const wildcard = await read<SelectorLists>(biller, 'Repository/searchOrganizationSelector', { searchValue: '%' });
    expect(idsOf(wildcard).groups).toEqual([]);
  });

  it('stars and unstars entries, within the data role only', async () => {
    const before = await changes();
    const outside = await call(biller, 'POST', 'Users/addFavorites', { practices: [gamma.practiceId] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json<{ message: string }>().message).toBe(
      `Practice ${gamma.practiceId} is not one your data role grants.`,
    );
    expect((await call(biller, 'POST', 'Users/addFavorites', {})).statusCode).toBe(400);
    expect((await call(biller, 'POST', 'Users/addFavorites', { practices: ['x'] })).statusCode).toBe(400);
    expect((await call(biller, 'POST', 'Users/addFavorites', { shops: [1] })).statusCode).toBe(400);
    // One good and one outside: nothing is starred.
    expect(
      (await call(biller, 'POST', 'Users/addFavorites', { groups: [alpha.groupId], practices: [gamma.practiceId] }))
        .statusCode,
    ).toBe(404);
    expect(await changes()).toBe(before);

    const added = await call(biller, 'POST', 'Users/addFavorites', {
      practices: [beta.practiceId],
      facilities: [alphaFacility],
    });
    expect(added.statusCode, added.body).toBe(200);
    const starred = await read<SelectorLists>(biller, 'Repository/getFavorites');
    expect(idsOf(starred)).toEqual({
      groups: [],
      practices: [beta.practiceId],
      facilities: [alphaFacility],
      providers: [],
    });
    const lists = await read<SelectorLists>(biller, 'Repository/getOrganizationSelector');
    expect(lists.practices.find((item) => item.id === beta.practiceId)?.isFavorite).toBe(true);
    expect(lists.practices.find((item) => item.id === alpha.practiceId)?.isFavorite).toBe(false);
    // Another user's favorites are their own.
    expect(idsOf(await read<SelectorLists>(other, 'Repository/getFavorites')).practices).toEqual([]);

    expect((await call(biller, 'PUT', 'Users/unFavorites', { facilities: [alphaFacility] })).statusCode).toBe(200);
    expect(idsOf(await read<SelectorLists>(biller, 'Repository/getFavorites'))).toEqual({
      groups: [],
      practices: [beta.practiceId],
      facilities: [],
      providers: [],
    });
    expect((await call(biller, 'PUT', 'Users/unFavorites', {})).statusCode).toBe(400);
  });

  it('keeps a workgroup through its whole life: create, read, rename, edit, remove entries, delete', async () => {
    const created = await call(biller, 'POST', 'Users/addWorkGroup', {
      name: 'Morning run',
      practices: [alpha.practiceId],
      providers: [beta.providerId],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { workGroupId } = created.json<{ workGroupId: number }>();
    expect(workGroupId).toBeGreaterThan(0);

    const listed = await read<WorkGroupsReply>(biller, 'Repository/getWorkGroups');
    expect(listed.workGroups).toEqual([
      {
        workGroupId,
        name: 'Morning run',
        groups: [],
        practices: [alpha.practiceId],
        facilities: [],
        providers: [beta.providerId],
      },
    ]);
    const values = await read<WorkGroupValuesReply>(biller, 'Repository/workGroupSelectValues', {
      workGroupID: workGroupId,
    });
    expect(values.name).toBe('Morning run');
    expect(values.items.practices.map((item) => item.name)).toEqual(['Selector Alpha Practice']);
    expect(values.items.practices[0]?.workGroups).toEqual([workGroupId]);
    expect(values.items.providers.map((item) => item.name)).toEqual(['Lee, Ann']);

    const renamed = await call(biller, 'PUT', 'Users/renameWorkGroup', { workGroupId, name: 'Early run' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ message: string }>().message).toContain('Early run');

    const edited = await call(biller, 'PUT', 'Users/editWorkGroup', {
      workGroupId,
      name: 'Early run',
      practices: [alpha.practiceId, beta.practiceId],
      facilities: [alphaFacility],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read<WorkGroupsReply>(biller, 'Repository/getWorkGroups')).workGroups[0]).toMatchObject({
      name: 'Early run',
      practices: [alpha.practiceId, beta.practiceId].sort((a, b) => a - b),
      facilities: [alphaFacility],
      providers: [],
    });

    const removed = await call(biller, 'DELETE', 'Users/removeFromWorkGroup', {
      workGroupID: workGroupId,
      practices: [beta.practiceId],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read<WorkGroupsReply>(biller, 'Repository/getWorkGroups')).workGroups[0]?.practices).toEqual([
      alpha.practiceId,
    ]);
    // Taking out what is not in it is refused, and says so.
    const notIn = await call(biller, 'DELETE', 'Users/removeFromWorkGroup', {
      workGroupID: workGroupId,
      practices: [beta.practiceId],
    });
    expect(notIn.statusCode).toBe(400);

    const deleted = await call(biller, 'DELETE', 'Users/deleteWorkGroup', { workGroupId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ response: string }>().response).toBe('Workgroup Successfully Deleted');
    expect((await read<WorkGroupsReply>(biller, 'Repository/getWorkGroups')).workGroups).toEqual([]);
    expect((await call(biller, 'DELETE', 'Users/deleteWorkGroup', { workGroupId })).statusCode).toBe(404);

    const audited = await database.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE record_type = 'workGroup' AND record_id = $1 ORDER BY audit_id`,
      [String(workGroupId)],
    );
    expect(audited.map((row) => row.action)).toEqual([
      'workGroup.add',
      'workGroup.rename',
      'workGroup.edit',
      'workGroup.removeItems',
      'workGroup.delete',
    ]);
  });

  it("refuses bad input, another group's entries and another user's workgroup, changing nothing", async () => {
    const kept = await call(biller, 'POST', 'Users/addWorkGroup', { name: 'Kept', groups: [alpha.groupId] });
    expect(kept.statusCode).toBe(200);
    const { workGroupId } = kept.json<{ workGroupId: number }>();
    const before = await changes();

    const refused: [Method, string, Record<string, unknown>, number][] = [
      ['POST', 'Users/addWorkGroup', { name: '', groups: [alpha.groupId] }, 400],
      ['POST', 'Users/addWorkGroup', { name: 'Nothing in it' }, 400],
      ['POST', 'Users/addWorkGroup', { name: 'kept', groups: [beta.groupId] }, 400],
      ['POST', 'Users/addWorkGroup', { name: 'x'.repeat(101), groups: [alpha.groupId] }, 400],
      ['POST', 'Users/addWorkGroup', { name: 'Outside', groups: [alpha.groupId], practices: [gamma.practiceId] }, 404],
      ['POST', 'Users/addWorkGroup', { name: 'Bad ids', groups: [-1] }, 400],
      ['PUT', 'Users/renameWorkGroup', { workGroupId, name: ' ' }, 400],
      ['PUT', 'Users/renameWorkGroup', { workGroupId: 'one', name: 'Fine' }, 400],
      ['PUT', 'Users/editWorkGroup', { workGroupId, name: 'Kept', groups: [gamma.groupId] }, 404],
      ['PUT', 'Users/editWorkGroup', { workGroupId, name: 'Kept' }, 400],
      ['DELETE', 'Users/deleteWorkGroup', { workGroupId: 'abc' }, 400],
      ['DELETE', 'Users/removeFromWorkGroup', { workGroupID: workGroupId }, 400],
      ['GET', 'Repository/workGroupSelectValues', { workGroupID: 'abc' }, 400],
    ];
    for (const [method, path, input, status] of refused)
      expect((await call(biller, method, path, input)).statusCode, `${path} ${JSON.stringify(input)}`).toBe(status);

    // Another user's workgroup is not found, whatever they ask of it.
    const theirs: [Method, string, Record<string, unknown>][] = [
      ['GET', 'Repository/workGroupSelectValues', { workGroupID: workGroupId }],
      ['PUT', 'Users/renameWorkGroup', { workGroupId, name: 'Mine now' }],
      ['PUT', 'Users/editWorkGroup', { workGroupId, name: 'Mine now', groups: [gamma.groupId] }],
      ['DELETE', 'Users/deleteWorkGroup', { workGroupId }],
      ['DELETE', 'Users/removeFromWorkGroup', { workGroupID: workGroupId, groups: [alpha.groupId] }],
    ];
    for (const [method, path, input] of theirs)
      expect((await call(other, method, path, input)).statusCode, path).toBe(404);
    expect((await read<WorkGroupsReply>(other, 'Repository/getWorkGroups')).workGroups).toEqual([]);

    expect(await changes()).toBe(before);
    expect((await read<WorkGroupsReply>(biller, 'Repository/getWorkGroups')).workGroups.map((w) => w.name)).toEqual([
      'Kept',
    ]);
  });

  it('narrows the claims list and a report to the selection at once, and an empty one gives everything back', async () => {
    const everything = [...alpha.claimIds, ...beta.claimIds].sort((a, b) => a - b);
    expect(await claimIds(biller)).toEqual(everything);
    expect(await trialBalanceClaims(biller)).toEqual(everything);

    const picked = await select(biller, { practices: [beta.practiceId] });
    expect(picked.statusCode, picked.body).toBe(200);
    // The very next request, answered from the same server's remembered session, follows it.
    expect(await claimIds(biller)).toEqual(beta.claimIds);
    expect(await trialBalanceClaims(biller)).toEqual(beta.claimIds);
    // The palette's record search and the AR dashboard follow it too.
    const search = async (searchValue: string) =>
      (await read<GlobalSearchReply>(biller, 'Repository/getSystemGlobalSearch', { searchValue })).results.map(
        (hit) => `${hit.type}:${hit.id}`,
      );
    expect(await search('ALPHA')).toEqual([]);
    expect(await search('BETA')).toEqual([`patient:${beta.patientId}`]);
    expect((await read<ClaimCountsReply>(biller, 'ARDashboard/getOpenItems')).totalClaims).toBe(beta.claimIds.length);
    const data = await read<SelectionReply>(biller, 'Repository/getSelectorDatabyID');
    expect(data.everything).toBe(false);
    expect(data.practiceIDs).toEqual([beta.practiceId]);
    expect(data.selection.practices.map((item) => item.name)).toEqual(['Selector Beta Practice']);

    // A facility narrows the console to the claims seen there.
    expect((await select(biller, { facilities: [alphaFacility] })).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual([alpha.claimIds[0]]);

    // The entries picked are the user's recents, newest first.
    const recents = await read<RecentsReply>(biller, 'Repository/getRecents');
    expect(recents.recents.map((item) => `${item.kind}:${item.id}`).slice(0, 2)).toEqual([
      `facility:${alphaFacility}`,
      `practice:${beta.practiceId}`,
    ]);

    // Outside the data role or malformed: refused, the selection stays as it was.
    expect((await select(biller, { practices: [gamma.practiceId] })).statusCode).toBe(404);
    expect((await select(biller, { practices: 'all' })).statusCode).toBe(400);
    expect((await select(biller, { wards: [1] })).statusCode).toBe(400);
    expect(await claimIds(biller)).toEqual([alpha.claimIds[0]]);

    // Another user's console is not touched by it.
    expect(await claimIds(other)).toEqual(gamma.claimIds);

    expect((await select(biller, {})).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual(everything);
    expect(await trialBalanceClaims(biller)).toEqual(everything);
    expect((await read<SelectionReply>(biller, 'Repository/getSelectorDatabyID')).everything).toBe(true);
    expect((await read<ClaimCountsReply>(biller, 'ARDashboard/getOpenItems')).totalClaims).toBe(everything.length);
  });

  it("narrows every list, figure and search to a facility's and a provider's own claims, beside practices picked whole", async () => {
    const [atFacility, elsewhere, bySecondProvider] = alpha.claimIds as [number, number, number];
    const chargeDetailClaims = async () =>
      [
        ...new Set(
          (await read<MoneyReportReply>(biller, 'Reports/getChargeDetailReport', { pageSize: 100 })).rows.map((row) =>
            Number(row.claimID),
          ),
        ),
      ].sort((a, b) => a - b);
    const chargesBilled = async () => {
      const reply = await read<MonthlyAverageReply>(biller, 'ARDashboard/getAverageChargeAmount', {
        fromPostingDate: '2026-01-01',
        toPostingDate: '2026-01-31',
      });
      return { amountCents: reply.amountCents, claimsBilled: reply.claimsBilled };
    };
    const monthlyCharges = async () =>
      (
        await read<MonthlySummaryReply>(biller, 'Reports/getmonthlySummaryDevelopmemt', {
          groupID: alpha.groupId,
          fromDate: '2026-01-01',
          toDate: '2026-01-31',
        })
      ).rows.find((row) => row.level === 'group')?.chargesCents;
    // Aging by provider adds up the aging sums (kept per facility too), not the claims.
    const agedByProvider = async () =>
      (await read<AgingReportReply>(biller, 'Reports/getAgingByProviderReport', { pageSize: 50 })).totals;
    const claimHits = async (claimID: number) =>
      (
        await read<GlobalSearchReply>(biller, 'Repository/getSystemGlobalSearch', { searchValue: String(claimID) })
      ).results.map((hit) => `${hit.type}:${hit.id}`);

    expect((await select(biller, { facilities: [alphaFacility] })).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual([atFacility]);
    expect(await trialBalanceClaims(biller)).toEqual([atFacility]);
    expect((await read<ClaimCountsReply>(biller, 'ARDashboard/getOpenItems')).totalClaims).toBe(1);
    expect(await chargeDetailClaims()).toEqual([atFacility]);
    // Each claim bills $300 in January 2026.
    expect(await chargesBilled()).toEqual({ amountCents: 30_000, claimsBilled: 1 });
    expect(await monthlyCharges()).toBe(30_000);
    expect(await agedByProvider()).toMatchObject({ claimCount: 1, total: 30_000 });
    expect(await claimHits(atFacility)).toEqual([`claim:${atFacility}`]);
    expect(await claimHits(elsewhere)).toEqual([]);
    // Patients stay with their practice: a patient of a picked facility's practice is still found.
    expect(
      (await read<GlobalSearchReply>(biller, 'Repository/getSystemGlobalSearch', { searchValue: 'ALPHA' })).results,
    ).toHaveLength(1);

    // A claim moved to the facility after its charges were posted brings its figures along.
    await database.db.query('UPDATE claims SET facility_id = $1 WHERE claim_id = $2', [alphaFacility, elsewhere]);
    expect(await chargesBilled()).toEqual({ amountCents: 60_000, claimsBilled: 2 });
    expect(await monthlyCharges()).toBe(60_000);
    expect(await agedByProvider()).toMatchObject({ claimCount: 2, total: 60_000 });
    await database.db.query('UPDATE claims SET facility_id = NULL WHERE claim_id = $1', [elsewhere]);
    expect(await chargesBilled()).toEqual({ amountCents: 30_000, claimsBilled: 1 });
    expect(await agedByProvider()).toMatchObject({ claimCount: 1, total: 30_000 });

    // A facility and a provider: the claims of either.
    expect((await select(biller, { facilities: [alphaFacility], providers: [alphaSecondProvider] })).statusCode).toBe(
      200,
    );
    expect(await claimIds(biller)).toEqual([atFacility, bySecondProvider]);
    expect(await trialBalanceClaims(biller)).toEqual([atFacility, bySecondProvider]);
    expect(await chargeDetailClaims()).toEqual([atFacility, bySecondProvider]);
    expect(await chargesBilled()).toEqual({ amountCents: 60_000, claimsBilled: 2 });
    expect(await monthlyCharges()).toBe(60_000);
    expect(await agedByProvider()).toMatchObject({ claimCount: 2, total: 60_000 });

    // A facility beside a practice picked whole: the facility's claims and all of the practice's.
    expect((await select(biller, { facilities: [alphaFacility], practices: [beta.practiceId] })).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual([atFacility, ...beta.claimIds]);
    expect(await trialBalanceClaims(biller)).toEqual([atFacility, ...beta.claimIds]);
    expect((await read<ClaimCountsReply>(biller, 'ARDashboard/getOpenItems')).totalClaims).toBe(
      1 + beta.claimIds.length,
    );

    // The facility's practice picked whole as well: every claim of it again.
    expect((await select(biller, { facilities: [alphaFacility], practices: [alpha.practiceId] })).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual(alpha.claimIds);
    expect(await chargesBilled()).toEqual({ amountCents: 90_000, claimsBilled: 3 });

    expect((await select(biller, {})).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual([...alpha.claimIds, ...beta.claimIds].sort((a, b) => a - b));
  });

  it('moves the access epoch when the selection changes, so a session remembered by another server process reads it again', async () => {
    const epoch = async () =>
      Number((await database.db.query<{ epoch: number | string }>('SELECT epoch FROM access_epoch'))[0]!.epoch);
    const before = await epoch();
    expect((await select(biller, { practices: [alpha.practiceId] })).statusCode).toBe(200);
    const after = await epoch();
    expect(after).toBeGreaterThan(before);
    // A refused selection changes nothing, the epoch included.
    expect((await select(biller, { practices: [gamma.practiceId] })).statusCode).toBe(404);
    expect(await epoch()).toBe(after);
    expect((await select(biller, {})).statusCode).toBe(200);
  });

  it('narrows what the console shows, not what its administrator manages', async () => {
    expect((await select(biller, { practices: [beta.practiceId] })).statusCode).toBe(200);
    // The biller's own data role (both groups) is still within their reach as an administrator.
    const users = await read<{ email: string }[]>(biller, 'Users/GetUsersData');
    expect(users.map((user) => user.email)).toContain('selector@example.test');
    // And the selector still offers everything the data role allows.
    expect(idsOf(await read<SelectorLists>(biller, 'Repository/getOrganizationSelector')).practices).toHaveLength(2);
    expect((await select(biller, {})).statusCode).toBe(200);
  });

  it('gives back the whole data role when the data role no longer grants anything picked', async () => {
    expect((await select(biller, { practices: [beta.practiceId] })).statusCode).toBe(200);
    expect(await claimIds(biller)).toEqual(beta.claimIds);
    const [role] = await database.db.query<{ id: number }>(
      "SELECT data_role_id::int AS id FROM users WHERE email = 'selector@example.test'",
    );
    await database.db.query('DELETE FROM data_role_groups WHERE data_role_id = $1 AND group_id = $2', [
      role!.id,
      beta.groupId,
    ]);
    try {
      // Beta is gone from the data role: the selection names nothing it grants, so it is all of Alpha.
      expect(await claimIds(biller)).toEqual(alpha.claimIds);
      expect((await read<SelectionReply>(biller, 'Repository/getSelectorDatabyID')).everything).toBe(true);
    } finally {
      await database.db.query('INSERT INTO data_role_groups (data_role_id, group_id) VALUES ($1, $2)', [
        role!.id,
        beta.groupId,
      ]);
    }
    expect(await claimIds(biller)).toEqual(beta.claimIds);
    expect((await select(biller, {})).statusCode).toBe(200);
  });

  it('keeps the selection for the next sign-in', async () => {
    expect((await select(biller, { groups: [alpha.groupId] })).statusCode).toBe(200);
    const again = await signIn(test, 'selector@example.test');
    expect(await claimIds(again)).toEqual(alpha.claimIds);
    expect((await select(again, {})).statusCode).toBe(200);
  });
});
