import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  ChargeBatch,
  ChargeBatchDetailReply,
  ChargeBatchListReply,
  ChargeBatchOptionsReply,
} from '../../../contract/batches.ts';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { Job } from '../../../contract/jobs.ts';
import { buildApp } from '../../app.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, signIn, TestClock, type TestApp } from '../../test/harness.ts';
import { createWorkQueueTestData, type WorkQueueTestData } from '../workQueue/workQueueTestData.ts';
import { chargeBatchRefusal } from './claimChargeBatch.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('claims in charge batches on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: WorkQueueTestData;
  let biller: SessionUser;
  let southOnly: SessionUser;
  const batches: Record<'north' | 'north2' | 'closed' | 'south' | 'faraway', number> = {
    north: 0,
    north2: 0,
    closed: 0,
    south: 0,
    faraway: 0,
  };

  async function addBatch(groupId: number, practiceId: number, batchNumber: string, status = 'open'): Promise<number> {
    const [row] = await database.db.query<{ id: number }>(
      'INSERT INTO charge_batches (group_id, practice_id, batch_number, expected_total_cents, status) VALUES ($1, $2, $3, 100000, $4) RETURNING charge_batch_id AS id',
      [groupId, practiceId, batchNumber, status],
    );
    return row!.id;
  }

  beforeAll(async () => {
    database = await engine.create();
    data = await createWorkQueueTestData(database.db, { lakesideClaims: 6, southClaims: 2 });
    const { lakeside, faraway } = data;
    await database.db.query(
      'UPDATE claims SET claim_status_id = $2, scrub_status_id = $3, submit_status_id = $4 WHERE group_id = ANY($1::bigint[])',
      [[lakeside.groupId, faraway.groupId], CLAIM_STATUS.draft, SCRUB_STATUS.notScrubbed, SUBMIT_STATUS.notSubmitted],
    );
    await database.db.query("INSERT INTO place_of_service (code, name) VALUES ('11', 'Office') ON CONFLICT DO NOTHING");
    batches.north = await addBatch(lakeside.groupId, lakeside.practiceId, 'N-100');
    batches.north2 = await addBatch(lakeside.groupId, lakeside.practiceId, 'N-200');
    batches.closed = await addBatch(lakeside.groupId, lakeside.practiceId, 'N-OLD', 'closed');
    batches.south = await addBatch(lakeside.groupId, data.southPracticeId, 'S-100');
    batches.faraway = await addBatch(faraway.groupId, faraway.practiceId, 'F-100');
    const clock = new TestClock();
    // Chunks of two, so a run crosses chunks.
    const app = await buildApp({
      db: database.db,
      now: clock.now,
      mailer: { send: () => Promise.resolve() },
      jobs: { chunkSize: 2 },
    });
    await app.ready();
    test = { app, clock, mail: [], logText: () => '', close: () => app.close() };
    biller = await signIn(test, data.users.biller.email);
    southOnly = await signIn(test, data.users.south.email);
  });

  afterAll(async () => {
    await test?.close();
    await database?.dispose();
  });

  const as = (session: SessionUser) => ({
    post: (path: string, payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { ...bearer(session), 'x-action-source': 'palette' },
        payload,
      }),
    get: (path: string, query: Record<string, string | number>) =>
      test.app.inject({
        method: 'GET',
        url: `/api/${path}`,
        headers: bearer(session),
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      }),
  });
  const batchOf = async (claimID: number) =>
    (
      await database.db.query<{ id: number | null }>('SELECT charge_batch_id AS id FROM claims WHERE claim_id = $1', [
        claimID,
      ])
    )[0]?.id;
  const figures = async (chargeBatchID: number) =>
    (await as(biller).get('Batches/getChargeBatchDataByID', { chargeBatchID })).json<{ batch: ChargeBatch }>().batch;
  const messageOf = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;

  async function finished(reply: Awaited<ReturnType<ReturnType<typeof as>['post']>>, owner = biller): Promise<Job> {
    expect(reply.statusCode, reply.body).toBe(200);
    const { jobID } = reply.json<{ jobID: number }>();
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = (await as(owner).get('Jobs/getJob', { jobID })).json<Job>();
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await sleep(10);
    }
    throw new Error(`Job ${jobID} never finished.`);
  }

  it('puts a claim in a batch through editClaim: the batch counts it, the claim shows it, one event and one audit row, scrub result kept', async () => {
    const claimID = data.lakeside.claimIds[0]!;
    await database.db.query('UPDATE claims SET scrub_status_id = $2 WHERE claim_id = $1', [
      claimID,
      SCRUB_STATUS.passed,
    ]);
    const before = await figures(batches.north);
    const reply = await as(biller).post('AddEditClaim/editClaim', { claimID, chargeBatchID: batches.north });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await batchOf(claimID)).toBe(batches.north);
    const after = await figures(batches.north);
    const [claim] = await database.db.query<{ cents: number; scrub: number }>(
      'SELECT total_charge_cents AS cents, scrub_status_id AS scrub FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(after.claims).toBe(before.claims + 1);
    expect(after.entered).toBe(before.entered + claim!.cents);
    expect(after.difference).toBe(100000 - after.entered);
    // The batch is not on the bill: the scrub result still describes the claim.
    expect(claim!.scrub).toBe(SCRUB_STATUS.passed);
    const detail = (
      await as(biller).get('Batches/getChargeBatchDetailByID', { chargeBatchID: batches.north })
    ).json<ChargeBatchDetailReply>();
    expect(detail.claims.map((row) => row.claimID)).toContain(claimID);
    const header = (await as(biller).get('Claims/getClaimDetailData', { claimID })).json<ClaimDetailReply>().header;
    expect(header).toMatchObject({ chargeBatchID: batches.north, chargeBatchNumber: 'N-100' });
    const events = await database.db.query<{ detail: { fields: string[] } }>(
      "SELECT detail FROM claim_events WHERE claim_id = $1 AND action = 'claim edited'",
      [claimID],
    );
    expect(events.map((event) => event.detail.fields)).toEqual([['chargeBatchID']]);
    const audits = await database.db.query<{ source: string }>(
      "SELECT source FROM audit_log WHERE action = 'claims.edit' AND record_id = $1",
      [String(claimID)],
    );
    expect(audits.map((audit) => audit.source)).toEqual(['palette']);
  });

  it('moves a claim to another batch and takes it out with null; the counts follow', async () => {
    const claimID = data.lakeside.claimIds[0]!;
    const northBefore = await figures(batches.north);
    expect(
      (await as(biller).post('AddEditClaim/editClaim', { claimID, chargeBatchID: batches.north2 })).statusCode,
    ).toBe(200);
    expect((await figures(batches.north)).claims).toBe(northBefore.claims - 1);
    expect((await figures(batches.north2)).claims).toBe(1);
    expect((await as(biller).post('AddEditClaim/editClaim', { claimID, chargeBatchID: null })).statusCode).toBe(200);
    expect(await batchOf(claimID)).toBeNull();
    expect((await figures(batches.north2)).claims).toBe(0);
    const list = (
      await as(biller).get('Batches/getBatchChargeProfile', { searchValue: 'N-' })
    ).json<ChargeBatchListReply>();
    expect(list.batches.find((batch) => batch.chargeBatchID === batches.north2)).toMatchObject({
      claims: 0,
      entered: 0,
    });
  });

  it('takes a batch change on a claim already sent, but not on a void one', async () => {
    const [sent, voided] = data.lakeside.claimIds.slice(1, 3) as [number, number];
    await database.db.query('UPDATE claims SET claim_status_id = $2, submit_status_id = $3 WHERE claim_id = $1', [
      sent,
      CLAIM_STATUS.submitted,
      SUBMIT_STATUS.submitted,
    ]);
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [voided, CLAIM_STATUS.void]);
    expect(
      (await as(biller).post('AddEditClaim/editClaim', { claimID: sent, chargeBatchID: batches.north })).statusCode,
    ).toBe(200);
    // Anything on the bill of a sent claim is still refused, batch or not.
    expect(
      (
        await as(biller).post('AddEditClaim/editClaim', {
          claimID: sent,
          chargeBatchID: batches.north,
          referralNumber: 'R1',
        })
      ).statusCode,
    ).toBe(400);
    const refused = await as(biller).post('AddEditClaim/editClaim', { claimID: voided, chargeBatchID: batches.north });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(`Claim ${voided} is void: it cannot be changed.`);
    expect(await batchOf(voided)).toBeNull();
  });

  it('refuses with a 400 a closed batch, a batch of another practice and one outside the data role, writing nothing', async () => {
    const claimID = data.lakeside.claimIds[3]!;
    const cases: [number, string][] = [
      [batches.closed, 'Charge batch N-OLD is closed: reopen it, or pick an open batch.'],
      [batches.south, 'Charge batch S-100 is of another practice: a claim goes only in a batch of its own practice.'],
      [batches.faraway, `Charge batch ${batches.faraway} is not one of your charge batches.`],
    ];
    for (const [chargeBatchID, message] of cases) {
      const reply = await as(biller).post('AddEditClaim/editClaim', { claimID, chargeBatchID });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(messageOf(reply)).toBe(message);
    }
    expect(await batchOf(claimID)).toBeNull();
    const events = await database.db.query(
      "SELECT 1 FROM claim_events WHERE claim_id = $1 AND action = 'claim edited'",
      [claimID],
    );
    expect(events).toEqual([]);
  });

  it('keeps a user to their data role: a claim of a practice they do not see is 404, a batch of one is 400', async () => {
    const sam = as(southOnly);
    expect(
      (await sam.post('AddEditClaim/editClaim', { claimID: data.lakeside.claimIds[4], chargeBatchID: batches.north }))
        .statusCode,
    ).toBe(404);
    const southClaim = data.southClaimIds[0]!;
    const refused = await sam.post('AddEditClaim/editClaim', { claimID: southClaim, chargeBatchID: batches.north });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(`Charge batch ${batches.north} is not one of your charge batches.`);
    expect(
      (await sam.post('AddEditClaim/editClaim', { claimID: southClaim, chargeBatchID: batches.south })).statusCode,
    ).toBe(200);
    const offered = (await sam.get('Repository/getChargeBatches', { searchValue: '' }))
      .json<ChargeBatchOptionsReply>()
      .batches.map((batch) => batch.batchNumber);
    expect(offered).toEqual(['S-100']);
  });

  it('offers only the open batches of the claim’s or the patient’s practice, by number', async () => {
    const numbers = async (query: Record<string, string | number>) =>
      (await as(biller).get('Repository/getChargeBatches', { searchValue: '', ...query }))
        .json<ChargeBatchOptionsReply>()
        .batches.map((batch) => batch.batchNumber);
    expect(await numbers({ claimID: data.lakeside.claimIds[0]! })).toEqual(['N-200', 'N-100']);
    expect(await numbers({ claimID: data.southClaimIds[0]! })).toEqual(['S-100']);
    expect(await numbers({ patientID: data.lakeside.patientId, searchValue: 'N-2' })).toEqual(['N-200']);
    expect(await numbers({ clientID: data.lakeside.groupId })).toEqual(['S-100', 'N-200', 'N-100']);
  });

  it('creates a new claim in a batch, and refuses a closed batch without creating the claim', async () => {
    const draft = {
      patientID: data.lakeside.patientId,
      providerID: data.lakeside.providerId,
      dosFrom: '2026-03-02',
      posCode: '11',
      icds: ['E11.9'],
    };
    const created = await as(biller).post('AddEditClaim/saveClaim', { ...draft, chargeBatchID: batches.north2 });
    expect(created.statusCode, created.body).toBe(200);
    const { claimID } = created.json<{ claimID: number }>();
    expect(await batchOf(claimID)).toBe(batches.north2);
    expect((await figures(batches.north2)).claims).toBe(1);
    const [counted] = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims');
    const refused = await as(biller).post('AddEditClaim/saveClaim', { ...draft, chargeBatchID: batches.closed });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('Charge batch N-OLD is closed: reopen it, or pick an open batch.');
    expect(
      (await as(biller).post('AddEditClaim/saveClaim', { ...draft, chargeBatchID: batches.south })).statusCode,
    ).toBe(400);
    const [after] = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims');
    expect(after?.n).toBe(counted?.n);
  });

  it('adds picked claims as a bulk run in chunks, reporting the claims refused with why', async () => {
    const [, sent, voided, first, second] = data.lakeside.claimIds as [number, number, number, number, number];
    const missing = 987_654_321;
    const picked = [first, second, sent, voided, data.southClaimIds[1]!, data.faraway.claimIds[0]!, missing];
    const job = await finished(
      await as(biller).post('Claims/addClaimsToChargeBatch', { claimIDs: picked, chargeBatchID: batches.north2 }),
    );
    expect(job).toMatchObject({
      kind: 'charge_batch',
      title: 'Add claims to charge batch N-200',
      status: 'done',
      total: 7,
      succeeded: 3,
      failed: 4,
    });
    expect(job.failures).toEqual(
      expect.arrayContaining([
        { claimID: voided, reason: `Claim ${voided} is void: it cannot be changed.` },
        {
          claimID: data.southClaimIds[1],
          reason: 'Charge batch N-200 is of another practice: a claim goes only in a batch of its own practice.',
        },
        { claimID: data.faraway.claimIds[0], reason: 'Claim not found.' },
        { claimID: missing, reason: 'Claim not found.' },
      ]),
    );
    for (const claimID of [first, second, sent]) expect(await batchOf(claimID)).toBe(batches.north2);
    expect(await batchOf(data.faraway.claimIds[0]!)).toBeNull();
    const events = await database.db.query<{ detail: { jobID: number } }>(
      "SELECT detail FROM claim_events WHERE claim_id = $1 AND action = 'claim edited'",
      [first],
    );
    expect(events.map((event) => event.detail.jobID)).toEqual([job.jobID]);
    expect((await figures(batches.north2)).claims).toBe(4);
  });

  it('adds "all N matching" within the data role, and refuses at once a closed batch or one the user does not see', async () => {
    const job = await finished(
      await as(southOnly).post('Claims/addClaimsToChargeBatch', { query: {}, chargeBatchID: batches.south }),
      southOnly,
    );
    expect(job).toMatchObject({ status: 'done', total: 2, succeeded: 2, failed: 0 });
    expect((await figures(batches.south)).claims).toBe(2);
    const closed = await as(biller).post('Claims/addClaimsToChargeBatch', {
      claimIDs: [data.lakeside.claimIds[5]],
      chargeBatchID: batches.closed,
    });
    expect(closed.statusCode).toBe(400);
    expect(messageOf(closed)).toBe('Charge batch N-OLD is closed: reopen it, or pick an open batch.');
    const unseen = await as(southOnly).post('Claims/addClaimsToChargeBatch', {
      claimIDs: [data.southClaimIds[0]],
      chargeBatchID: batches.north,
    });
    expect(unseen.statusCode).toBe(400);
  });
});

describe('which charge batch a claim may go in', () => {
  const batch = { chargeBatchID: 5, groupID: 1, practiceID: 10, batchNumber: 'CB-5', status: 'open' };

  it('an open batch of its own practice; another group, another practice or a closed batch is named as the reason', () => {
    expect(chargeBatchRefusal(batch, { groupID: 1, practiceID: 10 })).toBeNull();
    expect(chargeBatchRefusal(batch, { groupID: 2, practiceID: 20 })).toBe(
      'Charge batch CB-5 belongs to another group: a claim goes only in a batch of its own group.',
    );
    expect(chargeBatchRefusal(batch, { groupID: 1, practiceID: 11 })).toBe(
      'Charge batch CB-5 is of another practice: a claim goes only in a batch of its own practice.',
    );
    expect(chargeBatchRefusal({ ...batch, status: 'closed' }, { groupID: 1, practiceID: 10 })).toBe(
      'Charge batch CB-5 is closed: reopen it, or pick an open batch.',
    );
  });
});
