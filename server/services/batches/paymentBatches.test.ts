import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_CREATED,
  BATCH_UPDATED,
  PAYMENT_BATCH_DELETED,
  PAYMENT_BATCH_REASSIGNED,
  type BatchSavedReply,
  type PaymentBatch,
  type PaymentBatchDetailReply,
  type PaymentBatchLedgerReply,
  type PaymentBatchListReply,
} from '../../../contract/batches.ts';
import { testEngines } from '../../test/engines.ts';
import { createTestUser } from '../../test/fixtures.ts';
import { bearer, signIn } from '../../test/harness.ts';
import { batchWorld, expectBooksAgree, PDF, type BatchWorld } from './batchTestKit.ts';

describe.each(testEngines)('payment batches on $name', (engine) => {
  let world: BatchWorld;
  let number = 0;

  beforeAll(async () => {
    world = await batchWorld(engine, 'batcher@example.test');
  });
  afterAll(async () => world?.close());

  const create = async (extra: Record<string, unknown> = {}) => {
    number += 1;
    const reply = await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: `PB-${number}`,
      paymentSource: 'insurance',
      insuranceID: world.ours.insuranceId,
      checkNumber: `CHK${number}`,
      depositDate: '2026-11-20',
      total: 15000,
      ...extra,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<BatchSavedReply>();
  };
  const batch = async (paymentBatchID: number) =>
    (await world.call('GET', 'Batches/getPaymentBatchByID', { paymentBatchID })).json<{ batch: PaymentBatch }>().batch;
  const payInsurance = (claimID: number, chargeID: number, paid: number, paymentBatchID?: number) =>
    world.call('POST', 'AddEditClaim/saveInsurancePayments', {
      claimID,
      reference: 'EOB1',
      postingDate: '2026-11-20',
      lines: [{ chargeID, paid, adjustments: [] }],
      ...(paymentBatchID ? { paymentBatchID } : {}),
    });

  it('creates a batch with its scanned files, assigned to the biller who made it', async () => {
    const reply = await create({ documents: [PDF] });
    expect(reply).toMatchObject({ message: BATCH_CREATED, documents: [expect.any(Number)] });
    const detail = (
      await world.call('GET', 'Batches/getPaymentBatchDetailData', { paymentBatchID: reply.pkid })
    ).json<PaymentBatchDetailReply>();
    expect(detail.batch).toMatchObject({
      batchNumber: `PB-${number}`,
      total: 15000,
      posted: 0,
      difference: 15000,
      status: 'open',
      assignedUserID: world.userID,
      documents: 1,
      payerName: 'Aetna',
    });
    expect(detail.documents).toEqual([
      expect.objectContaining({ fileName: 'deposit.pdf', mimeType: 'application/pdf' }),
    ]);
  });

  it('refuses a batch number already used in the group, a practice outside the data role and a bad file, writing nothing', async () => {
    const before = (await world.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_batches'))[0]
      ?.n;
    const taken = await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'PB-1',
      paymentSource: 'insurance',
      total: 1,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ message: string }>().message).toBe(
      'Batch number PB-1 is already used in this group; give another number.',
    );
    const foreign = await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.theirs.practiceId,
      batchNumber: 'X1',
      paymentSource: 'insurance',
      total: 1,
    });
    expect(foreign.statusCode).toBe(400);
    const badFile = await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'X2',
      paymentSource: 'insurance',
      total: 1,
      documents: [{ ...PDF, mimeType: 'application/zip' }],
    });
    expect(badFile.statusCode).toBe(400);
    const negative = await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'X3',
      paymentSource: 'insurance',
      total: -5,
    });
    expect(negative.statusCode).toBe(400);
    expect((await world.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_batches'))[0]?.n).toBe(
      before,
    );
  });

  it('updates a batch, and refuses to take the number of another batch', async () => {
    const { pkid } = await create();
    const reply = await world.call('POST', 'Batches/updatePaymentBatch', {
      paymentBatchID: pkid,
      total: 20000,
      checkNumber: null,
      description: 'Aetna lockbox',
    });
    expect(reply.json<BatchSavedReply>().message).toBe(BATCH_UPDATED);
    expect(await batch(pkid)).toMatchObject({
      total: 20000,
      checkNumber: null,
      description: 'Aetna lockbox',
      depositDate: '2026-11-20',
      payerName: 'Aetna',
    });
    const clash = await world.call('POST', 'Batches/updatePaymentBatch', { paymentBatchID: pkid, batchNumber: 'PB-1' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<{ message: string }>().message).toContain('PB-1');
  });

  it('reassigns a batch to another active user', async () => {
    const { pkid } = await create();
    const other = await createTestUser(world.database.db, 'other-poster@example.test', {
      groupIds: [world.ours.groupId],
    });
    const reply = await world.call('POST', 'Batches/reassignPaymentBatch', {
      paymentBatchID: pkid,
      assignedUserID: other.userId,
    });
    expect(reply.json<{ message: string }>().message).toBe(PAYMENT_BATCH_REASSIGNED);
    expect((await batch(pkid)).assignedUserID).toBe(other.userId);
    expect(
      (await world.call('POST', 'Batches/reassignPaymentBatch', { paymentBatchID: pkid, assignedUserID: 999999 }))
        .statusCode,
    ).toBe(400);
  });

  it('posts paper insurance and patient payments into their batches; the batch totals equal what was posted to it', async () => {
    const insurance = await create({ total: 15000 });
    const claimID = Number(world.ours.claimIds[0]);
    const [first, second] = await world.chargesOf(claimID);
    expect((await payInsurance(claimID, Number(first?.chargeID), 6000, insurance.pkid)).statusCode).toBe(200);
    expect((await payInsurance(claimID, Number(second?.chargeID), 9000, insurance.pkid)).statusCode).toBe(200);
    const posted = await batch(insurance.pkid);
    expect(posted).toMatchObject({ total: 15000, posted: 15000, difference: 0 });
    const ledger = (
      await world.call('GET', 'Batches/getPaymentBatchLedgersPostingByID', { paymentBatchID: insurance.pkid })
    ).json<PaymentBatchLedgerReply>();
    expect(ledger.rows.map((row) => [row.entryType, row.amount])).toEqual([
      ['insurance_payment', -6000],
      ['insurance_payment', -9000],
    ]);
    const same = (
      await world.call('GET', 'AddEditClaim/GetPaymentLedgerByBatchID', { paymentBatchID: insurance.pkid })
    ).json<PaymentBatchLedgerReply>();
    expect(same.rows).toEqual(ledger.rows);
    const paid = (
      await world.call('GET', 'Batches/getPaymentBatchDetailPaidCharges', { paymentBatchID: insurance.pkid })
    ).json<PaymentBatchDetailReply>();
    expect(paid.charges.map((charge) => [charge.chargeID, charge.paid, charge.balance])).toEqual([
      [first?.chargeID, 6000, 4000],
      [second?.chargeID, 9000, 11000],
    ]);

    const patient = await create({ paymentSource: 'patient', insuranceID: undefined, total: 2500 });
    const reply = await world.call('POST', 'AddEditClaim/savePatientPayments', {
      patientID: world.ours.patientId,
      method: 'check',
      paymentBatchID: patient.pkid,
      applications: [{ chargeID: first?.chargeID, amount: 2500 }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await batch(patient.pkid)).toMatchObject({ posted: 2500, difference: 0 });
    await expectBooksAgree(world.database.db);
  });

  it('refuses to post into a closed batch, a batch of the other source or of another group, writing nothing', async () => {
    const claimID = Number(world.ours.claimIds[1]);
    const [first] = await world.chargesOf(claimID);
    const closed = await create();
    await world.call('POST', 'Batches/updatePaymentBatch', { paymentBatchID: closed.pkid, status: 'closed' });
    const intoClosed = await payInsurance(claimID, Number(first?.chargeID), 100, closed.pkid);
    expect(intoClosed.statusCode).toBe(400);
    expect(intoClosed.json<{ message: string }>().message).toContain('is closed');
    const patientBatch = await create({ paymentSource: 'patient', insuranceID: undefined });
    expect((await payInsurance(claimID, Number(first?.chargeID), 100, patientBatch.pkid)).statusCode).toBe(400);
    const [foreign] = await world.database.db.query<{ id: number }>(
      "INSERT INTO payment_batches (group_id, practice_id, batch_number, payment_source) VALUES ($1, $2, 'THEIRS', 'insurance') RETURNING payment_batch_id AS id",
      [world.theirs.groupId, world.theirs.practiceId],
    );
    expect((await payInsurance(claimID, Number(first?.chargeID), 100, foreign?.id)).statusCode).toBe(400);
    expect((await world.chargesOf(claimID))[0]?.balance).toBe(10000);
  });

  it('lists and finds only the batches of the data role', async () => {
    await world.database.db.query(
      "INSERT INTO payment_batches (group_id, practice_id, batch_number, payment_source) VALUES ($1, $2, 'PB-HIDDEN', 'insurance')",
      [world.theirs.groupId, world.theirs.practiceId],
    );
    const list = (await world.call('GET', 'Batches/getPaymentBatchData', {})).json<PaymentBatchListReply>();
    expect(list.count).toBeGreaterThan(3);
    expect(list.batches.every((row) => row.groupID === world.ours.groupId)).toBe(true);
    const search = (
      await world.call('GET', 'Batches/getPaymentBatches', { searchValue: 'PB-1' })
    ).json<PaymentBatchListReply>();
    expect(search.batches.map((row) => row.batchNumber)).toContain('PB-1');
    expect(
      (await world.call('GET', 'Batches/getPaymentBatches', { searchValue: 'PB-HIDDEN' })).json<PaymentBatchListReply>()
        .count,
    ).toBe(0);
    const [hidden] = await world.database.db.query<{ id: number }>(
      "SELECT payment_batch_id AS id FROM payment_batches WHERE batch_number = 'PB-HIDDEN'",
    );
    expect((await world.call('GET', 'Batches/getPaymentBatchByID', { paymentBatchID: hidden?.id })).statusCode).toBe(
      404,
    );
    expect(
      (await world.call('DELETE', 'Batches/deletePaymentBatchByID', { paymentBatchID: hidden?.id })).statusCode,
    ).toBe(404);
  });

  it('gives one of two billers racing for the same batch number the batch, the other a clear 400', async () => {
    const make = () =>
      world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
        practiceID: world.ours.practiceId,
        batchNumber: 'RACE-1',
        paymentSource: 'insurance',
        total: 100,
      });
    const replies = await Promise.all([make(), make()]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.statusCode === 400)?.json<{ message: string }>().message).toBe(
      'Batch number RACE-1 is already used in this group; give another number.',
    );
  });

  it('answers 401 without a session and 403 to a role without the payments module', async () => {
    const calls = [
      'Batches/getPaymentBatchData',
      'Batches/getBatchesData',
      'Claims/getPaymentReconsilationProfileData',
      'Batches/getDocumentBatchType',
    ];
    for (const url of calls)
      expect((await world.test.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    await createTestUser(world.database.db, 'no-payments@example.test', {
      groupIds: [world.ours.groupId],
      modules: ['CLAIMS'],
    });
    const session = await signIn(world.test, 'no-payments@example.test');
    const reply = await world.test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/reversePaymentLedger',
      payload: { ledgerID: 1 },
      headers: bearer(session),
    });
    expect(reply.statusCode).toBe(403);
  });

  it('deletes an empty batch and refuses one with postings', async () => {
    const empty = await create({ documents: [PDF] });
    const reply = await world.call('DELETE', 'Batches/deletePaymentBatchByID', { paymentBatchID: empty.pkid });
    expect(reply.json<{ message: string }>().message).toBe(PAYMENT_BATCH_DELETED);
    expect((await world.call('GET', 'Batches/getPaymentBatchByID', { paymentBatchID: empty.pkid })).statusCode).toBe(
      404,
    );
    const [withPostings] = await world.database.db.query<{ id: number }>(
      'SELECT payment_batch_id AS id FROM ledger_entries WHERE payment_batch_id IS NOT NULL LIMIT 1',
    );
    const refused = await world.call('DELETE', 'Batches/deletePaymentBatchByID', { paymentBatchID: withPostings?.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/a batch with postings cannot be deleted/);
  });
});
