import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { CptFeeReply } from '../../../contract/claimEdit.ts';
import type { FeeScheduleDataReply, FeeScheduleReply } from '../../../contract/feeSchedules.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('fee schedules: read, save with their items, retire, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Fees', 'Yonder'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const save = (payload: object, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/addUpdateFeeSchedule',
      headers: bearer(session),
      payload,
    });
  const remove = (feeScheduleID: number, session = biller) =>
    test.app.inject({
      method: 'DELETE',
      url: '/api/AddEditClaim/deleteFeeSchedule',
      headers: bearer(session),
      payload: { feeScheduleID },
    });
  const read = (query: Record<string, string> = {}, session = biller) =>
    test.app.inject({ method: 'GET', url: '/api/Claims/getFeeScheduleData', headers: bearer(session), query });
  const fee = async (claimID: number, cptCode: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/getCPTFee',
        headers: bearer(biller),
        query: { claimID: String(claimID), cptCode },
      })
    ).json<CptFeeReply>();
  const schedules = async () =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM fee_schedules'))[0]?.n;
  const practice = () => data.group.practiceId;

  it('creates a standard and a payer schedule, lists them with item counts and items; getCPTFee prices from the payer’s, then from the updated fee', async () => {
    const standard = await save({
      practiceID: practice(),
      name: 'Standard 2026',
      effectiveFrom: '2026-01-01',
      items: [
        { cptCode: '99213', amountCents: 12000 },
        { cptCode: '36415', amountCents: 1500 },
      ],
    });
    expect(standard.statusCode, standard.body).toBe(200);
    const standardID = standard.json<FeeScheduleReply>().feeScheduleID;
    const payer = await save({
      practiceID: practice(),
      insuranceID: data.group.insuranceId,
      name: 'Payer 2026',
      effectiveFrom: '2026-01-01',
      items: [{ cptCode: '99213', amountCents: 11000 }],
    });
    expect(payer.statusCode, payer.body).toBe(200);
    const payerID = payer.json<FeeScheduleReply>().feeScheduleID;

    const listed = (
      await read({ practiceID: String(practice()), feeScheduleID: String(standardID) })
    ).json<FeeScheduleDataReply>();
    expect(listed.feeSchedules.map((row) => [row.feeScheduleID, row.itemCount, row.insuranceID])).toEqual([
      [standardID, 2, null],
      [payerID, 1, data.group.insuranceId],
    ]);
    expect(listed.items).toEqual([
      { cptCode: '36415', modifier: '', amountCents: 1500 },
      { cptCode: '99213', modifier: '', amountCents: 12000 },
    ]);

    const { claimID } = await data.insertClaim({ dos: '2026-02-02', lines: [{ code: '99213' }] });
    expect(await fee(claimID, '99213')).toEqual({ feeCents: 11000, feeScheduleID: payerID, source: 'payer' });
    const updated = await save({
      feeScheduleID: payerID,
      practiceID: practice(),
      insuranceID: data.group.insuranceId,
      name: 'Payer 2026',
      effectiveFrom: '2026-01-01',
      items: [
        { cptCode: '99213', amountCents: 11800 },
        { cptCode: '99213', modifier: '25', amountCents: 12500 },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await fee(claimID, '99213')).toEqual({ feeCents: 11800, feeScheduleID: payerID, source: 'payer' });
    expect(await fee(claimID, '36415')).toEqual({ feeCents: 1500, feeScheduleID: standardID, source: 'standard' });

    // Retired: listed no more, and getCPTFee falls back to the practice's standard fee.
    expect((await remove(payerID, outsider)).statusCode).toBe(404);
    const retired = await remove(payerID);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(await fee(claimID, '99213')).toEqual({ feeCents: 12000, feeScheduleID: standardID, source: 'standard' });
    expect((await read()).json<FeeScheduleDataReply>().feeSchedules.map((row) => row.feeScheduleID)).toEqual([
      standardID,
    ]);
    const [kept] = await database.db.query<{ active: boolean; items: number }>(
      'SELECT active, (SELECT count(*)::int FROM fee_schedule_items WHERE fee_schedule_id = $1) AS items FROM fee_schedules WHERE fee_schedule_id = $1',
      [payerID],
    );
    expect(kept).toEqual({ active: false, items: 2 });
    expect((await remove(payerID)).statusCode).toBe(404);
    const [audits] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'feeSchedules.%'",
    );
    expect(audits?.n).toBe(4);
  });

  it('refuses an overlapping active schedule of the same practice and payer, naming it, and a bad code, a negative or fractional amount, a repeated code; saves nothing', async () => {
    const before = await schedules();
    const overlap = await save({
      practiceID: practice(),
      name: 'Standard mid-year',
      effectiveFrom: '2026-06-01',
      effectiveTo: '2026-12-31',
      items: [],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<{ message: string }>().message).toMatch(
      /^Fee schedule \d+ \(Standard 2026, 2026-01-01 to open\) already covers these dates/,
    );
    const base = { practiceID: practice(), name: 'Earlier', effectiveFrom: '2024-01-01', effectiveTo: '2024-12-31' };
    expect(
      (await save({ ...base, items: [{ cptCode: '9921', amountCents: 100 }] })).json<{ message: string }>().message,
    ).toMatch(/CPT code/);
    expect((await save({ ...base, items: [{ cptCode: '99213', amountCents: -1 }] })).statusCode).toBe(400);
    expect((await save({ ...base, items: [{ cptCode: '99213', amountCents: 10.5 }] })).statusCode).toBe(400);
    expect(
      (
        await save({
          ...base,
          items: [
            { cptCode: '99213', amountCents: 1 },
            { cptCode: '99213', amountCents: 2 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await save({ ...base, effectiveTo: '2023-01-01', items: [] })).statusCode).toBe(400);
    expect(await schedules()).toBe(before);
    // A range that ends before the open one starts does not overlap.
    expect((await save({ ...base, items: [{ cptCode: '99213', amountCents: 9000 }] })).statusCode).toBe(200);
  });

  it('keeps another data role out: its practice is 404 and its read lists none of these', async () => {
    const before = await schedules();
    expect(
      (await save({ practiceID: practice(), name: 'Theirs', effectiveFrom: '2030-01-01', items: [] }, outsider))
        .statusCode,
    ).toBe(404);
    expect((await read({}, outsider)).json<FeeScheduleDataReply>().feeSchedules).toEqual([]);
    expect(
      (await read({ practiceID: String(practice()) }, outsider)).json<FeeScheduleDataReply>().feeSchedules,
    ).toEqual([]);
    expect(await schedules()).toBe(before);
  });
});
