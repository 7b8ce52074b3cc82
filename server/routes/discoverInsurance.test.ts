import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { DiscoverInsuranceReply } from '../../contract/eligibility.ts';
import type { CoveragesReply } from '../../contract/patientCoverage.ts';
import { SIM_AMOUNTS, SIM_PLAN } from '../payerSim/answer.ts';
import { startPayerSim, type PayerSim } from '../payerSim/server.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { TestClock, bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('insurance discovery against the payer simulator, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let sim: PayerSim;
  let group: TestGroup;
  let other: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;
  let patientID: number;
  const payer: Record<string, number> = {};
  const saved = { ELIGIBILITY_URL: process.env.ELIGIBILITY_URL, PAYER_SIM_URL: process.env.PAYER_SIM_URL };

  async function addPayer(key: string, groupId: number | null, payerID: string, extra: Record<string, string> = {}) {
    const [row] = await database.db.query<{ id: number }>(
      `INSERT INTO insurances (group_id, name, payer_id, eligibility_payer_id, insurance_type)
       VALUES ($1, $2, $3, $4, $5) RETURNING insurance_id AS id`,
      [groupId, key, payerID, extra.eligibilityPayerID ?? null, extra.type ?? 'commercial'],
    );
    payer[key] = Number(row!.id);
  }

  beforeAll(async () => {
    sim = await startPayerSim({ port: 0 });
    delete process.env.ELIGIBILITY_URL;
    process.env.PAYER_SIM_URL = sim.url;
    database = await engine.create();
    group = await createTestGroup(database.db, 'Discovery', { claims: 0 });
    other = await createTestGroup(database.db, 'Discovery elsewhere', { claims: 0 });
    await createTestUser(database.db, 'discovery@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'discovery-out@example.test', { groupIds: [other.groupId] });
    // Born on the 14th: the simulator finds her at payers whose eligibility ID ends in 4.
    const [row] = await database.db.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, 'DISC-1', 'RUTH', 'ALVAREZ', '1975-06-14', 'F', '2 Oak St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
      [group.groupId, group.practiceId],
    );
    patientID = Number(row!.id);
    // Her primary is the shared Aetna (60054): never asked again.
    await database.db.query(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, subscriber_relation, effective_from)
       VALUES ($1, $2, 1, 'W1234567', '18', '2026-01-01')`,
      [patientID, group.insuranceId],
    );
    // The second group's fixture adds a second shared Aetna: only one is on the list.
    await database.db.query('UPDATE insurances SET active = false WHERE insurance_id = $1', [other.insuranceId]);
    await addPayer('Lone Star Health', group.groupId, '11114');
    await addPayer('Prairie Care', group.groupId, 'PRC01', { eligibilityPayerID: '33334' });
    await addPayer('Gulf Health', group.groupId, '22225');
    await addPayer('Self pay', group.groupId, '99994', { type: 'self_pay' });
    await addPayer('Elsewhere Health', other.groupId, '44444');
    test = await createTestApp(database.db, new TestClock(Date.UTC(2026, 2, 2, 15, 0, 0)));
    biller = await signIn(test, 'discovery@example.test');
    outsider = await signIn(test, 'discovery-out@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
    await sim.close();
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });

  const discover = (session = biller, groupID = group.groupId) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Insurance/discoverInsurance',
      headers: bearer(session),
      query: { patientID: String(patientID), groupID: String(groupID) },
    });

  it("asks the group's payers without a member ID and returns those that cover the patient, with the member ID found", async () => {
    const response = await discover();
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<DiscoverInsuranceReply>();
    expect(reply.dateOfService).toBe('2026-03-02');
    expect([...reply.asked].sort()).toEqual(['Gulf Health', 'Lone Star Health', 'Prairie Care']);
    expect(reply.found).toEqual([
      {
        insuranceID: payer['Lone Star Health'],
        payerName: 'Lone Star Health',
        payerID: '11114',
        memberID: 'DS197506140',
        planDescription: SIM_PLAN,
        planBegins: '2026-01-01',
        planEnds: '2026-12-31',
        officeVisitCopayCents: SIM_AMOUNTS.copayIn,
        deductibleRemainingCents: SIM_AMOUNTS.deductibleIn - 40 * 1000,
      },
      expect.objectContaining({ insuranceID: payer['Prairie Care'], payerID: '33334', memberID: 'DS197506140' }),
    ]);
    expect(reply.unanswered).toEqual([]);
    const [audit] = await database.db.query<{ detail: { found: number[] } }>(
      "SELECT detail FROM audit_log WHERE action = 'eligibility.discover' ORDER BY audit_id DESC LIMIT 1",
    );
    expect(audit?.detail.found).toHaveLength(2);
  });

  it('accepting a result adds it through the add-insurance call, and it is not asked again', async () => {
    const found = (await discover()).json<DiscoverInsuranceReply>().found[0]!;
    const added = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/AddPatientInsurance',
      headers: bearer(biller),
      payload: {
        patientID,
        insuranceID: found.insuranceID,
        priority: 2,
        subscriberID: found.memberID,
        relationship: '18',
        effectiveFrom: found.planBegins,
        effectiveTo: found.planEnds,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const coverages = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Patient/getPatientBasedInsurancesData',
        headers: bearer(biller),
        query: { patientID: String(patientID) },
      })
    ).json<CoveragesReply>().coverages;
    expect(coverages.map((coverage) => [coverage.payerName, coverage.subscriberID, coverage.priority])).toContainEqual([
      'Lone Star Health',
      'DS197506140',
      2,
    ]);
    const again = (await discover()).json<DiscoverInsuranceReply>();
    expect(again.asked).not.toContain('Lone Star Health');
    expect(again.found.map((result) => result.payerName)).toEqual(['Prairie Care']);
  });

  it("is limited to the data role: another group's user, or the patient under another group, is not found", async () => {
    expect((await discover(outsider)).statusCode).toBe(404);
    expect((await discover(biller, other.groupId)).statusCode).toBe(404);
    expect((await discover(outsider, other.groupId)).statusCode).toBe(404);
  });

  it('says which payers could not be reached, and asks at most ten payers', async () => {
    for (let n = 0; n < 12; n += 1) await addPayer(`Regional ${String(n).padStart(2, '0')}`, group.groupId, `R${n}00`);
    await sim.close();
    const reply = (await discover()).json<DiscoverInsuranceReply>();
    expect(reply.asked).toHaveLength(10);
    expect(reply.found).toEqual([]);
    expect(reply.unanswered).toHaveLength(10);
    expect(reply.unanswered[0]?.message).toMatch(/could not be reached/);
    sim = await startPayerSim({ port: 0 });
    process.env.PAYER_SIM_URL = sim.url;
  });
});
