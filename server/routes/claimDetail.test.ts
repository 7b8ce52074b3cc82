import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { ChargesReply, ClaimDetailReply } from '../../contract/claimDetail.ts';
import type { ClaimSearchReply } from '../../contract/claims.ts';
import type { PaymentLedgersReply } from '../../contract/ledger.ts';
import type { PatientInfoReply } from '../../contract/patients.ts';
import type { Db } from '../db/types.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

/**
 * A claim with two lines, two diagnoses and a payer's answer on the ledger:
 *   line 1  99213-25  $150.00  paid $90.00 + patient $10.00, contractual $40.00  -> owes $10.00
 *   line 2  93000     $50.00   denied (CO 50), nothing paid                      -> owes $50.00
 */
async function seedWorkedClaim(db: Db, group: TestGroup, claimID: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO place_of_service (code, name) VALUES ('11', 'Office') ON CONFLICT DO NOTHING`);
    await tx.query(
      `INSERT INTO icd_codes (code, fiscal_year, billable, short_description, long_description) VALUES
         ('E119', 2026, true, 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus without complications'),
         ('E119', 2027, true, 'Text of the next fiscal year', 'Text of the next fiscal year'),
         ('I10', 2026, true, 'Essential (primary) hypertension', 'Essential (primary) hypertension')
       ON CONFLICT DO NOTHING`,
    );
    await tx.query(
      `INSERT INTO adjustment_reason_codes (code, description) VALUES
         ('45', 'Charge exceeds fee schedule/maximum allowable.'), ('50', 'Not deemed a medical necessity.'), ('2', 'Coinsurance Amount')
       ON CONFLICT DO NOTHING`,
    );
    const [insurance] = await tx.query<{ patient_insurance_id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
       VALUES ($1, $2, 1, 'W123456789', '2025-01-01') RETURNING patient_insurance_id`,
      [group.patientId, group.insuranceId],
    );
    await tx.query(
      `UPDATE claims SET patient_insurance_id = $2, pos_code = '11', dos_from = '2026-01-02', dos_to = '2026-01-02',
                         total_charge_cents = 20000, balance_cents = 6000 WHERE claim_id = $1`,
      [claimID, insurance?.patient_insurance_id],
    );
    await tx.query(
      `INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) VALUES ($1, 1, 'E119'), ($1, 2, 'I10')`,
      [claimID],
    );
    const charges = await tx.query<{ charge_id: number }>(
      `INSERT INTO charges (claim_id, line_number, cpt_code, modifier1, units, charge_cents, diagnosis_pointers, dos_from, dos_to, line_control_number, balance_cents)
       VALUES ($1, 1, '99213', '25', 1, 15000, '{1,2}', '2026-01-02', '2026-01-02', $2, 1000),
              ($1, 2, '93000', NULL, 1, 5000, '{2}', '2026-01-02', '2026-01-02', $3, 5000)
       RETURNING charge_id`,
      [claimID, `${claimID}-1`, `${claimID}-2`],
    );
    const [line1, line2] = charges.map((row) => row.charge_id);
    const entries: [number | undefined, string, number, string | null, string | null, string, string | null][] = [
      [line1, 'charge', 15000, null, null, '2026-01-02', null],
      [line2, 'charge', 5000, null, null, '2026-01-02', null],
      [line1, 'insurance_payment', -9000, null, null, '2026-02-01', 'Aetna'],
      [line1, 'contractual_adjustment', -4000, 'CO', '45', '2026-02-01', null],
      [line1, 'patient_responsibility', 0, 'PR', '2', '2026-02-01', 'Patient coinsurance $20.00'],
      [line2, 'denial', 0, 'CO', '50', '2026-02-02', null],
      [line1, 'patient_payment', -1000, null, null, '2026-03-01', null],
    ];
    for (const [chargeID, type, amount, groupCode, reasonCode, postingDate, note] of entries) {
      await tx.query(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          group.groupId,
          group.practiceId,
          group.patientId,
          claimID,
          chargeID,
          type,
          amount,
          groupCode,
          reasonCode,
          postingDate,
          note,
        ],
      );
    }
  });
}

/** A second patient of the same practice with one claim of their own. */
async function addOtherPatientClaim(db: Db, group: TestGroup): Promise<{ patientID: number; claimID: number }> {
  const [patient] = await db.query<{ patient_id: number }>(
    `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
     VALUES ($1, $2, 'OTHER0002', 'OMAR', 'OTHER', '1975-05-06', 'M', '3 Elm St', 'Austin', 'TX', '78701') RETURNING patient_id`,
    [group.groupId, group.practiceId],
  );
  const patientID = patient?.patient_id ?? 0;
  const [claim] = await db.query<{ claim_id: number }>(
    `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to)
     VALUES ($1, $2, $3, 'OTHER, OMAR', $4, $5, 1, 1, 1, '2026-02-01', '2026-02-01') RETURNING claim_id`,
    [group.groupId, group.practiceId, patientID, group.insuranceId, group.providerId],
  );
  return { patientID, claimID: claim?.claim_id ?? 0 };
}

