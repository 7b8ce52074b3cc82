import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEDGER_REVERSED,
  type BatchSavedReply,
  type PaymentBatch,
  type ReversePaymentLedgerReply,
} from '../../../contract/batches.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines } from '../../test/engines.ts';
import { batchWorld, expectBooksAgree, type BatchWorld } from './batchTestKit.ts';
import { isReversalClash } from './reverseLedger.ts';

describe.each(testEngines)('reversing a ledger posting on $name', (engine) => {
  let world: BatchWorld;

  beforeAll(async () => {
    world = await batchWorld(engine, 'reverser@example.test');
  });
  afterAll(async () => world?.close());

  /** Pays the claim's first line in full from a fresh batch; returns the payment's ledger row and the batch. */
  const paidLine = async (index: number) => {
    const claimID = Number(world.ours.claimIds[index]);
    const [line] = await world.chargesOf(claimID);
    const batch = (
      await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
        practiceID: world.ours.practiceId,
        batchNumber: `RV-${index}`,
        paymentSource: 'insurance',
        total: 10000,
      })
    ).json<BatchSavedReply>();
    const paid = await world.call('POST', 'AddEditClaim/saveInsurancePayments', {
      claimID,
      reference: 'EOB9',
      postingDate: '2026-11-20',
      paymentBatchID: batch.pkid,
      lines: [{ chargeID: line?.chargeID, paid: 10000, adjustments: [] }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE charge_id = $1 AND entry_type = \'insurance_payment\'',
      [line?.chargeID],
    );
    return { claimID, chargeID: Number(line?.chargeID), ledgerID: Number(row?.ledgerID), paymentBatchID: batch.pkid };
  };
  const reverse = (ledgerID: number) =>
    world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID, postingDate: '2026-11-21' });
  const batchTotals = async (paymentBatchID: number) =>
    (await world.call('GET', 'Batches/getPaymentBatchByID', { paymentBatchID })).json<{ batch: PaymentBatch }>().batch;

  it('writes a negating row that names the reversed one; the line, the claim and the batch follow', async () => {
    const posted = await paidLine(0);
    expect(await batchTotals(posted.paymentBatchID)).toMatchObject({ posted: 10000, difference: 0 });
    const reply = await reverse(posted.ledgerID);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ReversePaymentLedgerReply>()).toMatchObject({
      message: LEDGER_REVERSED,
      claimBalance: 30000,
      chargeBalance: 10000,
    });
    const [row] = await world.database.db.query<{ entryType: string; amount: number; reverses: number; batch: number }>(
      'SELECT entry_type AS "entryType", amount_cents AS amount, reverses_ledger_id AS reverses, payment_batch_id AS batch FROM ledger_entries WHERE ledger_id = $1',
      [reply.json<ReversePaymentLedgerReply>().ledgerID],
    );
    expect(row).toEqual({
      entryType: 'reversal',
      amount: 10000,
      reverses: posted.ledgerID,
      batch: posted.paymentBatchID,
    });
    expect(await batchTotals(posted.paymentBatchID)).toMatchObject({ posted: 0, difference: 10000 });
    await expectBooksAgree(world.database.db);
  });

  it('refuses to reverse the same row twice', async () => {
    const posted = await paidLine(1);
    expect((await reverse(posted.ledgerID)).statusCode).toBe(200);
    const again = await reverse(posted.ledgerID);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      `Ledger posting ${posted.ledgerID} is already reversed; it was not reversed again.`,
    );
  });

  it('lets only one of two reversals racing each other through; the other gets a clear conflict', async () => {
    const posted = await paidLine(2);
    const replies = await Promise.all([reverse(posted.ledgerID), reverse(posted.ledgerID)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json<{ message: string }>().message).toMatch(
      /already reversed/,
    );
    const [count] = await world.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE reverses_ledger_id = $1',
      [posted.ledgerID],
    );
    expect(count?.n).toBe(1);
    await expectBooksAgree(world.database.db);
  });

  it('is backed by the database: a second reversal row of the same posting is refused, and recognised as such', async () => {
    const posted = await paidLine(4);
    expect((await reverse(posted.ledgerID)).statusCode).toBe(200);
    const duplicate = world.database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id, posting_date)
       SELECT group_id, practice_id, patient_id, claim_id, charge_id, 'reversal', -amount_cents, ledger_id, posting_date FROM ledger_entries WHERE ledger_id = $1`,
      [posted.ledgerID],
    );
    const refused: unknown = await duplicate.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isReversalClash(refused)).toBe(true);
  });

  it('refuses a reversal dated in a locked month', async () => {
    const claimID = Number(world.ours.claimIds[5]);
    const [line] = await world.chargesOf(claimID);
    expect(
      (
        await world.call('POST', 'AddEditClaim/saveInsurancePayments', {
          claimID,
          reference: 'EOB11',
          postingDate: '2026-11-20',
          lines: [{ chargeID: line?.chargeID, paid: 100, adjustments: [] }],
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE charge_id = $1 AND entry_type = \'insurance_payment\'',
      [line?.chargeID],
    );
    await world.database.db.query(
      "INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-10-01')",
      [world.ours.groupId, world.ours.practiceId],
    );
    const reply = await world.call('POST', 'AddEditClaim/reversePaymentLedger', {
      ledgerID: row?.ledgerID,
      postingDate: '2026-10-15',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe(
      'October 2026 is closed (month-end lock); reverse with a date in an open month.',
    );
  });

  it('puts a settled claim back to waiting on the payer when its payment is reversed', async () => {
    const claimID = Number(world.ours.claimIds[3]);
    const lines = await world.chargesOf(claimID);
    const paid = await world.call('POST', 'AddEditClaim/saveInsurancePayments', {
      claimID,
      reference: 'EOB10',
      postingDate: '2026-11-20',
      lines: lines.map((line) => ({ chargeID: line.chargeID, paid: line.balance, adjustments: [] })),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [status] = await world.database.db.query<{ status: number }>(
      'SELECT claim_status_id AS status FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(status?.status).toBe(CLAIM_STATUS.paid);
    const [row] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE claim_id = $1 AND entry_type = \'insurance_payment\' ORDER BY ledger_id LIMIT 1',
      [claimID],
    );
    expect((await reverse(Number(row?.ledgerID))).statusCode).toBe(200);
    const [after] = await world.database.db.query<{ status: number; balance: number }>(
      'SELECT claim_status_id AS status, balance_cents AS balance FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(after).toEqual({ status: CLAIM_STATUS.acceptedByPayer, balance: 10000 });
  });

  it('refuses a charge row, a reversal row, a row outside the data role and a future date, writing nothing', async () => {
    const count = async () =>
      (await world.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries'))[0]?.n;
    const before = await count();
    const [charge] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE entry_type = \'charge\' AND group_id = $1 LIMIT 1',
      [world.ours.groupId],
    );
    const chargeReply = await reverse(Number(charge?.ledgerID));
    expect(chargeReply.statusCode).toBe(400);
    expect(chargeReply.json<{ message: string }>().message).toBe(
      'A charge row is not reversed here: void the claim or delete the charge instead.',
    );
    const [reversal] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE entry_type = \'reversal\' LIMIT 1',
    );
    expect((await reverse(Number(reversal?.ledgerID))).statusCode).toBe(400);
    const [theirs] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE group_id = $1 LIMIT 1',
      [world.theirs.groupId],
    );
    expect((await reverse(Number(theirs?.ledgerID))).statusCode).toBe(404);
    const [payment] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE entry_type = \'insurance_payment\' LIMIT 1',
    );
    expect(
      (
        await world.call('POST', 'AddEditClaim/reversePaymentLedger', {
          ledgerID: payment?.ledgerID,
          postingDate: '2030-01-01',
        })
      ).statusCode,
    ).toBe(400);
    expect((await world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID: 'x' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
