import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_RECONCILED, type BatchSavedReply, type ReconciliationReply } from '../../../contract/batches.ts';
import { testEngines } from '../../test/engines.ts';
import { batchWorld, expectBooksAgree, type BatchWorld } from './batchTestKit.ts';

describe.each(testEngines)('reconciling deposits on $name', (engine) => {
  let world: BatchWorld;
  let paymentBatchID = 0;
  let eraCheckID = 0;

  beforeAll(async () => {
    world = await batchWorld(engine, 'reconciler@example.test');
    paymentBatchID = (
      await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
        practiceID: world.ours.practiceId,
        batchNumber: 'DEP-1',
        paymentSource: 'insurance',
        depositDate: '2026-11-20',
        total: 12345,
      })
    ).json<BatchSavedReply>().pkid;
    // A posted ERA check of $80.00 paid on one line, $5.00 of it withheld at provider level (PLB): $75.00 deposited.
    const claimID = Number(world.ours.claimIds[5]);
    const [line] = await world.chargesOf(claimID);
    const db = world.database.db;
    const [file] = await db.query<{ id: number }>(
      "INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, 'r.835', 'hash-r', 'ISA') RETURNING era_file_id AS id",
      [world.ours.groupId],
    );
    const [check] = await db.query<{ id: number }>(
      `INSERT INTO era_checks (era_file_id, group_id, payer_name, payer_identifier, trace_number, payment_method, check_date, total_paid_cents, provider_adjustment_cents, status)
       VALUES ($1, $2, 'AETNA', '60054', 'TRC-1', 'CHK', '2026-11-19', 7500, 500, 'posted') RETURNING era_check_id AS id`,
      [file?.id, world.ours.groupId],
    );
    eraCheckID = Number(check?.id);
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, era_check_id, posting_date)
       SELECT group_id, practice_id, patient_id, claim_id, $2, 'insurance_payment', -8000, $3, DATE '2026-11-20' FROM claims WHERE claim_id = $1`,
      [claimID, line?.chargeID, eraCheckID],
    );
    await db.query('UPDATE charges SET balance_cents = balance_cents - 8000 WHERE charge_id = $1', [line?.chargeID]);
    await db.query('UPDATE claims SET balance_cents = balance_cents - 8000 WHERE claim_id = $1', [claimID]);
    const [foreignFile] = await db.query<{ id: number }>(
      "INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, 'f.835', 'hash-f', 'ISA') RETURNING era_file_id AS id",
      [world.theirs.groupId],
    );
    await db.query(
      "INSERT INTO era_checks (era_file_id, group_id, payer_name, payer_identifier, trace_number, payment_method, total_paid_cents, status) VALUES ($1, $2, 'CIGNA', '62308', 'HIDDEN', 'CHK', 100, 'posted')",
      [foreignFile?.id, world.theirs.groupId],
    );
    await db.query(
      "INSERT INTO payment_batches (group_id, practice_id, batch_number, payment_source) VALUES ($1, $2, 'HIDDEN', 'insurance')",
      [world.theirs.groupId, world.theirs.practiceId],
    );
  });
  afterAll(async () => world?.close());

  const profile = async (query: Record<string, unknown> = {}) =>
    (await world.call('GET', 'Claims/getPaymentReconsilationProfileData', query)).json<ReconciliationReply>();
  const reconcile = (input: Record<string, unknown>) => world.call('POST', 'AddEditClaim/reconsilePosting', input);

  it("lists the data role's deposits with deposited, posted and the difference", async () => {
    const { count, deposits } = await profile();
    expect(count).toBe(2);
    expect(deposits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'batch',
          depositID: paymentBatchID,
          reference: 'DEP-1',
          deposited: 12345,
          posted: 0,
          difference: 12345,
          reconciled: false,
        }),
        expect.objectContaining({
          kind: 'era',
          depositID: eraCheckID,
          reference: 'TRC-1',
          deposited: 7500,
          posted: 7500,
          difference: 0,
          reconciled: false,
        }),
      ]),
    );
  });

  it('refuses to reconcile while posted and deposited differ, naming the difference in dollars', async () => {
    const reply = await reconcile({ paymentBatchID });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe(
      'Posted $0.00 of the $123.45 deposited: a difference of $123.45. Post or correct it before reconciling.',
    );
    expect((await reconcile({})).statusCode).toBe(400);
    expect((await reconcile({ paymentBatchID, eraCheckID })).statusCode).toBe(400);
  });

  it('reconciles an ERA check whose postings equal its deposit, and records who and when', async () => {
    const reply = await reconcile({ eraCheckID });
    expect(reply.json<{ message: string }>().message).toBe(DEPOSIT_RECONCILED);
    const era = (await profile({ reconciled: 'yes' })).deposits;
    expect(era).toEqual([
      expect.objectContaining({ kind: 'era', depositID: eraCheckID, reconciled: true, reconciledBy: 'Test User' }),
    ]);
    expect(era[0]?.reconciledAt).toMatch(/^2026-11-22T/);
    expect((await reconcile({ eraCheckID })).statusCode).toBe(400);
    const [row] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE era_check_id = $1',
      [eraCheckID],
    );
    const reversal = await world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID: row?.ledgerID });
    expect(reversal.statusCode).toBe(400);
    expect(reversal.json<{ message: string }>().message).toMatch(/reconciled/);
  });

  it('reconciles a batch once its postings make up the deposit; the batch is then closed to postings and changes', async () => {
    await world.call('POST', 'Batches/updatePaymentBatch', { paymentBatchID, total: 5000 });
    const claimID = Number(world.ours.claimIds[4]);
    const [line] = await world.chargesOf(claimID);
    const pay = (reference: string) =>
      world.call('POST', 'AddEditClaim/saveInsurancePayments', {
        claimID,
        reference,
        postingDate: '2026-11-20',
        paymentBatchID,
        lines: [{ chargeID: line?.chargeID, paid: 2500, adjustments: [] }],
      });
    expect((await pay('EOB-D')).statusCode).toBe(200);
    expect((await reconcile({ paymentBatchID })).json<{ message: string }>().message).toMatch(
      /a difference of \$25\.00/,
    );
    expect((await pay('EOB-E')).statusCode).toBe(200);
    expect((await reconcile({ paymentBatchID })).json<{ message: string }>().message).toBe(DEPOSIT_RECONCILED);
    const refused = await pay('EOB-F');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Payment batch DEP-1 is reconciled; post to an open batch.',
    );
    expect((await world.call('POST', 'Batches/updatePaymentBatch', { paymentBatchID, total: 1 })).statusCode).toBe(400);
    expect((await profile({ reconciled: 'no' })).count).toBe(0);
    await expectBooksAgree(world.database.db);
  });

  it('does not reach deposits outside the data role', async () => {
    const [hidden] = await world.database.db.query<{ id: number }>(
      "SELECT era_check_id AS id FROM era_checks WHERE trace_number = 'HIDDEN'",
    );
    expect((await reconcile({ eraCheckID: hidden?.id })).statusCode).toBe(404);
  });
});
