import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSavedReply, ChargeBatchListReply } from '../../../contract/batches.ts';
import { testEngines } from '../../test/engines.ts';
import { batchWorld, type BatchWorld } from './batchTestKit.ts';

describe.each(testEngines)('the charge batch list (getBatchChargeProfile) on $name', (engine) => {
  let world: BatchWorld;
  const list = async (input: Record<string, unknown> = {}) => {
    const reply = await world.call('GET', 'Batches/getBatchChargeProfile', input);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ChargeBatchListReply>();
  };

  beforeAll(async () => {
    world = await batchWorld(engine, 'charge-list@example.test');
    const first = (
      await world.call('POST', 'Batches/addChargeBatchAndDocuments', {
        practiceID: world.ours.practiceId,
        batchNumber: 'MON-1',
        description: 'Monday superbills',
        total: 70000,
      })
    ).json<BatchSavedReply>();
    await world.call('POST', 'Batches/addChargeBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'TUE-1',
      total: 0,
    });
    await world.database.db.query('UPDATE claims SET charge_batch_id = $1 WHERE claim_id = ANY($2::bigint[])', [
      first.pkid,
      world.ours.claimIds.slice(0, 2),
    ]);
    // Another group's batch, with a claim of theirs: never listed, never counted.
    const [theirs] = await world.database.db.query<{ id: number }>(
      "INSERT INTO charge_batches (group_id, practice_id, batch_number) VALUES ($1, $2, 'MON-THEIRS') RETURNING charge_batch_id AS id",
      [world.theirs.groupId, world.theirs.practiceId],
    );
    await world.database.db.query('UPDATE claims SET charge_batch_id = $1 WHERE claim_id = $2', [
      theirs?.id,
      world.theirs.claimIds[0],
    ]);
  });
  afterAll(async () => world?.close());

  it("lists the data role's charge batches newest first, with expected against entered", async () => {
    const { count, batches } = await list();
    expect(count).toBe(2);
    expect(
      batches.map((batch) => [batch.batchNumber, batch.total, batch.entered, batch.difference, batch.claims]),
    ).toEqual([
      ['TUE-1', 0, 0, 0, 0],
      ['MON-1', 70000, 60000, 10000, 2],
    ]);
    expect(batches[1]).toMatchObject({
      description: 'Monday superbills',
      status: 'open',
      practiceName: 'Batch Ours Practice',
      assignedUserID: world.userID,
    });
  });

  it('never shows another group’s batch, even searched for by its number', async () => {
    expect((await list({ searchValue: 'MON' })).batches.map((batch) => batch.batchNumber)).toEqual(['MON-1']);
  });

  it('filters by status and pages', async () => {
    const [row] = await world.database.db.query<{ id: number }>(
      "SELECT charge_batch_id AS id FROM charge_batches WHERE batch_number = 'TUE-1'",
    );
    await world.call('POST', 'Batches/updateChargeBatch', { chargeBatchID: row?.id, status: 'closed' });
    expect((await list({ status: 'closed' })).batches.map((batch) => batch.batchNumber)).toEqual(['TUE-1']);
    expect((await list({ status: 'open' })).batches.map((batch) => batch.batchNumber)).toEqual(['MON-1']);
    const second = await list({ pageSize: 1, pageNumber: 2 });
    expect([second.count, second.batches.map((batch) => batch.batchNumber)]).toEqual([2, ['MON-1']]);
  });

  it('answers 400 with the reason on bad input', async () => {
    const reply = await world.call('GET', 'Batches/getBatchChargeProfile', { status: 'reconciled' });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('A charge batch is open or closed.');
    expect((await world.call('GET', 'Batches/getBatchChargeProfile', { pageSize: 501 })).statusCode).toBe(400);
  });
});