describe.each(testEngines)('claim detail, charges, ledger and patient reads on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let alpha: TestGroup;
  let beta: TestGroup;
  let other: { patientID: number; claimID: number };
  let alphaUser: SessionUser;
  let betaUser: SessionUser;
  let workedClaim: number;

  beforeAll(async () => {
    database = await engine.create();
    alpha = await createTestGroup(database.db, 'Alpha', { claims: 3 });
    beta = await createTestGroup(database.db, 'Beta', { claims: 2 });
    workedClaim = alpha.claimIds[0] ?? 0;
    await seedWorkedClaim(database.db, alpha, workedClaim);
    other = await addOtherPatientClaim(database.db, alpha);
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'beta@example.test', { groupIds: [beta.groupId] });
    test = await createTestApp(database.db);
    alphaUser = await signIn(test, 'alpha@example.test');
    betaUser = await signIn(test, 'beta@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (session: SessionUser, path: string, query: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });

  it("returns the claim's header, diagnoses with the DOS fiscal year's text, and charges with paid, adjusted and balance", async () => {
    const reply = await get(alphaUser, 'Claims/getClaimDetailData', { claimID: String(workedClaim) });
    expect(reply.statusCode).toBe(200);
    const detail = reply.json<ClaimDetailReply>();
    expect(detail.header).toMatchObject({
      claimID: workedClaim,
      patientID: alpha.patientId,
      patientName: 'SMITH, JANE',
      dateOfBirth: '1980-02-03',
      accountNumber: 'ALP0001',
      payerName: 'Aetna',
      subscriberID: 'W123456789',
      providerName: 'Lee, Ann',
      posCode: '11',
      posName: 'Office',
      dosFrom: '2026-01-02',
      totalCharges: 20000,
      paid: 10000,
      adjusted: 4000,
      balance: 6000,
    });
    expect(detail.diagnoses).toEqual([
      { sequence: 1, code: 'E119', description: 'Type 2 diabetes mellitus without complications' },
      { sequence: 2, code: 'I10', description: 'Essential (primary) hypertension' },
    ]);
    expect(
      detail.charges.map(
        ({ lineNumber, cptCode, modifiers, units, charge, diagnosisPointers, paid, adjusted, balance }) => ({
          lineNumber,
          cptCode,
          modifiers,
          units,
          charge,
          diagnosisPointers,
          paid,
          adjusted,
          balance,
        }),
      ),
    ).toEqual([
      {
        lineNumber: 1,
        cptCode: '99213',
        modifiers: ['25'],
        units: 1,
        charge: 15000,
        diagnosisPointers: [1, 2],
        paid: 10000,
        adjusted: 4000,
        balance: 1000,
      },
      {
        lineNumber: 2,
        cptCode: '93000',
        modifiers: [],
        units: 1,
        charge: 5000,
        diagnosisPointers: [2],
        paid: 0,
        adjusted: 0,
        balance: 5000,
      },
    ]);
  });

  it("keeps the claim's balance equal to its charges minus the ledger's credits, and to the sum of its ledger rows", async () => {
    const { header, charges } = (
      await get(alphaUser, 'Claims/getClaimDetailData', { claimID: String(workedClaim) })
    ).json<ClaimDetailReply>();
    const [ledgerSum] = await database.db.query<{ sum: number }>(
      'SELECT sum(amount_cents)::bigint AS sum FROM ledger_entries WHERE claim_id = $1',
      [workedClaim],
    );
    expect(header.balance).toBe(header.totalCharges - header.paid - header.adjusted);
    expect(header.balance).toBe(ledgerSum?.sum);
    expect(header.balance).toBe(charges.reduce((sum, line) => sum + line.balance, 0));
  });

  it('returns the charge lines alone through getChargesData', async () => {
    const reply = await get(alphaUser, 'Claims/getChargesData', { claimID: String(workedClaim) });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ChargesReply>();
    expect(body.claimID).toBe(workedClaim);
    expect(body.charges.map((line) => [line.lineNumber, line.cptCode, line.balance])).toEqual([
      [1, '99213', 1000],
      [2, '93000', 5000],
    ]);
  });

  it("lists the claim's ledger newest first, with the charge line and the CARC text of each reason code", async () => {
    const reply = await get(alphaUser, 'Claims/getPaymentLedgers', { claimID: String(workedClaim) });
    expect(reply.statusCode).toBe(200);
    const { rows } = reply.json<PaymentLedgersReply>();
    expect(rows).toHaveLength(7);
    expect(rows.map((row) => row.postingDate)).toEqual([...rows.map((row) => row.postingDate)].sort().reverse());
    expect(rows[0]).toMatchObject({ entryType: 'patient_payment', amount: -1000, chargeLine: 1, cptCode: '99213' });
    const [carc45] = await database.db.query<{ description: string }>(
      `SELECT description FROM adjustment_reason_codes WHERE code = '45'`,
    );
    expect(rows.find((row) => row.entryType === 'contractual_adjustment')).toMatchObject({
      groupCode: 'CO',
      reasonCode: '45',
      reasonDescription: carc45?.description,
      amount: -4000,
    });
    expect(rows.find((row) => row.entryType === 'denial')).toMatchObject({ chargeLine: 2, reasonCode: '50' });
  });

  it("lists a patient's ledger across their claims, and the patient with insurances and ledger totals", async () => {
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date)
       VALUES ($1, $2, $3, $4, 'charge', 2500, '2026-04-01')`,
      [alpha.groupId, alpha.practiceId, alpha.patientId, alpha.claimIds[1]],
    );
    const ledger = (
      await get(alphaUser, 'Claims/getPaymentLedgers', { patientID: String(alpha.patientId) })
    ).json<PaymentLedgersReply>();
    expect(ledger.rows).toHaveLength(8);
    expect(ledger.rows[0]).toMatchObject({ claimID: alpha.claimIds[1], amount: 2500 });

    const reply = await get(alphaUser, 'Patient/getPatientInfoByID', { patientID: String(alpha.patientId) });
    expect(reply.statusCode).toBe(200);
    const patient = reply.json<PatientInfoReply>();
    expect(patient).toMatchObject({
      patientID: alpha.patientId,
      firstName: 'JANE',
      lastName: 'SMITH',
      dateOfBirth: '1980-02-03',
      accountNumber: 'ALP0001',
    });
    expect(patient.insurances).toEqual([
      expect.objectContaining({ priority: 1, payerName: 'Aetna', subscriberID: 'W123456789' }),
    ]);
    expect(patient.totals).toEqual({ claims: 3, charges: 22500, paid: 10000, adjusted: 4000, balance: 8500 });
  });

  it("filters the claims list to one patient's claims", async () => {
    const list = (
      await get(alphaUser, 'Claims/getAllClaimsSearchData', { patientID: String(other.patientID) })
    ).json<ClaimSearchReply>();
    expect(list.total).toBe(1);
    expect(list.rows.map((row) => row.claimID)).toEqual([other.claimID]);
    const outside = (
      await get(betaUser, 'Claims/getAllClaimsSearchData', { patientID: String(other.patientID) })
    ).json<ClaimSearchReply>();
    expect(outside).toEqual({ total: 0, rows: [] });
  });

  it("answers 404 'Not Found.' for a claim or patient outside the user's data role, as for one that does not exist", async () => {
    const outside = [
      ['Claims/getClaimDetailData', { claimID: String(workedClaim) }],
      ['Claims/getChargesData', { claimID: String(workedClaim) }],
      ['Claims/getPaymentLedgers', { claimID: String(workedClaim) }],
      ['Claims/getPaymentLedgers', { patientID: String(alpha.patientId) }],
      ['Patient/getPatientInfoByID', { patientID: String(alpha.patientId) }],
    ] as const;
    for (const [path, query] of outside) {
      const reply = await get(betaUser, path, query);
      expect(reply.statusCode, path).toBe(404);
      expect(reply.json()).toEqual({ message: 'Not Found.' });
    }
    const missing = await get(alphaUser, 'Claims/getClaimDetailData', { claimID: '999999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 to bad input', async () => {
    const bad = [
      ['Claims/getClaimDetailData', {}],
      ['Claims/getClaimDetailData', { claimID: 'abc' }],
      ['Claims/getChargesData', { claimID: '-4' }],
      ['Claims/getPaymentLedgers', {}],
      ['Claims/getPaymentLedgers', { claimID: String(workedClaim), patientID: String(alpha.patientId) }],
      ['Patient/getPatientInfoByID', { patientID: '1', extra: 'x' }],
    ] as const;
    for (const [path, query] of bad) {
      const reply = await get(alphaUser, path, query);
      expect(reply.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
    }
  });

  it('audits each read with who read which record', async () => {
    await get(alphaUser, 'Claims/getClaimDetailData', { claimID: String(workedClaim) });
    const rows = await database.db.query<{ action: string; record_type: string; record_id: string }>(
      `SELECT a.action, a.record_type, a.record_id FROM audit_log a JOIN users u ON u.user_id = a.user_id
        WHERE u.email = 'alpha@example.test' AND a.action IN ('claims.detail', 'claims.charges', 'ledger.read', 'patients.info')`,
    );
    expect(rows).toContainEqual({ action: 'claims.detail', record_type: 'claim', record_id: String(workedClaim) });
    expect(rows).toContainEqual({ action: 'ledger.read', record_type: 'patient', record_id: String(alpha.patientId) });
    expect(rows).toContainEqual({
      action: 'patients.info',
      record_type: 'patient',
      record_id: String(alpha.patientId),
    });
  });
});
