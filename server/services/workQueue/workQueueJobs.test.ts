import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Job } from '../../../contract/jobs.ts';
import { buildApp } from '../../app.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, signIn, TestClock, type TestApp } from '../../test/harness.ts';
import { createWorkQueueTestData, type WorkQueueTestData } from './workQueueTestData.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('work-queue bulk runs on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: WorkQueueTestData;
  let biller: SessionUser;
  let voidClaimId: number;

  beforeAll(async () => {
    database = await engine.create();
    data = await createWorkQueueTestData(database.db, { lakesideClaims: 16, southClaims: 3 });
    voidClaimId = data.lakeside.claimIds[2]!;
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      voidClaimId,
      CLAIM_STATUS.void,
    ]);
    const clock = new TestClock();
    // Chunks of three: an odd size shows that the even share holds across chunks.
    const app = await buildApp({
      db: database.db,
      now: clock.now,
      mailer: { send: () => Promise.resolve() },
      jobs: { chunkSize: 3 },
    });
    await app.ready();
    test = { app, clock, mail: [], logText: () => '', close: () => app.close() };
    biller = await signIn(test, data.users.biller.email);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: `/api/Claims/${name}`,
      headers: { ...bearer(biller), 'x-action-source': 'palette' },
      payload,
    });

  async function finished(reply: Awaited<ReturnType<typeof post>>): Promise<Job> {
    expect(reply.statusCode, reply.body).toBe(200);
    const { jobID } = reply.json<{ jobID: number }>();
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = (
        await test.app.inject({
          method: 'GET',
          url: '/api/Jobs/getJob',
          headers: bearer(biller),
          query: { jobID: String(jobID) },
        })
      ).json<Job>();
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await sleep(10);
    }
    throw new Error(`Job ${jobID} never finished.`);
  }

  const jobCount = async () =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bulk_jobs'))[0]?.n;

  it('adds the task to every listed claim in chunks, and reports the claims refused with why', async () => {
    const north = data.lakeside.claimIds.slice(0, 5);
    const missing = 987_654_321;
    const job = await finished(
      await post('saveBulkClaimTasks', {
        claimIDs: [...north, data.southClaimIds[0], data.faraway.claimIds[0], missing],
        taskTypeID: 2,
        assignedUserID: data.users.colleague.userId,
        dueDate: '2026-12-15',
        text: 'Appeal.',
      }),
    );
    expect(job).toMatchObject({
      kind: 'tasks',
      title: 'Add task (Appeal denial) for Cal Colleague',
      status: 'done',
      total: 8,
      succeeded: 5,
      failed: 3,
    });
    expect(job.failures).toEqual(
      [
        { claimID: voidClaimId, reason: 'Claim is void.' },
        { claimID: data.faraway.claimIds[0]!, reason: 'Claim not found.' },
        { claimID: missing, reason: 'Claim not found.' },
      ].sort((a, b) => a.claimID - b.claimID),
    );
    const written = [...north.filter((id) => id !== voidClaimId), data.southClaimIds[0]!];
    const tasks = await database.db.query<{ claimId: number; userId: number; due: string; text: string }>(
      `SELECT claim_id AS "claimId", assigned_user_id AS "userId", to_char(due_date, 'YYYY-MM-DD') AS due, text FROM tasks ORDER BY claim_id`,
    );
    expect(tasks).toEqual(
      written.map((claimId) => ({ claimId, userId: data.users.colleague.userId, due: '2026-12-15', text: 'Appeal.' })),
    );
    const events = await database.db.query<{ claimId: number; source: string; detail: Record<string, unknown> }>(
      `SELECT claim_id AS "claimId", source, detail FROM claim_events WHERE action = 'task.added' ORDER BY claim_id`,
    );
    expect(events.map((event) => event.claimId)).toEqual(written);
    expect(events[0]).toMatchObject({
      source: 'palette',
      detail: {
        taskTypeID: 2,
        taskType: 'Appeal denial',
        assignedTo: 'Cal Colleague',
        dueDate: '2026-12-15',
        jobID: job.jobID,
      },
    });
    const audits = await database.db.query(`SELECT 1 FROM audit_log WHERE action = 'bulk.tasks' AND record_id = $1`, [
      String(job.jobID),
    ]);
    expect(audits).toHaveLength(3);
  });

  it('refuses, claim by claim, the practices the assignee cannot see, and runs "all matching" by the search', async () => {
    const job = await finished(
      await post('saveBulkClaimTasks', {
        query: { patientID: data.lakeside.patientId, dosFrom: '2026-01-10' },
        taskTypeID: 1,
        assignedUserID: data.users.south.userId,
        dueDate: '2026-12-20',
        text: 'Call.',
      }),
    );
    // North claims from 2026-01-10 on (8 of them: days 9 to 16) and the three South ones.
    expect(job).toMatchObject({ total: 11, succeeded: 3, failed: 8 });
    expect(new Set(job.failures.map((failure) => failure.reason))).toEqual(
      new Set(['Sam South cannot see claims of this practice.']),
    );
    const tasks = await database.db.query<{ claimId: number }>(
      `SELECT claim_id AS "claimId" FROM tasks WHERE assigned_user_id = $1 ORDER BY claim_id`,
      [data.users.south.userId],
    );
    expect(tasks.map((task) => task.claimId)).toEqual(data.southClaimIds);
  });

  it('refuses a bulk task run for an inactive assignee or an unknown type before it starts', async () => {
    const before = await jobCount();
    const base = {
      claimIDs: [data.lakeside.claimIds[0]],
      taskTypeID: 1,
      assignedUserID: data.users.colleague.userId,
      dueDate: '2026-12-20',
      text: 'Call.',
    };
    const inactive = await post('saveBulkClaimTasks', { ...base, assignedUserID: data.users.inactive.userId });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<{ message: string }>().message).toBe('Ian Inactive is no longer active: choose another user.');
    expect((await post('saveBulkClaimTasks', { ...base, taskTypeID: 42 })).json<{ message: string }>().message).toBe(
      'Choose a task type from the list.',
    );
    expect((await post('saveBulkClaimTasks', { ...base, query: {} })).statusCode).toBe(400);
    expect((await post('saveBulkClaimTasks', { ...base, dueDate: 'tomorrow' })).statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('deals the claims out evenly over the users, across chunks, with a DNA event each', async () => {
    const claims = data.lakeside.claimIds.slice(3, 9);
    const job = await finished(
      await post('addAssignees', {
        claimIDs: claims,
        assignedUserIDs: [data.users.colleague.userId, data.users.deputy.userId],
        note: 'Aging over 60',
      }),
    );
    expect(job).toMatchObject({
      kind: 'assign',
      title: 'Assign claims to Cal Colleague, Dee Deputy',
      status: 'done',
      succeeded: 6,
      failed: 0,
    });
    const assigned = await database.db.query<{ claimId: number; userId: number; note: string }>(
      `SELECT claim_id AS "claimId", assigned_user_id AS "userId", assign_user_note AS note FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id`,
      [claims],
    );
    expect(assigned.map((claim) => claim.userId)).toEqual(
      claims.map((_, index) => (index % 2 === 0 ? data.users.colleague.userId : data.users.deputy.userId)),
    );
    expect(new Set(assigned.map((claim) => claim.note))).toEqual(new Set(['Aging over 60']));
    const events = await database.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM claim_events WHERE action = 'claim.assigned' AND (detail->>'jobID')::bigint = $1 ORDER BY claim_id`,
      [job.jobID],
    );
    expect(events).toHaveLength(6);
    expect(events[1]?.detail).toEqual({
      toUserID: data.users.deputy.userId,
      assignedTo: 'Dee Deputy',
      note: 'Aging over 60',
      jobID: job.jobID,
    });
  });

  it('gives a claim only to the users who see its practice, and refuses the claims none of them sees', async () => {
    const north = data.lakeside.claimIds.slice(9, 13);
    const job = await finished(
      await post('addAssignees', {
        claimIDs: [...north, ...data.southClaimIds, data.faraway.claimIds[1]],
        assignedUserIDs: [data.users.south.userId, data.users.colleague.userId],
      }),
    );
    expect(job).toMatchObject({
      succeeded: 7,
      failed: 1,
      failures: [{ claimID: data.faraway.claimIds[1], reason: 'Claim not found.' }],
    });
    const assigned = await database.db.query<{ userId: number }>(
      `SELECT assigned_user_id AS "userId" FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id`,
      [[...north, ...data.southClaimIds]],
    );
    // The four North claims can only go to Cal; then Sam, behind by four, takes the South ones.
    expect(assigned.map((claim) => claim.userId)).toEqual([
      ...north.map(() => data.users.colleague.userId),
      ...data.southClaimIds.map(() => data.users.south.userId),
    ]);

    const alone = await finished(
      await post('addAssignees', {
        claimIDs: [data.lakeside.claimIds[13]],
        assignedUserIDs: [data.users.south.userId],
      }),
    );
    expect(alone.failures).toEqual([
      { claimID: data.lakeside.claimIds[13], reason: 'Sam South cannot see claims of this practice.' },
    ]);
  });

  it('refuses an assignment run with an inactive, unknown or repeated user before it starts', async () => {
    const before = await jobCount();
    const run = (assignedUserIDs: number[]) =>
      post('addAssignees', { claimIDs: [data.lakeside.claimIds[0]], assignedUserIDs });
    const message = async (assignedUserIDs: number[]) => {
      const reply = await run(assignedUserIDs);
      expect(reply.statusCode).toBe(400);
      return reply.json<{ message: string }>().message;
    };
    expect(await message([data.users.colleague.userId, data.users.inactive.userId])).toBe(
      'Ian Inactive is no longer active: choose another user.',
    );
    expect(await message([data.users.colleague.userId, 987_654])).toBe('Choose a user from the list of assignees.');
    expect(await message([data.users.colleague.userId, data.users.colleague.userId])).toContain('Each user once.');
    expect(await message([])).toContain('Choose at least one user.');
    expect(await jobCount()).toBe(before);
  });
});
