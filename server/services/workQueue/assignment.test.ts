import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssigneesReply, ReassignReply } from '../../../contract/assignment.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createWorkQueueTestData, type WorkQueueTestData } from './workQueueTestData.ts';

describe.each(testEngines)('assigning claims on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: WorkQueueTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createWorkQueueTestData(database.db, { lakesideClaims: 1_200, southClaims: 4 });
    test = await createTestApp(database.db);
    biller = await signIn(test, data.users.biller.email);
    outsider = await signIn(test, data.users.faraway.email);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const reassign = (payload: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Claims/reassignClaim',
      headers: { ...bearer(session), 'x-action-source': 'menu' },
      payload,
    });
  const get = (url: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url, headers: bearer(session), query });
  const assigneesOf = async (url: string, query: Record<string, string>) => {
    const reply = await get(url, query);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AssigneesReply>().assignees.map((user) => [user.name, user.coversAll]);
  };
  const assignedOf = (claimIds: readonly number[]) =>
    database.db.query<{ claimId: number; userId: number | null; note: string | null }>(
      'SELECT claim_id AS "claimId", assigned_user_id AS "userId", assign_user_note AS note FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id',
      [claimIds],
    );
  const eventsOf = (claimIds: readonly number[]) =>
    database.db.query<{ claimId: number; action: string; source: string; detail: Record<string, unknown> }>(
      'SELECT claim_id AS "claimId", action, source, detail FROM claim_events WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_event_id',
      [claimIds],
    );

  it('lists the active users who see the claim, the caller’s practices or the group', async () => {
    const north = data.lakeside.claimIds[0]!;
    expect(await assigneesOf('/api/Claims/getAssigneeData', { claimID: String(north) })).toEqual([
      ['Bea Biller', true],
      ['Cal Colleague', true],
      ['Dee Deputy', true],
    ]);
    expect(await assigneesOf('/api/Claims/getAssigneeData', { claimID: String(data.southClaimIds[0]) })).toEqual([
      ['Bea Biller', true],
      ['Cal Colleague', true],
      ['Dee Deputy', true],
      ['Sam South', true],
    ]);
    const everyPractice = [
      ['Bea Biller', true],
      ['Cal Colleague', true],
      ['Dee Deputy', true],
      ['Sam South', false],
    ];
    expect(await assigneesOf('/api/Claims/getAssigneeData', {})).toEqual(everyPractice);
    expect(await assigneesOf('/api/Repository/getAssignClaimTo', { clientID: String(data.lakeside.groupId) })).toEqual(
      everyPractice,
    );

    expect((await get('/api/Claims/getAssigneeData', { claimID: String(north) }, outsider)).statusCode).toBe(404);
    expect((await get('/api/Repository/getAssignClaimTo', { clientID: String(data.faraway.groupId) })).statusCode).toBe(
      404,
    );
    expect((await get('/api/Claims/getAssigneeData', { claimID: 'x' })).statusCode).toBe(400);
  });

  it('assigns a claim with a note, writes the DNA event and the audit row, and says when nothing changed', async () => {
    const claimID = data.lakeside.claimIds[0]!;
    const reply = await reassign({
      claimIDs: [claimID],
      assignedUserID: data.users.colleague.userId,
      note: ' Call the payer first. ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ReassignReply>()).toEqual({
      message: 'Assigned 1 claim to Cal Colleague.',
      changed: 1,
      unchanged: 0,
      refusedCount: 0,
      refused: [],
    });
    expect(await assignedOf([claimID])).toEqual([
      { claimId: claimID, userId: data.users.colleague.userId, note: 'Call the payer first.' },
    ]);
    expect(await eventsOf([claimID])).toEqual([
      {
        claimId: claimID,
        action: 'claim.assigned',
        source: 'menu',
        detail: { toUserID: data.users.colleague.userId, assignedTo: 'Cal Colleague', note: 'Call the payer first.' },
      },
    ]);
    const audit = await database.db.query<{ source: string; detail: Record<string, unknown> }>(
      `SELECT source, detail FROM audit_log WHERE action = 'claims.reassign'`,
    );
    expect(audit).toEqual([
      { source: 'menu', detail: { claimIDs: [claimID], assignedUserID: data.users.colleague.userId } },
    ]);

    const again = await reassign({
      claimIDs: [claimID],
      assignedUserID: data.users.colleague.userId,
      note: 'Call the payer first.',
    });
    expect(again.json<ReassignReply>()).toMatchObject({
      changed: 0,
      unchanged: 1,
      message: '1 claim already had that assignee.',
    });
    expect(await eventsOf([claimID])).toHaveLength(1);

    const unassigned = await reassign({ claimIDs: [claimID], assignedUserID: null, note: 'ignored' });
    expect(unassigned.json<ReassignReply>().message).toBe('Unassigned 1 claim.');
    expect(await assignedOf([claimID])).toEqual([{ claimId: claimID, userId: null, note: null }]);
    expect((await eventsOf([claimID]))[1]).toEqual({
      claimId: claimID,
      action: 'claim.unassigned',
      source: 'menu',
      detail: { fromUserID: data.users.colleague.userId },
    });
  });

  it('reassigns 1,200 claims in transactions of 500, one event each', async () => {
    const claimIds = data.lakeside.claimIds;
    const reply = await reassign({ claimIDs: claimIds, assignedUserID: data.users.deputy.userId });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ReassignReply>()).toMatchObject({ changed: 1_200, unchanged: 0, refusedCount: 0 });
    expect((await assignedOf(claimIds)).every((claim) => claim.userId === data.users.deputy.userId)).toBe(true);
    const events = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM claim_events WHERE action = 'claim.assigned' AND (detail->>'toUserID')::bigint = $1`,
      [data.users.deputy.userId],
    );
    expect(events[0]?.n).toBe(1_200);
    const audits = await database.db.query<{ claims: number }>(
      `SELECT jsonb_array_length(detail->'claimIDs') AS claims FROM audit_log WHERE action = 'claims.reassign' AND (detail->>'assignedUserID')::bigint = $1 ORDER BY audit_id`,
      [data.users.deputy.userId],
    );
    expect(audits.map((row) => row.claims)).toEqual([500, 500, 200]);
  });

  it('reassigns "all matching" by the search, within the data role', async () => {
    const reply = await reassign({
      query: { practiceID: data.southPracticeId },
      assignedUserID: data.users.south.userId,
      note: 'South desk',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ReassignReply>()).toMatchObject({ changed: 4, refusedCount: 0 });
    expect((await assignedOf(data.southClaimIds)).map((claim) => claim.userId)).toEqual(
      data.southClaimIds.map(() => data.users.south.userId),
    );
    const none = await reassign({
      query: { practiceID: data.faraway.practiceId },
      assignedUserID: data.users.colleague.userId,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe('No claims match the search.');
  });

  it('refuses claims of a practice the assignee cannot see, and claims outside the data role, and keeps them as they were', async () => {
    const north = data.lakeside.claimIds.slice(10, 12);
    const south = data.southClaimIds[0]!;
    const before = await assignedOf(north);
    const missing = 987_654_321;
    const reply = await reassign({
      claimIDs: [...north, south, data.faraway.claimIds[0], missing],
      assignedUserID: data.users.south.userId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<ReassignReply>();
    // The South claim had Sam already, with a note: without one now, the note goes.
    expect(body).toMatchObject({
      changed: 1,
      unchanged: 0,
      refusedCount: 4,
      message: 'Assigned 1 claim to Sam South. 4 claims refused.',
    });
    expect(body.refused).toEqual([
      { claimID: north[0], reason: 'Sam South cannot see claims of this practice.' },
      { claimID: north[1], reason: 'Sam South cannot see claims of this practice.' },
      { claimID: data.faraway.claimIds[0], reason: `Claim ${data.faraway.claimIds[0]} was not found.` },
      { claimID: missing, reason: `Claim ${missing} was not found.` },
    ]);
    expect(await assignedOf(north)).toEqual(before);
    expect(await assignedOf([south])).toEqual([{ claimId: south, userId: data.users.south.userId, note: null }]);
  });

  it('answers 400 or 404 when nothing could be reassigned, and changes nothing', async () => {
    const claimID = data.lakeside.claimIds[20]!;
    const before = await assignedOf([claimID, data.faraway.claimIds[0]!]);
    const eventsBefore = await eventsOf([claimID, data.faraway.claimIds[0]!]);
    const refusal = async (payload: Record<string, unknown>, status: number, session = biller) => {
      const reply = await reassign(payload, session);
      expect(reply.statusCode, reply.body).toBe(status);
      return reply.json<{ message: string }>().message;
    };
    // A user of a group the caller does not see is refused without being named.
    expect(await refusal({ claimIDs: [claimID], assignedUserID: data.users.faraway.userId }, 400)).toBe(
      'Choose a user from the list of assignees.',
    );
    expect(
      await refusal(
        { claimIDs: [claimID, data.lakeside.claimIds[21]], assignedUserID: data.users.faraway.userId },
        400,
      ),
    ).toBe('Choose a user from the list of assignees.');
    // One the caller's data role shares a practice with is named: Sam sees South only.
    expect(
      await refusal({ claimIDs: [claimID, data.lakeside.claimIds[21]], assignedUserID: data.users.south.userId }, 400),
    ).toBe('None of the 2 claims was reassigned: Sam South cannot see claims of this practice.');
    expect(await refusal({ claimIDs: [claimID], assignedUserID: data.users.inactive.userId }, 400)).toBe(
      'Ian Inactive is no longer active: choose another user.',
    );
    expect(
      await refusal({ claimIDs: [data.faraway.claimIds[0]], assignedUserID: data.users.colleague.userId }, 404),
    ).toBe('Not Found.');
    expect(await refusal({ claimIDs: [claimID], assignedUserID: data.users.faraway.userId }, 404, outsider)).toBe(
      'Not Found.',
    );
    expect(await refusal({ claimIDs: [], assignedUserID: null }, 400)).toContain('Select at least one claim.');
    expect(await refusal({ claimIDs: [claimID], query: {}, assignedUserID: null }, 400)).toContain(
      'Send either claimIDs or query',
    );
    expect(await refusal({ claimIDs: [claimID], assignedUserID: null, note: 'x'.repeat(501) }, 400)).toContain(
      'at most 500 characters',
    );
    expect(
      await refusal({ claimIDs: Array.from({ length: 20_001 }, (_, index) => index + 1), assignedUserID: null }, 400),
    ).toContain('at most 20,000 claims');
    expect(await assignedOf([claimID, data.faraway.claimIds[0]!])).toEqual(before);
    expect(await eventsOf([claimID, data.faraway.claimIds[0]!])).toEqual(eventsBefore);
  });
});
