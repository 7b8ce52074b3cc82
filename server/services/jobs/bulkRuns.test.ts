import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Job, MyJobsReply } from '../../../contract/jobs.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, signIn, TestClock, type TestApp } from '../../test/harness.ts';

/** Holds the runner before its chunks while `closed`; the first chunk of a run always goes. */
class ChunkGate {
  closed = false;
  private release: () => void = () => undefined;
  private opened = Promise.resolve();
  private readonly seen = new Map<number, number>();
  close(): void {
    this.closed = true;
    this.opened = new Promise((resolve) => (this.release = resolve));
  }
  open(): void {
    this.closed = false;
    this.release();
  }
  pause = async (jobId: number): Promise<void> => {
    const count = (this.seen.get(jobId) ?? 0) + 1;
    this.seen.set(jobId, count);
    if (count > 1 && this.closed) await this.opened;
  };
}

async function startApp(db: Db, gate: ChunkGate, clock = new TestClock()): Promise<TestApp> {
  const app = await buildApp({
    db,
    now: clock.now,
    mailer: { send: () => Promise.resolve() },
    jobs: { chunkSize: 5, pause: gate.pause },
  });
  await app.ready();
  return { app, clock, mail: [], logText: () => '', close: () => app.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('bulk runs on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const gate = new ChunkGate();
  let alpha: TestGroup;
  let beta: TestGroup;
  let alphaUser: SessionUser;
  let betaUser: SessionUser;
  let voidClaimId: number;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 12 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 7 });
    voidClaimId = alpha.claimIds[3]!;
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      voidClaimId,
      CLAIM_STATUS.void,
    ]);
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'beta@example.test', { groupIds: [beta.groupId] });
    test = await startApp(database.db, gate);
    alphaUser = await signIn(test, 'alpha@example.test');
    betaUser = await signIn(test, 'beta@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const startNotes = (session: SessionUser, payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Claims/saveBulkNotes',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload,
    });

  const getJob = (session: SessionUser, jobID: number) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Jobs/getJob',
      headers: bearer(session),
      query: { jobID: String(jobID) },
    });

  async function waitForJob(jobID: number, until: (job: Job) => boolean): Promise<Job> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const job = (await getJob(alphaUser, jobID)).json<Job>();
      if (until(job)) return job;
      await sleep(10);
    }
    throw new Error(`Job ${jobID} never reached the expected state.`);
  }

  const notesOn = async (claimIds: readonly number[], text: string) =>
    (
      await database.db.query<{ claimId: number }>(
        'SELECT claim_id AS "claimId" FROM notes WHERE claim_id = ANY($1::bigint[]) AND text = $2 ORDER BY claim_id',
        [claimIds, text],
      )
    ).map((row) => row.claimId);

  it('adds one note per listed claim in chunks, and lists the claims it refused with the reason', async () => {
    const text = 'Called payer, claim in review.';
    const missing = 987_654_321;
    const reply = await startNotes(alphaUser, {
      claimIDs: [...alpha.claimIds, beta.claimIds[0], missing, alpha.claimIds[0]],
      noteTypeID: 3,
      text,
    });
    expect(reply.statusCode).toBe(200);
    const { jobID } = reply.json<{ jobID: number }>();
    const job = await waitForJob(jobID, (each) => each.status === 'done');

    expect(job).toMatchObject({
      title: 'Add note (Follow-up)',
      total: 14,
      done: 14,
      succeeded: 11,
      failed: 3,
      secondsLeft: 0,
    });
    expect(job.failures).toEqual(
      [
        { claimID: voidClaimId, reason: 'Claim is void.' },
        { claimID: beta.claimIds[0]!, reason: 'Claim not found.' },
        { claimID: missing, reason: 'Claim not found.' },
      ].sort((a, b) => a.claimID - b.claimID),
    );
    const written = alpha.claimIds.filter((id) => id !== voidClaimId);
    expect(await notesOn([...alpha.claimIds, ...beta.claimIds], text)).toEqual(written);

    const events = await database.db.query<{ claimId: number; source: string }>(
      `SELECT claim_id AS "claimId", source FROM claim_events WHERE action = 'note.added' AND (detail->>'jobID')::bigint = $1 ORDER BY claim_id`,
      [jobID],
    );
    expect(events).toEqual(written.map((claimId) => ({ claimId, source: 'palette' })));
    // Three chunks of at most five claims, each audited with the source of the request.
    const audits = await database.db.query<{ source: string }>(
      `SELECT source FROM audit_log WHERE action = 'bulk.notes' AND record_id = $1`,
      [String(jobID)],
    );
    expect(audits).toEqual([{ source: 'palette' }, { source: 'palette' }, { source: 'palette' }]);
  });

  it('runs "all matching" as a search on the server, limited to the data role', async () => {
    const text = 'All matching: statement sent.';
    const reply = await startNotes(alphaUser, { query: {}, noteTypeID: 1, text });
    const { jobID } = reply.json<{ jobID: number }>();
    const job = await waitForJob(jobID, (each) => each.status === 'done');
    expect(job).toMatchObject({ total: 12, done: 12, succeeded: 11, failed: 1 });
    expect(await notesOn(beta.claimIds, text)).toEqual([]);
    expect(await notesOn(alpha.claimIds, text)).toHaveLength(11);

    const filtered = await startNotes(alphaUser, {
      query: { search: String(alpha.claimIds[5]) },
      noteTypeID: 1,
      text: 'Only one.',
    });
    const one = await waitForJob(filtered.json<{ jobID: number }>().jobID, (each) => each.status === 'done');
    expect(one).toMatchObject({ total: 1, succeeded: 1 });
    expect(await notesOn(alpha.claimIds, 'Only one.')).toEqual([alpha.claimIds[5]]);
  });

  it('stops a cancelled run between chunks and keeps the chunks already written', async () => {
    gate.close();
    const text = 'Cancelled run.';
    const { jobID } = (await startNotes(alphaUser, { claimIDs: alpha.claimIds, noteTypeID: 2, text })).json<{
      jobID: number;
    }>();
    await waitForJob(jobID, (each) => each.done === 5);
    const cancel = await test.app.inject({
      method: 'POST',
      url: '/api/Jobs/cancelJob',
      headers: bearer(alphaUser),
      payload: { jobID },
    });
    expect(cancel.statusCode).toBe(200);
    gate.open();
    const job = await waitForJob(jobID, (each) => each.status === 'cancelled');
    // The first chunk holds the void claim: four notes written, one refused, nothing after it.
    expect(job).toMatchObject({ total: 12, done: 5, succeeded: 4, failed: 1 });
    expect(await notesOn(alpha.claimIds, text)).toEqual(alpha.claimIds.slice(0, 5).filter((id) => id !== voidClaimId));
  });

  it("does not let another user read, cancel or see a user's run", async () => {
    const { jobID } = (
      await startNotes(alphaUser, { claimIDs: [alpha.claimIds[0]], noteTypeID: 1, text: 'Mine.' })
    ).json<{ jobID: number }>();
    await waitForJob(jobID, (each) => each.status === 'done');
    expect((await getJob(betaUser, jobID)).statusCode).toBe(404);
    const cancel = await test.app.inject({
      method: 'POST',
      url: '/api/Jobs/cancelJob',
      headers: bearer(betaUser),
      payload: { jobID },
    });
    expect(cancel.statusCode).toBe(404);
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/Jobs/getMyActiveJobs',
      headers: bearer(betaUser),
    });
    expect(theirs.json<MyJobsReply>().jobs).toEqual([]);
    const dismiss = await test.app.inject({
      method: 'POST',
      url: '/api/Jobs/dismissJob',
      headers: bearer(betaUser),
      payload: { jobID },
    });
    expect(dismiss.statusCode).toBe(404);
  });

  it('keeps a finished run among the open ones until its report is closed (a reload shows it again)', async () => {
    const { jobID } = (
      await startNotes(alphaUser, { claimIDs: [alpha.claimIds[1]], noteTypeID: 1, text: 'Report.' })
    ).json<{ jobID: number }>();
    await waitForJob(jobID, (each) => each.status === 'done');
    const open = async () =>
      (
        await test.app.inject({ method: 'GET', url: '/api/Jobs/getMyActiveJobs', headers: bearer(alphaUser) })
      ).json<MyJobsReply>().jobs;
    expect((await open()).map((job) => job.jobID)).toContain(jobID);
    const dismiss = await test.app.inject({
      method: 'POST',
      url: '/api/Jobs/dismissJob',
      headers: bearer(alphaUser),
      payload: { jobID },
    });
    expect(dismiss.statusCode).toBe(200);
    expect((await open()).map((job) => job.jobID)).not.toContain(jobID);
  });

  it('answers 400 to bad input and queues nothing', async () => {
    const count = async () =>
      (await database.db.query<{ count: number }>('SELECT count(*)::bigint AS count FROM bulk_jobs'))[0]!.count;
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ noteTypeID: 1, text: 'x' }, /either claimIDs or query/],
      [{ claimIDs: [1], query: {}, noteTypeID: 1, text: 'x' }, /either claimIDs or query/],
      [{ claimIDs: [], noteTypeID: 1, text: 'x' }, /Select at least one claim/],
      [{ claimIDs: [1], noteTypeID: 1, text: '   ' }, /Type the note/],
      [{ claimIDs: [1], noteTypeID: 999, text: 'x' }, /Choose a note type/],
      [{ claimIDs: ['one'], noteTypeID: 1, text: 'x' }, /claimIDs/],
      [{ claimIDs: Array.from({ length: 20_001 }, (_, index) => index + 1), noteTypeID: 1, text: 'x' }, /claimIDs/],
      [{ query: { balance: 5 }, noteTypeID: 1, text: 'x' }, /balance/],
    ];
    for (const [payload, message] of cases) {
      const reply = await startNotes(alphaUser, payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
    expect((await getJob(alphaUser, 0)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('carries on after a restart from the last chunk that committed, never repeating a claim', async () => {
    const text = 'Resumed after restart.';
    const [{ jobId }] = (await database.db.query<{ jobId: number }>(
      `INSERT INTO bulk_jobs (user_id, kind, title, status, source, claim_ids, params, total, done, succeeded, last_claim_id, started_at)
       SELECT user_id, 'notes', 'Add note (General)', 'running', 'hotkey', $1::bigint[], $2::jsonb, 12, 5, 5, $3, now()
         FROM users WHERE email = 'alpha@example.test' RETURNING job_id AS "jobId"`,
      [alpha.claimIds, JSON.stringify({ noteTypeId: 1, text }), alpha.claimIds[4]],
    )) as [{ jobId: number }];
    const restarted = await startApp(database.db, new ChunkGate());
    try {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const [row] = await database.db.query<{ status: string }>('SELECT status FROM bulk_jobs WHERE job_id = $1', [
          jobId,
        ]);
        if (row?.status !== 'running') break;
        await sleep(10);
      }
      const [row] = await database.db.query<{ status: string; done: number; failed: number }>(
        'SELECT status, done, failed FROM bulk_jobs WHERE job_id = $1',
        [jobId],
      );
      expect(row).toEqual({ status: 'done', done: 12, failed: 0 });
      expect(await notesOn(alpha.claimIds, text)).toEqual(alpha.claimIds.slice(5).filter((id) => id !== voidClaimId));
    } finally {
      await restarted.close();
    }
  });
});
