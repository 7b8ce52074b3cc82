import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { EligibilityCheckReply, EligibilityResponseReply } from '../../contract/eligibility.ts';
import { read271 } from '../edi/eligibility/read271.ts';
import { SIM_AMOUNTS, SIM_PLAN, metCents } from '../payerSim/answer.ts';
import { startPayerSim, type PayerSim } from '../payerSim/server.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('eligibility checks against the payer simulator, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let sim: PayerSim;
  let group: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;
  const coverage: Record<string, number> = {};
  const patient: Record<string, number> = {};
  const saved = { ELIGIBILITY_URL: process.env.ELIGIBILITY_URL, PAYER_SIM_URL: process.env.PAYER_SIM_URL };

  async function addPatient(key: string, birthDate: string, memberID: string, dependent = false): Promise<void> {
    const [row] = await database.db.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, $3, 'ADA', 'OKAFOR', $4, 'F', '2 Oak St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
      [group.groupId, group.practiceId, `EL-${key}`, birthDate],
    );
    patient[key] = Number(row!.id);
    const [insured] = await database.db.query<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, subscriber_relation,
         subscriber_first_name, subscriber_last_name, subscriber_date_of_birth, subscriber_sex, effective_from)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, '2026-01-01') RETURNING patient_insurance_id AS id`,
      dependent
        ? [patient[key], group.insuranceId, memberID, '19', 'GRACE', 'OKAFOR', '1961-07-14', 'F']
        : [patient[key], group.insuranceId, memberID, '18', null, null, null, null],
    );
    coverage[key] = Number(insured!.id);
  }

  beforeAll(async () => {
    sim = await startPayerSim({ port: 0 });
    delete process.env.ELIGIBILITY_URL;
    process.env.PAYER_SIM_URL = sim.url;
    database = await engine.create();
    group = await createTestGroup(database.db, 'Eligibility', { claims: 1 });
    const other = await createTestGroup(database.db, 'Elsewhere', { claims: 0 });
    await createTestUser(database.db, 'eligibility@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'elsewhere-elig@example.test', { groupIds: [other.groupId] });
    await addPatient('active', '1980-02-03', 'W1234567');
    await addPatient('inactive', '1980-02-03', 'W1234568');
    await addPatient('missing', '1980-02-03', 'W1234569');
    await addPatient('oldBirth', '1899-05-05', 'W1234560');
    await addPatient('child', '2015-11-30', 'W7654321', true);
    await addPatient('none', '1980-02-03', 'W1111111');
    await database.db.query('UPDATE patient_insurances SET active = false WHERE patient_insurance_id = $1', [
      coverage.none,
    ]);
    await database.db.query('UPDATE claims SET patient_id = $1, patient_insurance_id = $2 WHERE claim_id = $3', [
      patient.active,
      coverage.active,
      group.claimIds[0],
    ]);
    test = await createTestApp(database.db);
    biller = await signIn(test, 'eligibility@example.test');
    outsider = await signIn(test, 'elsewhere-elig@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
    await sim.close();
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });

  const get = (path: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });
  const check = async (key: string, dateOfService = '2026-03-02') => {
    const response = await get('Patient/getEligibilityData', { patientID: String(patient[key]), dateOfService });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EligibilityCheckReply>();
  };

  it('an active insurance comes back with its co-pay, what remains of the deductible and out-of-pocket, and the plan year', async () => {
    const reply = await check('active');
    const met = metCents('W1234567');
    expect(reply).toMatchObject({
      patientID: patient.active,
      patientInsuranceID: coverage.active,
      memberID: 'W1234567',
      dateOfService: '2026-03-02',
      outcome: 'active',
      summary: {
        active: true,
        planDescription: SIM_PLAN,
        officeVisitCopayCents: SIM_AMOUNTS.copayIn,
        deductibleRemainingCents: SIM_AMOUNTS.deductibleIn - met,
        outOfPocketRemainingCents: SIM_AMOUNTS.outOfPocketIn - met,
        coinsurancePercent: SIM_AMOUNTS.coinsuranceIn,
        planBegins: '2026-01-01',
        planEnds: '2026-12-31',
        rejections: [],
      },
    });
    const [row] = await database.db.query<{ outcome: string; inquiry: string; reply: string; askedBy: number }>(
      `SELECT outcome, inquiry_270 AS inquiry, reply_271 AS reply, asked_by AS "askedBy" FROM eligibility_inquiries WHERE inquiry_id = $1`,
      [reply.inquiryID],
    );
    expect(row?.outcome).toBe('active');
    expect(row?.inquiry).toMatch(/^ISA\*/);
    expect(row?.inquiry).toContain('NM1*1P*2*');
    expect(row?.inquiry).toContain('*XX*1234567893~');
    expect(row?.inquiry).toContain('NM1*IL*1*OKAFOR*ADA****MI*W1234567~');
    expect(read271(row?.reply ?? '').problems).toEqual([]);
    expect(Number(row?.askedBy)).toBe(biller.userID);
    const [audit] = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'eligibility.check' AND record_id = $1`,
      [String(coverage.active)],
    );
    expect(audit?.n).toBe(1);
  });

  it('a member the payer does not know is rejected as not found (75)', async () => {
    const reply = await check('missing');
    expect(reply.outcome).toBe('rejected');
    expect(reply.summary.active).toBeNull();
    expect(reply.summary.rejections.map((aaa) => aaa.reason.code)).toEqual(['75']);
    expect(reply.message).toBe(
      'The payer rejected the eligibility check: Subscriber/insured not found (please correct and resubmit).',
    );
  });

  it('an insurance no longer in force comes back inactive', async () => {
    const reply = await check('inactive');
    expect(reply).toMatchObject({ outcome: 'inactive', summary: { active: false, rejections: [] } });
  });

  it('a birth date the payer does not hold is rejected (71)', async () => {
    const reply = await check('oldBirth');
    expect(reply.outcome).toBe('rejected');
    expect(reply.summary.rejections.map((aaa) => [aaa.loop, aaa.reason.code])).toEqual([['2100C', '71']]);
  });

  it('a child on a parent’s insurance is asked and answered as the dependent', async () => {
    const reply = await check('child');
    expect(reply.outcome).toBe('active');
    const [row] = await database.db.query<{ inquiry: string }>(
      'SELECT inquiry_270 AS inquiry FROM eligibility_inquiries WHERE inquiry_id = $1',
      [reply.inquiryID],
    );
    expect(row?.inquiry).toContain('NM1*IL*1*OKAFOR*GRACE****MI*W7654321~');
    expect(row?.inquiry).toContain('NM1*03*1*OKAFOR*ADA~');
  });

  it('the kept reply is read again from its 271 with every benefit, by its id or as the newest of the insurance', async () => {
    const first = await check('active', '2026-04-01');
    const byID = await get('Patient/getEligibilityResponse', { inquiryID: String(first.inquiryID) });
    expect(byID.statusCode).toBe(200);
    const reply = byID.json<EligibilityResponseReply>();
    expect(reply).toMatchObject({
      inquiryID: first.inquiryID,
      outcome: 'active',
      summary: first.summary,
      problems: [],
    });
    expect(reply.benefits.map((line) => [line.benefit.code, line.inNetwork.code, line.timePeriod.code])).toEqual([
      ['1', '', ''],
      ['B', 'Y', '27'],
      ['B', 'N', '27'],
      ['C', 'Y', '23'],
      ['C', 'Y', '29'],
      ['C', 'N', '23'],
      ['C', 'N', '29'],
      ['G', 'Y', '23'],
      ['G', 'Y', '29'],
      ['G', 'N', '23'],
      ['G', 'N', '29'],
      ['A', 'Y', ''],
      ['A', 'N', ''],
    ]);
    expect(reply.reply271).toMatch(/^ISA\*/);
    const newest = await get('Patient/getEligibilityResponse', { patientInsuranceID: String(coverage.active) });
    expect(newest.json<EligibilityResponseReply>().inquiryID).toBe(first.inquiryID);
  });

  it('a claim’s eligibility is its insurance’s on its day of service, asked once and then kept', async () => {
    const count = async () =>
      (
        await database.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM eligibility_inquiries WHERE patient_insurance_id = $1',
          [coverage.active],
        )
      )[0]?.n ?? 0;
    const before = await count();
    const first = await get('Claims/viewPatientEligibilityResponse', { claimID: String(group.claimIds[0]) });
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json<EligibilityResponseReply>();
    expect(reply).toMatchObject({
      patientInsuranceID: coverage.active,
      dateOfService: '2026-01-02',
      outcome: 'active',
    });
    expect(await count()).toBe(before + 1);
    const again = await get('Claims/viewPatientEligibilityResponse', { claimID: String(group.claimIds[0]) });
    expect(again.json<EligibilityResponseReply>().inquiryID).toBe(reply.inquiryID);
    expect(await count()).toBe(before + 1);
  });

  it('a patient, check or claim outside the data role is not found, and nothing is asked', async () => {
    const before = await database.db.query('SELECT inquiry_id FROM eligibility_inquiries');
    expect((await get('Patient/getEligibilityData', { patientID: String(patient.active) }, outsider)).statusCode).toBe(
      404,
    );
    const [kept] = await database.db.query<{ id: number }>(
      'SELECT inquiry_id AS id FROM eligibility_inquiries LIMIT 1',
    );
    expect((await get('Patient/getEligibilityResponse', { inquiryID: String(kept?.id) }, outsider)).statusCode).toBe(
      404,
    );
    expect(
      (await get('Claims/viewPatientEligibilityResponse', { claimID: String(group.claimIds[0]) }, outsider)).statusCode,
    ).toBe(404);
    expect(await database.db.query('SELECT inquiry_id FROM eligibility_inquiries')).toHaveLength(before.length);
  });

  it('bad input is refused with a 400 that says why, and nothing is asked', async () => {
    const before = await database.db.query('SELECT inquiry_id FROM eligibility_inquiries');
    const queries: Record<string, string>[] = [
      {},
      { patientID: 'abc' },
      { patientID: String(patient.active), dateOfService: '2026-02-30' },
    ];
    for (const query of queries) {
      const response = await get('Patient/getEligibilityData', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await get('Patient/getEligibilityResponse', {})).statusCode).toBe(400);
    const none = await get('Patient/getEligibilityData', { patientID: String(patient.none) });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('The patient has no active insurance to check');
    expect(await database.db.query('SELECT inquiry_id FROM eligibility_inquiries')).toHaveLength(before.length);
  });

  it('a payer that cannot be reached is kept as an error and said so', async () => {
    process.env.PAYER_SIM_URL = 'http://127.0.0.1:1/';
    try {
      const reply = await check('active');
      expect(reply.outcome).toBe('error');
      expect(reply.message).toBe(
        'The payer simulator could not be reached for the eligibility check; try again later.',
      );
    } finally {
      process.env.PAYER_SIM_URL = sim.url;
    }
  });
});
