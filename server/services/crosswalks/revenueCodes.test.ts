import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { RevenueCodesForCptReply, RevenueCodesReply } from '../../../contract/revenueCodes.ts';
import { loadRevenueCodes } from '../../reference/load.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import { revenueCodeForCpt } from './revenueCodes.ts';

describe.each(testEngines)('NUBC revenue codes and the revenue code of a CPT for a coverage, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;
  let otherPayerID: number;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Revenue', 'Faraway'));
    // A database loaded before with the short list gets the whole table and its wording.
    await database.db.query(
      "INSERT INTO revenue_codes (code, description) VALUES ('0110', 'Room & Board - Private (Medical or General)')",
    );
    await loadRevenueCodes(database.db);
    const [other] = await database.db.query<{ id: number }>(
      "INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Cigna', '62308', 'commercial') RETURNING insurance_id AS id",
    );
    otherPayerID = other!.id;
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const get = (path: string, input: Record<string, unknown>, session: SessionUser | null = biller) =>
    test.app.inject({
      method: 'GET',
      url: `/api/MedicalCase/${path}`,
      headers: session ? bearer(session) : {},
      query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
    });
  const practiceID = () => data.group.practiceId;
  const save = async (input: Record<string, unknown>) => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/MedicalCase/addUpdateCptRevenueCrosswalk',
      headers: bearer(biller),
      payload: { practiceID: practiceID(), ...input },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const readAudits = async () =>
    (
      await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'read' AND record_type = 'call' AND record_id = 'MedicalCase/getRevenueCodesForCPT' AND detail->>'patientInsuranceID' = $1`,
        [String(data.coverageID)],
      )
    )[0]?.n ?? 0;

  it('lists the NUBC table, searched by code with or without its leading 0, or by words of the description', async () => {
    const all = (await get('getRevenueCodes', {})).json<RevenueCodesReply>();
    expect(all.length).toBeGreaterThan(500);
    expect(all.map((row) => row.code)).toEqual([...all.map((row) => row.code)].sort());
    expect(all.find((row) => row.code === '0450')?.description).toBe('Emergency Room - General');
    expect(all.find((row) => row.code === '0110')?.description).toBe('Room & Board - Private (One Bed) - General');
    const pharmacy = (await get('getRevenueCodes', { searchValue: '25' })).json<RevenueCodesReply>();
    expect(pharmacy.map((row) => row.code)).toEqual([
      '0250',
      '0251',
      '0252',
      '0253',
      '0254',
      '0255',
      '0256',
      '0257',
      '0258',
      '0259',
    ]);
    const observation = (await get('getRevenueCodes', { searchValue: 'observation' })).json<RevenueCodesReply>();
    expect(observation).toEqual([{ code: '0762', description: 'Specialty Services - Observation Hours' }]);
    // LIKE's wildcards are searched for as they are.
    expect((await get('getRevenueCodes', { searchValue: '_' })).json<RevenueCodesReply>()).toEqual([]);
    expect(
      (await get('getRevenueCodes', { searchValue: '100%' })).json<RevenueCodesReply>().map((row) => row.code),
    ).toEqual(['0824', '0834', '0844', '0854']);
  });

  it("gives a code the payer's own revenue code before the practice-wide one, and the practice-wide one to self-pay", async () => {
    await save({ cptCode: '96372', revenueCode: '0510' });
    await save({ cptCode: '96372', insuranceID: data.group.insuranceId, revenueCode: '0260' });
    await save({ cptCode: '96372', insuranceID: otherPayerID, revenueCode: '0761' });
    const before = await readAudits();
    const forCoverage = await get('getRevenueCodesForCPT', {
      practiceID: practiceID(),
      patientInsuranceID: data.coverageID,
      cptCode: '96372',
    });
    expect(forCoverage.statusCode, forCoverage.body).toBe(200);
    const reply = forCoverage.json<RevenueCodesForCptReply>();
    expect(reply).toMatchObject({
      cptCode: '96372',
      insuranceID: data.group.insuranceId,
      revenueCode: '0260',
      description: 'IV Therapy - General',
    });
    expect(reply.codes.map((row) => [row.revenueCode, row.source])).toEqual([
      ['0260', 'payer'],
      ['0510', 'practice'],
    ]);
    expect(await readAudits()).toBeGreaterThan(before);

    const selfPay = (
      await get('getRevenueCodesForCPT', { practiceID: practiceID(), cptCode: '96372' })
    ).json<RevenueCodesForCptReply>();
    expect([selfPay.insuranceID, selfPay.revenueCode, selfPay.codes.length]).toEqual([null, '0510', 1]);

    const none = (
      await get('getRevenueCodesForCPT', {
        practiceID: practiceID(),
        patientInsuranceID: data.coverageID,
        cptCode: '99213',
      })
    ).json<RevenueCodesForCptReply>();
    expect([none.revenueCode, none.description, none.codes]).toEqual([null, null, []]);

    expect(
      await revenueCodeForCpt(database.db, { practiceID: practiceID(), insuranceID: otherPayerID, cptCode: '96372' }),
    ).toEqual({ revenueCode: '0761', description: 'Specialty Services - Treatment Room', source: 'payer' });
    expect(
      await revenueCodeForCpt(database.db, { practiceID: practiceID(), insuranceID: null, cptCode: ' 96372' }),
    ).toMatchObject({ revenueCode: '0510', source: 'practice' });
    expect(
      await revenueCodeForCpt(database.db, { practiceID: practiceID(), insuranceID: null, cptCode: '99999' }),
    ).toBeNull();
  });

  it('answers 401 without a session and 400 for bad input, and keeps another group out', async () => {
    expect((await get('getRevenueCodes', {}, null)).statusCode).toBe(401);
    expect((await get('getRevenueCodesForCPT', { practiceID: practiceID(), cptCode: '96372' }, null)).statusCode).toBe(
      401,
    );
    const long = await get('getRevenueCodes', { searchValue: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/at most 60 characters/);
    const badCode = await get('getRevenueCodesForCPT', { practiceID: practiceID(), cptCode: '9637' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json<{ message: string }>().message).toMatch(/Enter a CPT code/);
    expect((await get('getRevenueCodesForCPT', { cptCode: '96372' })).statusCode).toBe(400);
    expect(
      (await get('getRevenueCodesForCPT', { practiceID: practiceID(), cptCode: '96372', extra: 1 })).statusCode,
    ).toBe(400);

    expect(
      (await get('getRevenueCodesForCPT', { practiceID: practiceID(), cptCode: '96372' }, outsider)).statusCode,
    ).toBe(404);
    const [faraway] = await database.db.query<{ practiceID: number; coverageID: number }>(
      `SELECT p.practice_id AS "practiceID", pi.patient_insurance_id AS "coverageID"
         FROM practices p JOIN patients pa USING (practice_id) JOIN patient_insurances pi USING (patient_id)
        WHERE p.name = 'Revenue Practice'`,
    );
    expect(faraway?.practiceID).toBe(practiceID());
    // The outsider's own practice with the biller's patient's coverage: the coverage is not theirs.
    const outsiderPractice = await database.db.query<{ id: number }>(
      "SELECT practice_id AS id FROM practices WHERE name = 'Faraway Practice'",
    );
    expect(
      (
        await get(
          'getRevenueCodesForCPT',
          { practiceID: outsiderPractice[0]!.id, patientInsuranceID: data.coverageID, cptCode: '96372' },
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    // The outsider still reads the public code list.
    expect((await get('getRevenueCodes', { searchValue: '0450' }, outsider)).json<RevenueCodesReply>()).toHaveLength(1);
  });
});
