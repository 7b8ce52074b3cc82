import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../services/scrub/scrubTestData.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, type TestApp } from '../test/harness.ts';

/** Names of the other group's staff: no answer to Alpha's biller may hold them. */
const THEIR_NAMES = /Zelinski|Quimby/;

describe.each(testEngines)('between groups on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let beta: TestGroup;
  let bertha: number;
  let ivo: number;
  let claimID: number;
  let paymentBatchID: number;
  let facilityID: number;
  let theirCoverageID: number;

  beforeAll(async () => {
    let elsewhere: TestGroup;
    ({ database, test, data, biller, elsewhere } = await openClaimTestWorld(engine, 'Alpha', 'Beta', 2));
    beta = elsewhere;
    const db = database.db;
    bertha = (await createTestUser(db, 'bertha@beta.test', { groupIds: [beta.groupId] })).userId;
    ivo = (await createTestUser(db, 'ivo@beta.test', { groupIds: [beta.groupId], active: false })).userId;
    await db.query(`UPDATE users SET first_name = 'Bertha', last_name = 'Zelinski' WHERE user_id = $1`, [bertha]);
    await db.query(`UPDATE users SET first_name = 'Ivo', last_name = 'Quimby' WHERE user_id = $1`, [ivo]);
    ({ claimID } = await data.insertClaim({ lines: [{ code: '99213' }] }));
    paymentBatchID = (
      await db.query<{ id: number }>(
        `INSERT INTO payment_batches (group_id, practice_id, batch_number, payment_source, total_cents)
         VALUES ($1, $2, 'PB-ALPHA', 'patient', 0) RETURNING payment_batch_id AS id`,
        [data.group.groupId, data.group.practiceId],
      )
    )[0]!.id;
    facilityID = (
      await db.query<{ id: number }>(
        `INSERT INTO facilities (group_id, practice_id, name, address1, city, state, zip)
         VALUES ($1, $2, 'Alpha Clinic', '1 Main St', 'Austin', 'TX', '78701') RETURNING facility_id AS id`,
        [data.group.groupId, data.group.practiceId],
      )
    )[0]!.id;
    theirCoverageID = (
      await db.query<{ id: number }>(
        `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
         VALUES ($1, $2, 1, 'B987654321', DATE '2025-01-01') RETURNING patient_insurance_id AS id`,
        [beta.patientId, beta.insuranceId],
      )
    )[0]!.id;
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const post = (path: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(biller), payload });
  const state = async () =>
    (
      await database.db.query<Record<string, number | null>>(
        `SELECT (SELECT count(*)::int FROM tasks) AS tasks, (SELECT count(*)::int FROM bulk_jobs) AS jobs,
                (SELECT count(*)::int FROM claim_events) AS events,
                (SELECT assigned_user_id FROM claims WHERE claim_id = $1) AS "claimAssignee",
                (SELECT assigned_user_id FROM payment_batches WHERE payment_batch_id = $2) AS "batchAssignee"`,
        [claimID, paymentBatchID],
      )
    )[0];

  it('refuses to give work to another group’s staff without naming them, and changes nothing', async () => {
    const before = await state();
    const task = { taskTypeID: 1, dueDate: '2026-12-01', text: 'Call the payer.' };
    for (const userID of [bertha, ivo]) {
      const replies = [
        await post('Claims/saveClaimTasks', { claimID, assignedUserID: userID, ...task }),
        await post('Claims/saveBulkClaimTasks', { claimIDs: [claimID], assignedUserID: userID, ...task }),
        await post('Claims/addAssignees', { claimIDs: [claimID], assignedUserIDs: [userID] }),
        await post('Claims/reassignClaim', { claimIDs: [claimID], assignedUserID: userID }),
        await post('Batches/reassignPaymentBatch', { paymentBatchID, assignedUserID: userID }),
      ];
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.body).not.toMatch(THEIR_NAMES);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('answers 404 for a fee priced with another group’s coverage', async () => {
    const fee = (query: Record<string, string>) =>
      test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/getCPTFee',
        headers: bearer(biller),
        query: { cptCode: '99213', ...query },
      });
    expect(
      (await fee({ facilityID: String(facilityID), patientInsuranceID: String(data.coverageID) })).statusCode,
    ).toBe(200);
    expect(
      (await fee({ facilityID: String(facilityID), patientInsuranceID: String(theirCoverageID) })).statusCode,
    ).toBe(404);
    expect((await fee({ patientInsuranceID: String(theirCoverageID) })).statusCode).toBe(404);
  });
});
