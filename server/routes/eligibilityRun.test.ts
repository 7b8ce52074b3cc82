import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import type { EligibilityRunReply } from '../../contract/eligibility.ts';
import type { Job } from '../../contract/jobs.ts';
import { buildApp } from '../app.ts';
import { startPayerSim, type PayerSim } from '../payerSim/server.ts';
import { httpEligibilityAdapter, type EligibilityAdapter } from '../services/eligibility/adapter.ts';
import { NO_COVERAGE_REASON } from '../services/eligibility/eligibilityRun.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { TestClock, bearer, signIn, type TestApp } from '../test/harness.ts';

const TOMORROW = '2026-03-02';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)("eligibility for tomorrow's claims as a bulk run, on $name", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let sim: PayerSim;
  let group: TestGroup;
  let other: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;
  /** Every 270 the payer was sent, by member ID asked about. */
  const asked: string[] = [];
  /** Whether the run's row could be locked while each question was with the payer. */
  const lockSeen: string[] = [];
  const coverage: Record<string, number> = {};

  async function addPatient(key: string, memberID: string): Promise<{ patientID: number; coverageID: number }> {
    const [row] = await database.db.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, $3, 'ADA', 'OKAFOR', '1980-02-03', 'F', '2 Oak St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
      [group.groupId, group.practiceId, `RUN-${key}`],
    );
    const patientID = Number(row!.id);
    const [insured] = await database.db.query<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, subscriber_relation, effective_from)
       VALUES ($1, $2, 1, $3, '18', '2026-01-01') RETURNING patient_insurance_id AS id`,
      [patientID, group.insuranceId, memberID],
    );
    coverage[key] = Number(insured!.id);
    return { patientID, coverageID: Number(insured!.id) };
  }
  const billTo = (claimID: number, patient: { patientID: number; coverageID: number } | null, dos = TOMORROW) =>
    database.db.query(
      `UPDATE claims SET dos_from = $2, dos_to = $2, patient_id = COALESCE($3, patient_id), patient_insurance_id = $4
        WHERE claim_id = $1`,
      [claimID, dos, patient?.patientID ?? null, patient?.coverageID ?? null],
    );

  beforeAll(async () => {
    sim = await startPayerSim({ port: 0 });
    database = await engine.create();
    group = await createTestGroup(database.db, 'Tomorrow', { claims: 8 });
    other = await createTestGroup(database.db, 'Tomorrow elsewhere', { claims: 1 });
    await createTestUser(database.db, 'tomorrow@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'tomorrow-out@example.test', { groupIds: [other.groupId] });
    const active = await addPatient('active', 'W1234567');
    const inactive = await addPatient('inactive', 'W1234568');
    const missing = await addPatient('missing', 'W1234569');
    const [c0, c1, c2, c3, c4, c5, c6, c7] = group.claimIds as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Three claims of one patient's coverage, split over chunks of two: the payer is asked once.
    await billTo(c0, active);
    await billTo(c1, active);
    await billTo(c2, inactive);
    await billTo(c3, active);
    await billTo(c4, missing);
    await billTo(c5, null);
    await billTo(c6, active, '2026-03-05');
    await billTo(c7, active);
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [c7, CLAIM_STATUS.void]);
    await database.db.query('UPDATE claims SET dos_from = $2, dos_to = $2 WHERE claim_id = $1', [
      other.claimIds[0],
      TOMORROW,
    ]);
    const simulator = httpEligibilityAdapter({ url: sim.url, name: 'payer simulator', contentType: 'text/plain' });
    const counting: EligibilityAdapter = {
      name: simulator.name,
      ask: async (text) => {
        asked.push(/NM1\*IL\*1\*[^~]*\*MI\*([^~*]+)/.exec(text)?.[1] ?? '?');
        // While the payer is asked, the run holds no transaction: its row can be locked at once.
        const locked = database.db
          .transaction((tx) =>
            tx.query(
              "SELECT job_id FROM bulk_jobs WHERE kind = 'eligibility' AND status = 'running' FOR UPDATE NOWAIT",
            ),
          )
          .then(
            () => 'free',
            () => 'held',
          );
        lockSeen.push(await Promise.race([locked, sleep(2000).then(() => 'held')]));
        return simulator.ask(text);
      },
    };
    const clock = new TestClock(Date.UTC(2026, 2, 1, 15, 0, 0));
    const app = await buildApp({
      db: database.db,
      now: clock.now,
      mailer: { send: () => Promise.resolve() },
      auditSealSeconds: 0,
      jobs: { chunkSize: 2, pollSeconds: 0 },
      eligibility: () => counting,
    });
    await app.ready();
    test = { app, clock, mail: [], logText: () => '', close: () => app.close() };
    biller = await signIn(test, 'tomorrow@example.test');
    outsider = await signIn(test, 'tomorrow-out@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
    await sim.close();
  });

  const start = (session: SessionUser, payload: object = {}) =>
    test.app.inject({ method: 'POST', url: '/api/Claims/checkEligibilityForDay', headers: bearer(session), payload });
  async function finished(session: SessionUser, jobID: number): Promise<Job> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = (
        await test.app.inject({
          method: 'GET',
          url: '/api/Jobs/getJob',
          headers: bearer(session),
          query: { jobID: String(jobID) },
        })
      ).json<Job>();
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await sleep(10);
    }
    throw new Error(`Run ${jobID} did not end.`);
  }

  it("checks each coverage of tomorrow's claims once, keeps every check with the run and reports each claim that is not covered", async () => {
    const response = await start(biller);
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json<EligibilityRunReply>();
    expect(started).toMatchObject({ dateOfService: TOMORROW, claims: 6 });
    const job = await finished(biller, started.jobID);
    expect(job).toMatchObject({ kind: 'eligibility', status: 'done', total: 6, done: 6, succeeded: 3, failed: 3 });
    const [, , c2, , c4, c5] = group.claimIds;
    expect(job.failures.map((failure) => failure.claimID)).toEqual([c2, c4, c5]);
    expect(job.failures[0]?.reason).toBe(`Coverage is not active on ${TOMORROW}.`);
    expect(job.failures[1]?.reason).toMatch(/^The payer rejected the eligibility check: .*not found/i);
    expect(job.failures[2]?.reason).toBe(NO_COVERAGE_REASON);
    expect([...asked].sort()).toEqual(['W1234567', 'W1234568', 'W1234569']);
    expect(lockSeen).toEqual(['free', 'free', 'free']);
    const kept = await database.db.query<{ coverage: number; outcome: string; day: string }>(
      `SELECT patient_insurance_id AS coverage, outcome, service_date::text AS day FROM eligibility_inquiries
        WHERE job_id = $1 ORDER BY inquiry_id`,
      [started.jobID],
    );
    expect(kept.map((row) => [Number(row.coverage), row.outcome, row.day]).sort()).toEqual(
      [
        [coverage.active, 'active', TOMORROW],
        [coverage.inactive, 'inactive', TOMORROW],
        [coverage.missing, 'rejected', TOMORROW],
      ].sort(),
    );
    const [audits] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'eligibility.check' AND (detail->>'jobID')::bigint = $1",
      [started.jobID],
    );
    expect(audits?.n).toBe(3);
    // The claim's screen reads the run's answer.
    const detail = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getClaimDetailData',
      headers: bearer(biller),
      query: { claimID: String(c2) },
    });
    expect(detail.json<{ header: { eligibility: { outcome: string } } }>().header.eligibility.outcome).toBe('inactive');
  });

  it("is limited to the data role: another group's user checks only their own claims, and a day without claims is refused", async () => {
    asked.length = 0;
    const theirs = await start(outsider);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const job = await finished(outsider, theirs.json<EligibilityRunReply>().jobID);
    expect(job).toMatchObject({ total: 1, done: 1 });
    // Their claim has no insurance set: reported, and the payer is asked nothing of this group's patients.
    expect(job.failures).toEqual([{ claimID: other.claimIds[0], reason: NO_COVERAGE_REASON }]);
    expect(asked).toEqual([]);

    const empty = await start(biller, { dateOfService: '2026-04-01' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/No claim in your data role has 2026-04-01/);
    expect((await start(biller, { dateOfService: 'tomorrow' })).statusCode).toBe(400);
  });
});
