import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type {
  MarkNotificationsReadReply,
  Notification,
  NotificationEvent,
  NotificationsReply,
} from '../../contract/notifications.ts';
import type { Db } from '../db/types.ts';
import { notifyClaimRejected } from '../services/notifications/raise.ts';
import { NotificationStreams } from '../services/notifications/streams.ts';
import type { Actor } from '../services/context.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

const SAMPLE_835 = new URL('../edi/samples/835_5010_lfh_managed_care_deductible_contractual.835', import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An open stream, read as it comes: its events in order, and a wait for one that matches. */
interface Stream {
  events: NotificationEvent[];
  ended: () => boolean;
  next(match: (event: NotificationEvent) => boolean, what: string): Promise<NotificationEvent>;
  close(): void;
}

async function openStream(base: string, session: SessionUser): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/Users/notificationStream`, {
    headers: bearer(session),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: NotificationEvent[] = [];
  let ended = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event === 'notifications' && data) events.push(JSON.parse(data) as NotificationEvent);
          if (event === 'end') ended = true;
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    events,
    ended: () => ended,
    async next(match, what) {
      for (let waited = 0; waited < 15_000; waited += 25) {
        const found = events.find(match);
        if (found) return found;
        await sleep(25);
      }
      throw new Error(`No stream event with ${what}; got ${JSON.stringify(events)}`);
    },
    close: () => controller.abort(),
  };
}

describe.each(testEngines)('notifications on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** A second server on the same database, as a second process behind the load balancer. */
  let other: TestApp;
  let otherDb: Db;
  let base: string;
  let alpha: TestGroup;
  let beta: TestGroup;
  let ann: SessionUser;
  let bob: SessionUser;
  let bea: SessionUser;
  let bobId: number;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 6 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 2 });
    await createTestUser(database.db, 'ann@example.test', { groupIds: [alpha.groupId] });
    bobId = (await createTestUser(database.db, 'bob@example.test', { groupIds: [alpha.groupId] })).userId;
    await createTestUser(database.db, 'bea@example.test', { groupIds: [beta.groupId] });
    // Works claims but not ERAs: not told of an ERA.
    await createTestUser(database.db, 'cal@example.test', { groupIds: [alpha.groupId], modules: ['CLAIMS'] });
    test = await createTestApp(database.db);
    otherDb = engine.name === 'postgres' ? await database.reopen() : database.db;
    other = await createTestApp(otherDb, test.clock);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    ann = await signIn(test, 'ann@example.test');
    bob = await signIn(test, 'bob@example.test');
    bea = await signIn(test, 'bea@example.test');
  });

  afterAll(async () => {
    await other.close();
    await test.close();
    if (otherDb !== database.db) await otherDb.close();
    await database.dispose();
  });

  const list = async (session: SessionUser, app = test) => {
    const reply = await app.app.inject({ method: 'GET', url: '/api/Users/notifications', headers: bearer(session) });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<NotificationsReply>();
  };
  const markRead = (session: SessionUser, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/markNotificationsRead',
      headers: bearer(session),
      payload: payload as object,
    });
  const markAll = (session: SessionUser) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Users/markAllNotificationsRead',
      headers: bearer(session),
      payload: {},
    });
  const addTask = (session: SessionUser, claimID: number, assignedUserID: number, app = test) =>
    app.app.inject({
      method: 'POST',
      url: '/api/Claims/saveClaimTasks',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload: { claimID, taskTypeID: 2, assignedUserID, dueDate: '2026-12-01', text: 'Appeal with the op note.' },
    });
  const ofKind = (reply: NotificationsReply, kind: Notification['kind']) =>
    reply.notifications.filter((notification) => notification.kind === kind);

  it('refuses every call and the stream without a session (401)', async () => {
    const calls = [
      test.app.inject({ method: 'GET', url: '/api/Users/notifications' }),
      test.app.inject({ method: 'POST', url: '/api/Users/markNotificationsRead', payload: { notificationIDs: [1] } }),
      test.app.inject({ method: 'POST', url: '/api/Users/markAllNotificationsRead', payload: {} }),
      test.app.inject({ method: 'GET', url: '/api/Users/notificationStream' }),
      test.app.inject({
        method: 'GET',
        url: '/api/Users/notificationStream',
        headers: { authorization: `Bearer ${'x'.repeat(40)}` },
      }),
    ];
    expect((await Promise.all(calls)).map((reply) => reply.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const badList = await test.app.inject({
      method: 'GET',
      url: '/api/Users/notifications',
      headers: bearer(ann),
      query: { limit: '0' },
    });
    expect(badList.statusCode).toBe(400);
    expect((await markRead(ann, { notificationIDs: [] })).json<{ message: string }>().message).toMatch(
      /at least one notification/,
    );
    expect((await markRead(ann, { notificationIDs: ['7'] })).statusCode).toBe(400);
    expect((await markRead(ann, { notificationIDs: [1], all: true })).statusCode).toBe(400);
    expect((await markRead(ann, {})).statusCode).toBe(400);
  });

  it('tells the assignee of a task, not the one who gave it; tasks of one giver merge while unread', async () => {
    const first = await addTask(ann, alpha.claimIds[0]!, bobId);
    expect(first.statusCode, first.body).toBe(200);
    const bobs = await list(bob);
    const [task] = ofKind(bobs, 'task_assigned');
    expect(task).toMatchObject({
      title: `Task assigned to you on claim ${alpha.claimIds[0]}`,
      read: false,
      link: { type: 'claim', id: alpha.claimIds[0] },
    });
    expect(task?.detail).toContain('Appeal with the op note.');
    expect(task?.detail).toContain('from Test User');
    expect(bobs.unread).toBe(1);
    expect(ofKind(await list(ann), 'task_assigned')).toEqual([]);

    expect((await addTask(ann, alpha.claimIds[1]!, bobId)).statusCode).toBe(200);
    const merged = ofKind(await list(bob), 'task_assigned');
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ title: '2 tasks assigned to you', link: { type: 'tasks' } });
  });

  it('marks one read, then all, and the count follows; only within the data role', async () => {
    await notifyClaimRejected(database.db, {
      claimId: alpha.claimIds[2]!,
      reason: 'A7:562 Invalid NPI',
      source: '277CA file ack.txt',
    });
    const before = await list(bob);
    const rejected = ofKind(before, 'claim_rejected');
    expect(rejected).toEqual([
      expect.objectContaining({
        title: `Claim ${alpha.claimIds[2]} rejected`,
        detail: 'A7:562 Invalid NPI · 277CA file ack.txt',
        link: { type: 'claim', id: alpha.claimIds[2] },
      }),
    ]);
    expect(before.unread).toBe(2);

    // Bob's notification is not Ann's to mark, nor Bea's: nothing changes.
    expect((await markRead(ann, { notificationIDs: [rejected[0]!.notificationID] })).statusCode).toBe(404);
    expect((await markRead(bea, { notificationIDs: [rejected[0]!.notificationID] })).statusCode).toBe(404);
    expect((await list(bob)).unread).toBe(2);

    const one = await markRead(bob, { notificationIDs: [rejected[0]!.notificationID] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<MarkNotificationsReadReply>()).toMatchObject({ marked: 1, unread: 1 });
    expect(ofKind(await list(bob), 'claim_rejected')[0]?.read).toBe(true);

    const all = await markAll(bob);
    expect(all.json<MarkNotificationsReadReply>()).toMatchObject({ marked: 1, unread: 0 });
    expect((await list(bob)).notifications.every((notification) => notification.read)).toBe(true);
    const [audit] = await database.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE 'notifications.%' ORDER BY audit_id DESC LIMIT 1`,
      [bobId],
    );
    expect(audit?.action).toBe('notifications.readAll');
  });

  it('hides a notification once its practice leaves the data role', async () => {
    await notifyClaimRejected(database.db, { claimId: alpha.claimIds[3]!, reason: 'Invalid member ID' });
    const shown = ofKind(await list(bob), 'claim_rejected').find((n) => n.title.includes(String(alpha.claimIds[3])));
    expect(shown).toBeDefined();
    await database.db.query(
      `UPDATE data_role_groups SET group_id = $1 WHERE data_role_id = (SELECT data_role_id FROM users WHERE user_id = $2)`,
      [beta.groupId, bobId],
    );
    try {
      const after = await list(bob);
      expect(after.notifications.some((n) => n.notificationID === shown!.notificationID)).toBe(false);
      expect(after.unread).toBe(0);
      expect((await markRead(bob, { notificationIDs: [shown!.notificationID] })).statusCode).toBe(404);
    } finally {
      await database.db.query(
        `UPDATE data_role_groups SET group_id = $1 WHERE data_role_id = (SELECT data_role_id FROM users WHERE user_id = $2)`,
        [alpha.groupId, bobId],
      );
    }
    await markAll(bob);
  });

  it("streams a bulk run's end to its starter, though another server ran it", async () => {
    const stream = await openStream(base, ann);
    try {
      await stream.next(() => true, 'the first event');
      const started = await other.app.inject({
        method: 'POST',
        url: '/api/Claims/saveBulkNotes',
        headers: { ...bearer(ann), 'x-action-source': 'palette' },
        payload: { claimIDs: alpha.claimIds.slice(0, 3), noteTypeID: 1, text: 'Checked with the payer.' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const event = await stream.next(
        (each) => each.notifications.some((n) => n.kind === 'job_finished'),
        'the bulk run finished',
      );
      const [finished] = event.notifications;
      expect(finished).toMatchObject({ kind: 'job_finished', read: false, link: { type: 'bulkJob' } });
      expect(finished?.title).toMatch(/^Bulk run finished: /);
      expect(finished?.detail).toBe('3 records done.');
      expect(event.unread).toBeGreaterThanOrEqual(1);
    } finally {
      stream.close();
    }
  });

  it('streams an ERA to those who see its group and work ERAs, not to its uploader nor to another group', async () => {
    const bobStream = await openStream(base, bob);
    const beaStream = await openStream(base, bea);
    try {
      await bobStream.next(() => true, "Bob's first event");
      await beaStream.next(() => true, "Bea's first event");
      const text = await readFile(SAMPLE_835, 'utf8');
      const uploaded = await other.app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/uploadERA',
        query: { groupID: String(alpha.groupId), fileName: 'aetna-remit.835' },
        headers: { ...bearer(ann), 'content-type': 'text/plain' },
        payload: text,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { eraID } = uploaded.json<{ eraID: number }>();
      const event = await bobStream.next(
        (each) => each.notifications.some((n) => n.kind === 'era_arrived'),
        'the ERA arrived',
      );
      const era = event.notifications.find((n) => n.kind === 'era_arrived');
      expect(era).toMatchObject({ link: { type: 'eraFile', id: eraID }, read: false });
      expect(era?.title).toMatch(/^ERA arrived: 1 check, \$[\d,]+\.\d\d$/);
      expect(era?.detail).toContain('aetna-remit.835');

      // Marking it read in one place reaches the other streams of the same user.
      const marked = await markRead(bob, { notificationIDs: [era!.notificationID] });
      expect(marked.statusCode).toBe(200);
      await bobStream.next(
        (each) => each.notifications.some((n) => n.notificationID === era!.notificationID && n.read),
        'it read',
      );

      expect(ofKind(await list(ann), 'era_arrived')).toEqual([]);
      const cal = await signIn(test, 'cal@example.test');
      expect(ofKind(await list(cal), 'era_arrived')).toEqual([]);
      expect(beaStream.events.some((each) => each.notifications.length > 0)).toBe(false);
      expect(ofKind(await list(bea), 'era_arrived')).toEqual([]);
    } finally {
      bobStream.close();
      beaStream.close();
    }
  });
  it('ends a stream once its session is signed out, without keeping the session alive', async () => {
    const session = await signIn(test, 'bea@example.test');
    const [row] = await database.db.query<{ sessionId: number; userId: number; seen: Date }>(
      `SELECT s.session_id AS "sessionId", s.user_id AS "userId", s.last_seen_at AS seen
         FROM sessions s WHERE s.login_audit_id = $1`,
      [session.loginAuditID],
    );
    const streams = new NotificationStreams(
      { db: database.db, now: test.clock.now, session: { idleMinutes: 30, maxHours: 12 } },
      { pollMs: 50, sessionCheckMs: 50 },
    );
    const ended: string[] = [];
    const sent: NotificationEvent[] = [];
    const actor = { userId: Number(row!.userId), sessionId: Number(row!.sessionId) } as Actor;
    const close = await streams.start(actor, { send: (event) => sent.push(event), end: (why) => ended.push(why) });
    try {
      for (let waited = 0; sent.length === 0 && waited < 5000; waited += 25) await sleep(25);
      expect(sent[0]).toEqual({ unread: 0, notifications: [] });
      await sleep(200);
      expect(ended).toEqual([]);
      const out = await test.app.inject({
        method: 'POST',
        url: '/api/Users/userLogout',
        headers: bearer(session),
        payload: { loginAuditID: session.loginAuditID },
      });
      expect(out.statusCode, out.body).toBe(200);
      for (let waited = 0; ended.length === 0 && waited < 5000; waited += 25) await sleep(25);
      expect(ended).toEqual(['signedOut']);
      const [after] = await database.db.query<{ seen: Date }>(
        'SELECT last_seen_at AS seen FROM sessions WHERE session_id = $1',
        [row!.sessionId],
      );
      expect(new Date(after!.seen).getTime()).toBe(new Date(row!.seen).getTime());
    } finally {
      close();
      streams.stop();
    }
  });
});
