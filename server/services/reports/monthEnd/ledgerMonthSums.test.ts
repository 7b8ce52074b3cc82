/**
 * The sums the monthly summary reads are kept by the posting: a claim moved to another facility
 * takes its figures along (the facility filter follows it, the old facility shows nothing), and on
 * PostgreSQL two postings in the same practice and month, in transactions open at once, do not
 * wait on each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlySummaryReply } from '../../../../contract/monthEnd.ts';
import type { Db } from '../../../db/types.ts';
import { testEngines } from '../../../test/engines.ts';
import { remitWorld, type RemitWorld } from '../../era/remitTestKit.ts';

describe.each(testEngines)('the monthly summary kept by the posting on $name', (engine) => {
  let world: RemitWorld;
  const facilities: number[] = [];

  beforeAll(async () => {
    world = await remitWorld(engine, 'month-sums@example.test');
    for (const name of ['North Clinic', 'South Clinic']) {
      const [row] = await world.db.query<{ id: number }>(
        `INSERT INTO facilities (group_id, practice_id, name, address1, city, state, zip)
         VALUES ($1, $2, $3, '1 Main St', 'Springfield', 'IL', '62701') RETURNING facility_id AS id`,
        [world.group.groupId, world.group.practiceId, name],
      );
      facilities.push(Number(row?.id));
    }
  });
  afterAll(async () => world?.close());

  const januaryCharges = async (facilityID: number): Promise<number | null> => {
    const reply = await world.call('GET', 'Reports/getmonthlySummaryDevelopmemt', {
      groupID: world.group.groupId,
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      facilityIDs: [facilityID],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const group = reply.json<MonthlySummaryReply>().rows.find((row) => row.level === 'group');
    const practice = reply.json<MonthlySummaryReply>().rows.filter((row) => row.level === 'practice');
    return practice.length === 0 ? null : (group?.chargesCents ?? null);
  };

  it("follows a claim moved to another facility with all of its figures, the old facility's gone", async () => {
    const [north, south] = facilities as [number, number];
    const { claimID } = await world.claimWith([12_300, 4_500]);
    await world.db.query('UPDATE claims SET facility_id = $2 WHERE claim_id = $1', [claimID, north]);
    expect(await januaryCharges(north)).toBe(16_800);
    expect(await januaryCharges(south)).toBe(0);

    await world.db.query('UPDATE claims SET facility_id = $2 WHERE claim_id = $1', [claimID, south]);
    expect(await januaryCharges(south)).toBe(16_800);
    expect(await januaryCharges(north)).toBe(0);
  });

  it.runIf(engine.name === 'postgres')(
    'lets two postings in the same practice and month go through while both are open',
    async () => {
      const [first, second] = await Promise.all([world.claimWith([5_000]), world.claimWith([6_000])]);
      const other: Db = await world.database.reopen();
      const writeOff = (claimID: number, day: string) =>
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date)
         SELECT group_id, practice_id, patient_id, claim_id, 'write_off', -100, DATE '${day}' FROM claims WHERE claim_id = ${claimID}`;
      try {
        await world.db.transaction(async (open) => {
          await open.query(writeOff(first.claimID, '2026-03-02'));
          // Would fail with a lock timeout if the second posting queued behind the first's uncommitted sums.
          await other.transaction(async (tx) => {
            await tx.query("SET LOCAL lock_timeout = '2s'");
            await tx.query(writeOff(second.claimID, '2026-03-03'));
          });
        });
      } finally {
        await other.close();
      }
      const reply = await world.call('GET', 'Reports/getmonthlySummaryDevelopmemt', {
        groupID: world.group.groupId,
        fromDate: '2026-03-01',
        toDate: '2026-03-31',
      });
      expect(reply.json<MonthlySummaryReply>().rows.find((row) => row.level === 'group')?.adjustmentsCents).toBe(200);
    },
  );
});
