import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  CptFeeReply,
  EditClaimReply,
  ProvidersReply,
  RemoveDiagnosisReply,
  SaveChargeReply,
  SaveClaimReply,
} from '../../../contract/claimEdit.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import type { TestGroup } from '../../test/fixtures.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('editing a claim: its fields, diagnoses, a new line and its fee, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;
  let otherGroupProvider = 0;

  beforeAll(async () => {
    let elsewhere: TestGroup;
    ({ database, test, data, biller, outsider, elsewhere } = await openClaimTestWorld(engine, 'Editing', 'Elsewhere'));
    otherGroupProvider = elsewhere.providerId;
    // A standard schedule and the payer's own, which wins; a modifier-specific fee for 99213-25.
    const [standard] = await database.db.query<{ id: number }>(
      `INSERT INTO fee_schedules (practice_id, name, effective_from) VALUES ($1, 'Standard', DATE '2025-01-01') RETURNING fee_schedule_id AS id`,
      [data.group.practiceId],
    );
    const [payer] = await database.db.query<{ id: number }>(
      `INSERT INTO fee_schedules (practice_id, insurance_id, name, effective_from) VALUES ($1, $2, 'Aetna', DATE '2025-01-01') RETURNING fee_schedule_id AS id`,
      [data.group.practiceId, data.group.insuranceId],
    );
    await database.db.query(
      `INSERT INTO fee_schedule_items (fee_schedule_id, cpt_code, modifier, amount_cents) VALUES
         ($1, '99213', '', 12000), ($1, '36415', '', 1500), ($2, '99213', '', 11000), ($2, '99213', '25', 11500)`,
      [standard!.id, payer!.id],
    );
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const post = (name: string, payload: object, session = biller) =>
    test.app.inject({ method: 'POST', url: `/api/AddEditClaim/${name}`, headers: bearer(session), payload });
  const get = (name: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url: `/api/AddEditClaim/${name}`, headers: bearer(session), query });
  const claimRow = async (claimID: number) =>
    (
      await database.db.query<{ total: number; balance: number; scrub: number }>(
        'SELECT total_charge_cents AS total, balance_cents AS balance, scrub_status_id AS scrub FROM claims WHERE claim_id = $1',
        [claimID],
      )
    )[0];
  const events = async (claimID: number) =>
    (
      await database.db.query<{ action: string }>(
        'SELECT action FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
        [claimID],
      )
    ).map((row) => row.action);

  it('prices a code from the payer’s schedule before the practice’s, and a modifier’s own fee first', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const fee = async (query: Record<string, string>) =>
      (await get('getCPTFee', { claimID: String(claimID), ...query })).json<CptFeeReply>();
    expect(await fee({ cptCode: '99213' })).toMatchObject({ feeCents: 11000, source: 'payer' });
    expect(await fee({ cptCode: '99213', modifierCode: '25' })).toMatchObject({ feeCents: 11500, source: 'payer' });
    expect(await fee({ cptCode: '36415' })).toMatchObject({ feeCents: 1500, source: 'standard' });
    expect(await fee({ cptCode: '99999' })).toEqual({ feeCents: null, feeScheduleID: null, source: null });
    expect((await get('getCPTFee', { claimID: String(claimID), cptCode: '99213' }, outsider)).statusCode).toBe(404);
  });

  it('adds a line priced from the schedule, books its charge in the ledger and sends the claim back to scrubbing', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213', cents: 11000 }] });
    await test.app.inject({
      method: 'POST',
      url: '/api/Claims/claimScrubing',
      headers: bearer(biller),
      payload: { claimID },
    });
    expect((await claimRow(claimID))?.scrub).toBe(SCRUB_STATUS.passed);
    const reply = await post('saveCharge', { claimID, cptCode: '36415', units: 2, diagnosisPointers: [1] });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json<SaveChargeReply>();
    expect(saved).toMatchObject({ claimID, lineNumber: 2, chargeCents: 3000 });
    expect(await claimRow(claimID)).toEqual({ total: 14000, balance: 14000, scrub: SCRUB_STATUS.notScrubbed });
    const [ledger] = await database.db.query<{ amount: number; type: string }>(
      'SELECT amount_cents AS amount, entry_type AS type FROM ledger_entries WHERE charge_id = $1',
      [saved.chargeID],
    );
    expect(ledger).toEqual({ amount: 3000, type: 'charge' });
    const [line] = await database.db.query<{ lcn: string; balance: number }>(
      'SELECT line_control_number AS lcn, balance_cents AS balance FROM charges WHERE charge_id = $1',
      [saved.chargeID],
    );
    expect(line).toEqual({ lcn: `L${String(saved.chargeID).padStart(10, '0')}`, balance: 3000 });
    expect(await events(claimID)).toEqual(['scrubbed', 'charge added']);
  });

  it('refuses a line with a pointer past the diagnoses, a code no schedule prices without an amount, and any line on a sent claim', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const before = await claimRow(claimID);
    const past = await post('saveCharge', { claimID, cptCode: '36415', diagnosisPointers: [3] });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ message: string }>().message).toBe("Diagnosis pointer 3 points past the claim's 2 diagnoses.");
    const unpriced = await post('saveCharge', { claimID, cptCode: '99999', diagnosisPointers: [1] });
    expect(unpriced.json<{ message: string }>().message).toMatch(
      /No fee schedule of the practice prices 99999.*type the amount/,
    );
    expect(
      (await post('saveCharge', { claimID, cptCode: '99999', diagnosisPointers: [1], chargeCents: 4200 })).statusCode,
    ).toBe(200);
    await database.db.query('UPDATE claims SET submit_status_id = 2 WHERE claim_id = $1', [claimID]);
    const sent = await post('saveCharge', { claimID, cptCode: '36415', diagnosisPointers: [1] });
    expect(sent.statusCode).toBe(400);
    expect(sent.json<{ message: string }>().message).toMatch(/has been submitted/);
    expect((await claimRow(claimID))?.total).toBe((before?.total ?? 0) + 4200);
  });

  it('edits the claim’s fields and replaces its diagnoses in order; refuses another group’s provider and a bad date range, changing nothing', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const reply = await post('editClaim', {
      claimID,
      icds: ['i10', 'E11.9'],
      priorAuthorizationNumber: 'PA123',
      frequencyCode: '7',
      originalClaimNumber: 'X1',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<EditClaimReply>().changed).toEqual([
      'priorAuthorizationNumber',
      'frequencyCode',
      'originalClaimNumber',
      'icds',
    ]);
    const codes = await database.db.query<{ code: string }>(
      'SELECT icd_code AS code FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
      [claimID],
    );
    expect(codes.map((row) => row.code)).toEqual(['I10', 'E119']);

    const foreign = await post('editClaim', {
      claimID,
      providerID: otherGroupProvider,
      priorAuthorizationNumber: 'PA999',
    });
    expect(foreign.statusCode).toBe(400);
    const backwards = await post('editClaim', { claimID, dosFrom: '2026-02-10', dosTo: '2026-02-01' });
    expect(backwards.json<{ message: string }>().message).toBe('The last date of service is before the first.');
    const [row] = await database.db.query<{ auth: string }>(
      'SELECT prior_authorization_number AS auth FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(row?.auth).toBe('PA123');
    expect((await post('editClaim', { claimID })).json<{ message: string }>().message).toMatch(/Nothing to change/);
    expect((await post('editClaim', { claimID, referralNumber: 'R1' }, outsider)).statusCode).toBe(404);
    expect(await events(claimID)).toEqual(['claim edited']);
  });

  it('removes a diagnosis from the claim and its lines, moving the later pointers up (reply id 1), and refuses with id 2', async () => {
    const { claimID } = await data.insertClaim({
      lines: [
        { code: '99213', pointers: [1, 2] },
        { code: '36415', pointers: [2] },
      ],
      diagnoses: ['E119', 'I10'],
    });
    const onlyPointer = (
      await get('removeDiagnosisFromClaimAndCharge', { claimID: String(claimID), icd: 'I10' })
    ).json<RemoveDiagnosisReply>();
    expect(onlyPointer).toEqual({ id: 2, message: 'Line 2 points only at I10: point it at another diagnosis first.' });
    await database.db.query(
      'UPDATE charges SET diagnosis_pointers = ARRAY[2, 1]::smallint[] WHERE claim_id = $1 AND line_number = 2',
      [claimID],
    );
    const removed = (
      await get('removeDiagnosisFromClaimAndCharge', { claimID: String(claimID), icd: 'E11.9' })
    ).json<RemoveDiagnosisReply>();
    expect(removed.id).toBe(1);
    const pointers = await database.db.query<{ pointers: number[] }>(
      'SELECT diagnosis_pointers::int[] AS pointers FROM charges WHERE claim_id = $1 ORDER BY line_number',
      [claimID],
    );
    expect(pointers.map((row) => row.pointers)).toEqual([[1], [1]]);
    const codes = await database.db.query<{ code: string; sequence: number }>(
      'SELECT icd_code AS code, sequence FROM claim_diagnoses WHERE claim_id = $1',
      [claimID],
    );
    expect(codes).toEqual([{ code: 'I10', sequence: 1 }]);
    expect(
      (
        await get('removeDiagnosisFromClaimAndCharge', { claimID: String(claimID), icd: 'I10' })
      ).json<RemoveDiagnosisReply>(),
    ).toEqual({ id: 2, message: "I10 is the claim's only diagnosis: add another before removing it." });
    expect(
      (
        await get('removeDiagnosisFromClaimAndCharge', { claimID: String(claimID), icd: 'Z00' })
      ).json<RemoveDiagnosisReply>().id,
    ).toBe(2);
    expect(
      (await get('removeDiagnosisFromClaimAndCharge', { claimID: String(claimID), icd: 'I10' }, outsider)).statusCode,
    ).toBe(404);
  });

  it('creates a draft claim on the patient’s primary coverage, which takes lines and scrubs clean', async () => {
    const reply = await post('saveClaim', {
      patientID: data.group.patientId,
      providerID: data.group.providerId,
      posCode: '11',
      dosFrom: '2026-02-20',
      icds: ['E11.9'],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { claimID } = reply.json<SaveClaimReply>();
    const [claim] = await database.db.query<{ status: number; coverage: number; insurance: number; total: number }>(
      'SELECT claim_status_id AS status, patient_insurance_id AS coverage, insurance_id AS insurance, total_charge_cents AS total FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(claim).toEqual({
      status: CLAIM_STATUS.draft,
      coverage: data.coverageID,
      insurance: data.group.insuranceId,
      total: 0,
    });
    expect((await post('saveCharge', { claimID, cptCode: '99213', diagnosisPointers: [1] })).statusCode).toBe(200);
    const scrub = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/claimScrubing',
      headers: bearer(biller),
      payload: { claimID },
    });
    expect(scrub.json<{ summary: { errors: number } }>().summary.errors).toBe(0);
    expect(await events(claimID)).toEqual(['created', 'charge added', 'scrubbed']);
  });

  it('refuses another group’s provider, a patient outside the data role, and dates that run backwards, creating nothing', async () => {
    const count = async () => (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims'))[0]?.n;
    const before = await count();
    const base = {
      patientID: data.group.patientId,
      providerID: data.group.providerId,
      posCode: '11',
      dosFrom: '2026-02-20',
      icds: ['E119'],
    };
    expect(
      (await post('saveClaim', { ...base, providerID: otherGroupProvider })).json<{ message: string }>().message,
    ).toMatch(/not an active provider of the patient's group/);
    expect((await post('saveClaim', { ...base, dosTo: '2026-02-01' })).json<{ message: string }>().message).toBe(
      'The last date of service is before the first.',
    );
    expect((await post('saveClaim', base, outsider)).statusCode).toBe(404);
    expect(await count()).toBe(before);
    const providers = (
      await test.app.inject({ method: 'GET', url: '/api/Repository/getProviders', headers: bearer(biller) })
    ).json<ProvidersReply>().providers;
    expect(providers.map((provider) => provider.providerID)).toContain(data.group.providerId);
    expect(providers.map((provider) => provider.providerID)).not.toContain(otherGroupProvider);
  });
});
