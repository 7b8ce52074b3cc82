import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  MedicalCaseDetailReply,
  MedicalCaseMessageReply,
  PatientMedicalCasesReply,
  SaveMedicalCaseReply,
} from '../../../contract/medicalCases.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createScrubTestData, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('medical cases: save, update, delete, link and unlink claims, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;
  let otherPatientClaim = 0;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Cases');
    const other = await createTestGroup(database.db, 'Faraway', { claims: 0 });
    await createTestUser(database.db, 'faraway@example.test', { groupIds: [other.groupId] });
    // A second patient of the same practice: visible, but never linkable to the first one's case.
    const [patient] = await database.db.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, 'CASES-2', 'JOHN', 'DOE', '1970-01-01', 'M', '1 Elm St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
      [data.group.groupId, data.group.practiceId],
    );
    const [claim] = await database.db.query<{ id: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, pos_code, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to)
       VALUES ($1, $2, $3, 'DOE, JOHN', $4, $5, '11', 1, 1, 1, DATE '2026-01-05', DATE '2026-01-05') RETURNING claim_id AS id`,
      [data.group.groupId, data.group.practiceId, patient!.id, data.group.insuranceId, data.group.providerId],
    );
    otherPatientClaim = claim!.id;
    test = await createTestApp(database.db);
    biller = await signIn(test, 'cases@example.test');
    outsider = await signIn(test, 'faraway@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: object, session = biller) =>
    test.app.inject({ method: 'POST', url: `/api/MedicalCase/${name}`, headers: bearer(session), payload });
  const cases = async (session = biller) =>
    test.app.inject({
      method: 'GET',
      url: '/api/MedicalCase/getPatientMedicalCases',
      headers: bearer(session),
      query: { patientID: String(data.group.patientId) },
    });
  const caseOf = async (claimID: number) =>
    (
      await database.db.query<{ id: number | null }>('SELECT medical_case_id AS id FROM claims WHERE claim_id = $1', [
        claimID,
      ])
    )[0]?.id;
  const events = async (claimID: number) =>
    (
      await database.db.query<{ action: string }>(
        'SELECT action FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
        [claimID],
      )
    ).map((row) => row.action);
  const audits = async (action: string) =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]
      ?.n;
  const newCase = async (name: string) => {
    const reply = await post('saveMedicalCase', {
      patientID: data.group.patientId,
      name,
      caseType: 'Accident',
      startDate: '2026-01-01',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<SaveMedicalCaseReply>().pkid;
  };

  it('saves a case with the spec’s message and lists it with its claim count; refuses a bad range and a patient outside the data role', async () => {
    const reply = await post('saveMedicalCase', {
      patientID: data.group.patientId,
      name: 'Car accident',
      caseType: 'Accident',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json<SaveMedicalCaseReply>();
    expect(saved.message).toBe(`Successfully Added Medical Case ${saved.pkid}`);
    const listed = (await cases())
      .json<PatientMedicalCasesReply>()
      .medicalCases.find((row) => row.medicalCaseID === saved.pkid);
    expect(listed).toEqual({
      medicalCaseID: saved.pkid,
      patientID: data.group.patientId,
      name: 'Car accident',
      caseType: 'Accident',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      claimCount: 0,
    });
    expect(await audits('medicalCases.create')).toBe(1);

    const backwards = await post('saveMedicalCase', {
      patientID: data.group.patientId,
      name: 'X',
      caseType: 'Accident',
      startDate: '2026-02-01',
      endDate: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      (
        await post(
          'saveMedicalCase',
          { patientID: data.group.patientId, name: 'X', caseType: 'Accident', startDate: '2026-02-01' },
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    expect((await cases(outsider)).statusCode).toBe(404);
    expect(await audits('medicalCases.create')).toBe(1);
  });

  it('updates a case’s fields; 404 outside the data role, changing nothing', async () => {
    const medicalCaseID = await newCase('Pregnancy 2026');
    const reply = await post('updateMedicalCase', {
      medicalCaseID,
      name: 'Pregnancy',
      caseType: 'Pregnancy',
      startDate: '2026-01-10',
      endDate: null,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<MedicalCaseMessageReply>().message).toBe(`Medical Case ${medicalCaseID} Successfully Updated`);
    expect(
      (
        await post(
          'updateMedicalCase',
          { medicalCaseID, name: 'Stolen', caseType: 'Accident', startDate: '2026-01-10' },
          outsider,
        )
      ).statusCode,
    ).toBe(404);
    const [row] = await database.db.query<{ name: string; type: string; start: string }>(
      'SELECT name, case_type AS type, start_date::text AS start FROM medical_cases WHERE medical_case_id = $1',
      [medicalCaseID],
    );
    expect(row).toEqual({ name: 'Pregnancy', type: 'Pregnancy', start: '2026-01-10' });
  });

  it('links the patient’s claims with a DNA entry each; refuses another patient’s claim and one outside the data role, linking none', async () => {
    const medicalCaseID = await newCase('Therapy');
    const first = (await data.insertClaim({ lines: [{ code: '99213' }] })).claimID;
    const second = (await data.insertClaim({ lines: [{ code: '99213' }] })).claimID;
    const refused = await post('linkMedicalCaseWithClaims', {
      medicalCaseID,
      claimIDS: [first, otherPatientClaim, 999999],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      `Not claims of this case's patient: ${otherPatientClaim}, 999999. Nothing was linked.`,
    );
    expect(await caseOf(first)).toBeNull();

    const reply = await post('linkMedicalCaseWithClaims', { medicalCaseID, claimIDS: [first, second] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<MedicalCaseMessageReply>().message).toBe(
      `2 claims linked to Medical Case ${medicalCaseID} (Therapy).`,
    );
    expect([await caseOf(first), await caseOf(second)]).toEqual([medicalCaseID, medicalCaseID]);
    expect(await events(first)).toEqual(['medical case linked']);
    expect(
      (await cases()).json<PatientMedicalCasesReply>().medicalCases.find((row) => row.medicalCaseID === medicalCaseID)
        ?.claimCount,
    ).toBe(2);
    expect((await post('linkMedicalCaseWithClaims', { medicalCaseID, claimIDS: [first] }, outsider)).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a case with linked claims, naming the count; unlinks a claim with a DNA entry, then deletes', async () => {
    const medicalCaseID = await newCase('Back pain');
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    expect((await post('linkMedicalCaseWithClaims', { medicalCaseID, claimIDS: [claimID] })).statusCode).toBe(200);

    const blocked = await post('deleteMedicalCase', { medicalCaseID });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json<{ message: string }>().message).toBe(
      `Medical Case ${medicalCaseID} has 1 linked claim: unlink it first.`,
    );
    expect((await post('unlinkMedicalCase', { claimID }, outsider)).statusCode).toBe(404);
    expect(await caseOf(claimID)).toBe(medicalCaseID);

    const unlinked = await post('unlinkMedicalCase', { claimID });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json<MedicalCaseMessageReply>().message).toBe(
      `Claim ${claimID} Successfully Unlinked from Medical Case ${medicalCaseID}`,
    );
    expect(await caseOf(claimID)).toBeNull();
    expect(await events(claimID)).toEqual(['medical case linked', 'medical case unlinked']);
    expect((await post('unlinkMedicalCase', { claimID })).json<{ message: string }>().message).toBe(
      `Claim ${claimID} is not linked to a medical case.`,
    );

    expect((await post('deleteMedicalCase', { medicalCaseID }, outsider)).statusCode).toBe(404);
    const deleted = await post('deleteMedicalCase', { medicalCaseID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await cases()).json<PatientMedicalCasesReply>().medicalCases.some((row) => row.medicalCaseID === medicalCaseID),
    ).toBe(false);
    expect(await audits('medicalCases.delete')).toBe(1);
  });

  it('shows the case a claim is linked to with its claims, null for a claim in no case; 404 outside the data role; 400 without exactly one id', async () => {
    const detail = (query: Record<string, string>, session = biller) =>
      test.app.inject({
        method: 'GET',
        url: '/api/MedicalCase/getMedicalCaseDetailByID',
        headers: bearer(session),
        query,
      });
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const none = await detail({ claimID: String(claimID) });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<MedicalCaseDetailReply>()).toEqual({ medicalCase: null });

    const medicalCaseID = await newCase('Knee injury');
    const other = (await data.insertClaim({ lines: [{ code: '99214' }] })).claimID;
    expect((await post('linkMedicalCaseWithClaims', { medicalCaseID, claimIDS: [claimID, other] })).statusCode).toBe(
      200,
    );
    const linked = (await detail({ claimID: String(claimID) })).json<MedicalCaseDetailReply>().medicalCase;
    expect(linked).toMatchObject({
      medicalCaseID,
      name: 'Knee injury',
      caseType: 'Accident',
      startDate: '2026-01-01',
      endDate: null,
      claimCount: 2,
    });
    expect(linked?.claims.map((claim) => claim.claimID).sort((a, b) => a - b)).toEqual(
      [claimID, other].sort((a, b) => a - b),
    );
    const [stored] = await database.db.query<{ total: number; status: string }>(
      'SELECT c.total_charge_cents AS total, s.name AS status FROM claims c JOIN claim_statuses s USING (claim_status_id) WHERE claim_id = $1',
      [claimID],
    );
    expect(linked?.claims.find((claim) => claim.claimID === claimID)).toMatchObject({
      totalCents: Number(stored?.total),
      claimStatus: stored?.status,
    });
    expect(
      (await detail({ medicalCaseID: String(medicalCaseID) })).json<MedicalCaseDetailReply>().medicalCase?.claimCount,
    ).toBe(2);

    expect((await detail({ claimID: String(claimID) }, outsider)).statusCode).toBe(404);
    expect((await detail({ medicalCaseID: String(medicalCaseID) }, outsider)).statusCode).toBe(404);
    expect((await detail({})).statusCode).toBe(400);
    expect((await detail({ claimID: String(claimID), medicalCaseID: String(medicalCaseID) })).statusCode).toBe(400);
  });
});
