import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EraCheckLedgerReply } from '../../../contract/depositLedger.ts';
import { testEngines } from '../../test/engines.ts';
import { batchWorld, type BatchWorld } from '../batches/batchTestKit.ts';

describe.each(testEngines)("an ERA check's ledger rows on $name", (engine) => {
  let world: BatchWorld;
  let ours = 0;
  let theirs = 0;
  let paymentRow = 0;

  /** A posted check of the group with one payment row on the claim's first line. */
  async function postedCheck(groupId: number, claimID: number, trace: string): Promise<number> {
    const db = world.database.db;
    const [line] = await world.chargesOf(claimID);
    const [file] = await db.query<{ id: number }>(
      "INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, $2, $2, 'ISA') RETURNING era_file_id AS id",
      [groupId, `${trace}.835`],
    );
    const [check] = await db.query<{ id: number }>(
      `INSERT INTO era_checks (era_file_id, group_id, payer_name, payer_identifier, trace_number, payment_method, check_date, total_paid_cents, status)
       VALUES ($1, $2, 'AETNA', '60054', $3, 'CHK', '2026-11-19', 4000, 'posted') RETURNING era_check_id AS id`,
      [file?.id, groupId, trace],
    );
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, era_check_id, posting_date)
       SELECT group_id, practice_id, patient_id, claim_id, $2, 'insurance_payment', -4000, $3, DATE '2026-11-20' FROM claims WHERE claim_id = $1`,
      [claimID, line?.chargeID, check?.id],
    );
    await db.query('UPDATE charges SET balance_cents = balance_cents - 4000 WHERE charge_id = $1', [line?.chargeID]);
    await db.query('UPDATE claims SET balance_cents = balance_cents - 4000 WHERE claim_id = $1', [claimID]);
    return Number(check?.id);
  }

  beforeAll(async () => {
    world = await batchWorld(engine, 'era-ledger@example.test');
    ours = await postedCheck(world.ours.groupId, Number(world.ours.claimIds[0]), 'TRC-OURS');
    theirs = await postedCheck(world.theirs.groupId, Number(world.theirs.claimIds[0]), 'TRC-THEIRS');
    const [row] = await world.database.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE era_check_id = $1',
      [ours],
    );
    paymentRow = Number(row?.ledgerID);
  });
  afterAll(async () => world?.close());

  const rowsOf = (query: Record<string, unknown>) => world.call('GET', 'Claims/getERACheckLedgerRows', query);

  it('lists what was posted from the check, and the reversal that took a row back', async () => {
    const reversal = await world.call('POST', 'AddEditClaim/reversePaymentLedger', {
      ledgerID: paymentRow,
      postingDate: '2026-11-21',
    });
    expect(reversal.statusCode, reversal.body).toBe(200);
    const reply = await rowsOf({ eraCheckID: ours });
    expect(reply.statusCode, reply.body).toBe(200);
    const { rows } = reply.json<EraCheckLedgerReply>();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      ledgerID: paymentRow,
      entryType: 'insurance_payment',
      amount: -4000,
      claimID: Number(world.ours.claimIds[0]),
      reversesLedgerID: null,
    });
    expect(rows[0]?.reversedByLedgerID).toBe(rows[1]?.ledgerID);
    expect(rows[1]).toMatchObject({ entryType: 'reversal', amount: 4000, reversesLedgerID: paymentRow });
  });

  it("answers Not Found for another group's check, and 400 for bad input", async () => {
    expect((await rowsOf({ eraCheckID: theirs })).statusCode).toBe(404);
    for (const query of [{}, { eraCheckID: 'x' }, { eraCheckID: ours, extra: 1 }]) {
      const reply = await rowsOf(query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });
});
