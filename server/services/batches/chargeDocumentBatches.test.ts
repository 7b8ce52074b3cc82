import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_CREATED,
  BATCH_DOCUMENT_UPLOADED,
  BATCH_UPDATED,
  type BatchesReply,
  type BatchSavedReply,
  type ChargeBatch,
  type ChargeBatchChargesReply,
  type ChargeBatchDetailReply,
  type ChargeBatchOptionsReply,
  type DocumentBatchDetailReply,
  type NamesReply,
} from '../../../contract/batches.ts';
import { testEngines } from '../../test/engines.ts';
import { batchWorld, PDF, type BatchWorld } from './batchTestKit.ts';

describe.each(testEngines)('charge and document batches on $name', (engine) => {
  let world: BatchWorld;

  beforeAll(async () => {
    world = await batchWorld(engine, 'charges@example.test');
  });
  afterAll(async () => world?.close());

  const message = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;

  it('creates a charge batch with files, shows its claims and lines, and expected against entered', async () => {
    const created = await world.call('POST', 'Batches/addChargeBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'CB-1',
      description: 'Monday superbills',
      total: 70000,
      documents: [PDF],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { pkid, documents } = created.json<BatchSavedReply>();
    expect(message(created)).toBe(BATCH_CREATED);
    expect(documents).toHaveLength(1);
    await world.database.db.query('UPDATE claims SET charge_batch_id = $1 WHERE claim_id = ANY($2::bigint[])', [
      pkid,
      world.ours.claimIds.slice(0, 2),
    ]);
    const batch = (await world.call('GET', 'Batches/getChargeBatchDataByID', { chargeBatchID: pkid })).json<{
      batch: ChargeBatch;
    }>().batch;
    expect(batch).toMatchObject({
      batchNumber: 'CB-1',
      total: 70000,
      entered: 60000,
      difference: 10000,
      claims: 2,
      documents: 1,
      status: 'open',
    });
    const detail = (
      await world.call('GET', 'Batches/getChargeBatchDetailByID', { chargeBatchID: pkid })
    ).json<ChargeBatchDetailReply>();
    expect(detail.claims.map((claim) => claim.claimID)).toEqual(world.ours.claimIds.slice(0, 2));
    expect(detail.documents).toHaveLength(1);
    const lines = (
      await world.call('GET', 'Batches/getChargeBatchDetailChargesByID', { chargeBatchID: pkid })
    ).json<ChargeBatchChargesReply>();
    expect(lines.charges.map((line) => [line.charge, line.paid, line.balance])).toEqual([
      [10000, 0, 10000],
      [20000, 0, 20000],
      [10000, 0, 10000],
      [20000, 0, 20000],
    ]);
  });

  it('updates a charge batch, closes it, and the open-batch picker no longer offers it', async () => {
    const options = async () =>
      (await world.call('GET', 'Repository/getChargeBatches', { searchValue: 'CB' }))
        .json<ChargeBatchOptionsReply>()
        .batches.map((batch) => batch.batchNumber);
    expect(await options()).toEqual(['CB-1']);
    const [row] = await world.database.db.query<{ id: number }>(
      "SELECT charge_batch_id AS id FROM charge_batches WHERE batch_number = 'CB-1'",
    );
    const updated = await world.call('POST', 'Batches/updateChargeBatch', {
      chargeBatchID: row?.id,
      total: 60000,
      status: 'closed',
    });
    expect(message(updated)).toBe(BATCH_UPDATED);
    expect(await options()).toEqual([]);
    const files = await world.call('GET', 'Repository/getChargeBatchDocument', {
      chargeBatchID: row?.id,
      getInactive: 'true',
    });
    expect(files.json<{ documents: unknown[] }>().documents).toHaveLength(1);
  });

  it('refuses a second charge batch number in the group, bad input and batches outside the data role', async () => {
    const again = await world.call('POST', 'Batches/addChargeBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'CB-1',
    });
    expect(again.statusCode).toBe(400);
    expect(message(again)).toBe('Batch number CB-1 is already used in this group; give another number.');
    expect(
      (
        await world.call('POST', 'Batches/addChargeBatchAndDocuments', {
          practiceID: world.ours.practiceId,
          batchNumber: '',
        })
      ).statusCode,
    ).toBe(400);
    expect((await world.call('POST', 'Batches/updateChargeBatch', { chargeBatchID: 1 })).statusCode).toBe(400);
    const [theirs] = await world.database.db.query<{ id: number }>(
      "INSERT INTO charge_batches (group_id, practice_id, batch_number) VALUES ($1, $2, 'CB-THEIRS') RETURNING charge_batch_id AS id",
      [world.theirs.groupId, world.theirs.practiceId],
    );
    expect(
      (await world.call('GET', 'Batches/getChargeBatchDetailByID', { chargeBatchID: theirs?.id })).statusCode,
    ).toBe(404);
    expect(
      (await world.call('POST', 'Batches/updateChargeBatch', { chargeBatchID: theirs?.id, total: 1 })).statusCode,
    ).toBe(404);
  });

  it('creates, updates and reads a document batch with its files, and adds a file to it later', async () => {
    const created = await world.call('POST', 'Batches/addDocumentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'DB-1',
      batchType: 'EOB',
      documents: [PDF, { ...PDF, fileName: 'page2.pdf' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { pkid } = created.json<BatchSavedReply>();
    const upload = await world.call('POST', 'Batches/uploadBatchDocument', {
      batchKind: 'document',
      batchID: pkid,
      document: { ...PDF, fileName: 'late.pdf' },
    });
    expect(message(upload)).toBe(BATCH_DOCUMENT_UPLOADED);
    expect(
      message(
        await world.call('POST', 'Batches/updateDocumentBatch', {
          documentBatchID: pkid,
          batchType: 'Correspondence',
          description: 'Mail 11/20',
        }),
      ),
    ).toBe(BATCH_UPDATED);
    const detail = (
      await world.call('GET', 'Batches/getDocumentBatchDataByID', { documentBatchID: pkid })
    ).json<DocumentBatchDetailReply>();
    expect(detail.batch).toMatchObject({ batchType: 'Correspondence', description: 'Mail 11/20', documents: 3 });
    expect(detail.documents.map((document) => document.fileName)).toEqual(['deposit.pdf', 'page2.pdf', 'late.pdf']);
    expect(
      (
        await world.call('POST', 'Batches/addDocumentBatchAndDocuments', {
          practiceID: world.ours.practiceId,
          batchNumber: 'DB-2',
          batchType: 'Recipes',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await world.call('POST', 'Batches/uploadBatchDocument', {
          batchKind: 'document',
          batchID: pkid,
          document: { ...PDF, contentBase64: '' },
        })
      ).statusCode,
    ).toBe(400);
    const [theirs] = await world.database.db.query<{ id: number }>(
      "INSERT INTO document_batches (group_id, practice_id, batch_number, batch_type) VALUES ($1, $2, 'DB-THEIRS', 'EOB') RETURNING document_batch_id AS id",
      [world.theirs.groupId, world.theirs.practiceId],
    );
    expect(
      (await world.call('GET', 'Batches/getDocumentBatchDataByID', { documentBatchID: theirs?.id })).statusCode,
    ).toBe(404);
    expect(
      (
        await world.call('POST', 'Batches/uploadBatchDocument', {
          batchKind: 'document',
          batchID: theirs?.id,
          document: PDF,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await world.call('POST', 'Batches/updateDocumentBatch', { documentBatchID: theirs?.id, description: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists every batch of the data role, of all kinds, and the pick lists', async () => {
    await world.call('POST', 'Batches/addPaymentBatchAndDocuments', {
      practiceID: world.ours.practiceId,
      batchNumber: 'PB-L',
      paymentSource: 'patient',
      total: 0,
    });
    const all = (await world.call('GET', 'Batches/getBatchesData', {})).json<BatchesReply>();
    expect(all.batches.map((batch) => `${batch.kind}:${batch.batchNumber}`).sort()).toEqual([
      'charge:CB-1',
      'document:DB-1',
      'payment:PB-L',
    ]);
    expect(all.batches.every((batch) => batch.practiceName === 'Batch Ours Practice')).toBe(true);
    expect((await world.call('GET', 'Batches/getBatchesData', { kind: 'charge' })).json<BatchesReply>().count).toBe(1);
    expect(
      (await world.call('GET', 'Repository/GetBatchTypes')).json<NamesReply>().values.map((value) => value.value),
    ).toEqual(['payment', 'charge', 'document']);
    expect((await world.call('GET', 'Batches/getDocumentBatchType')).json<NamesReply>().values).toContainEqual({
      value: 'EOB',
      label: 'EOB',
    });
    expect(
      (await world.call('GET', 'Batches/getBatchStatus')).json<NamesReply>().values.map((value) => value.value),
    ).toEqual(['open', 'closed', 'reconciled']);
  });
});
