import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimFinancialReply } from '../../../contract/claimFinancial.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type {
  PatientFinancialDetailsReply,
  PatientFinancialsReply,
  PatientTransactionsReply,
} from '../../../contract/patientFinancials.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';
import { agingBucketOf } from './patientFinancials.ts';

describe.each(testEngines)("a patient's money on $name", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Money', { claims: 3 });
    await giveTwoLines(database.db, group.groupId, { claimStatus: CLAIM_STATUS.submitted, lineControlPrefix: 'PF' });
    const other = await createTestGroup(database.db, 'Afar', { claims: 1 });
    await createTestUser(database.db, 'money@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'afar@example.test', { groupIds: [other.groupId] });
    await database.db.query(
      "INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule.'), ('1', 'Deductible amount.') ON CONFLICT (code) DO NOTHING",
    );
    test = await createTestApp(database.db);
    biller = await signIn(test, 'money@example.test');
    outsider = await signIn(test, 'afar@example.test');
    // Dates of service 10, 45 and 200 days before the test clock's day (2026-11-22).
    const [young, middle, old] = group.claimIds as [number, number, number];
    for (const [claimID, dos] of [
      [young, '2026-11-12'],
      [middle, '2026-10-08'],
      [old, '2026-05-06'],
    ] as const) {
      await database.db.query('UPDATE claims SET dos_from = $2, dos_to = $2 WHERE claim_id = $1', [claimID, dos]);
      await database.db.query('UPDATE charges SET dos_from = $2, dos_to = $2 WHERE claim_id = $1', [claimID, dos]);
    }
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = async <T>(path: string, query: Record<string, string>, session = biller) => {
    const reply = await test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });
    return { status: reply.statusCode, body: reply.json<T>() };
  };
  const post = (path: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(biller), payload });
  const chargesOf = async (claimID: number) =>
    (
      await database.db.query<{ chargeID: number }>(
        'SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 ORDER BY line_number',
        [claimID],
      )
    ).map((row) => Number(row.chargeID));
  const ledgerSum = async () =>
    Number(
      (
        await database.db.query<{ sum: number }>(
          'SELECT coalesce(sum(amount_cents), 0)::bigint AS sum FROM ledger_entries WHERE patient_id = $1',
          [group.patientId],
        )
      )[0]?.sum ?? 0,
    );

  it('ages by days since the date of service, in the buckets billers use', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 120, 121].map(agingBucketOf)).toEqual([
      'days0to30',
      'days0to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'days91to120',
      'days91to120',
      'over120',
    ]);
  });

  it('adds up the ledger after payments, adjustments, a share passed to the patient and a deposit', async () => {
    const [young, middle, old] = group.claimIds as [number, number, number];
    const [youngFirst] = (await chargesOf(young)) as [number];
    const [middleFirst, middleSecond] = (await chargesOf(middle)) as [number, number];
    // The payer pays $60 on the young claim's first line and writes $20 off by contract.
    expect(
      (
        await post('AddEditClaim/saveInsurancePayments', {
          claimID: young,
          reference: 'CHK7001',
          lines: [{ chargeID: youngFirst, paid: 6000, adjustments: [{ group: 'CO', reason: '45', amount: 2000 }] }],
        })
      ).statusCode,
    ).toBe(200);
    // On the middle claim the payer pays $150 and passes $50 to the patient (a deductible).
    expect(
      (
        await post('AddEditClaim/saveInsurancePayments', {
          claimID: middle,
          reference: 'CHK7002',
          lines: [
            { chargeID: middleFirst, paid: 5000, adjustments: [{ group: 'PR', reason: '1', amount: 5000 }] },
            { chargeID: middleSecond, paid: 20000 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // The patient pays $12.34 on the old claim, and leaves a $25 deposit for the next visit.
    expect(
      (
        await post('AddEditClaim/savePatientPayments', {
          patientID: group.patientId,
          method: 'cash',
          claimID: old,
          amount: 1234,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('Patient/savePatientAdvancePayments', {
          patientID: group.patientId,
          amount: 2500,
          method: 'cash',
        })
      ).statusCode,
    ).toBe(200);

    const { status, body } = await get<PatientFinancialsReply>('Patient/getPatientFinancialsByID', {
      patientID: String(group.patientId),
    });
    expect(status).toBe(200);
    expect(body.claims).toBe(3);
    expect(body.totals.balance).toBe(await ledgerSum());
    expect(body.totals.charges).toBe(90_000);
    expect(body.totals.insurancePaid).toBe(6000 + 5000 + 20000);
    expect(body.totals.contractualAdjustments).toBe(2000);
    expect(body.totals.patientPaid).toBe(1234 + 2500);
    expect(body.unappliedCredit).toBe(2500);
    expect(body.insuranceBalance + body.patientBalanceDue - body.unappliedCredit).toBe(body.totals.balance);
    expect(body.patientNet).toBe(body.patientBalanceDue - 2500);
    expect(body.lastPatientPayment).not.toBeNull();
    // Aging: each bucket sums to its balance, and each claim lands by its date of service.
    const sum = (aging: Record<string, number>) => Object.values(aging).reduce((a, b) => a + b, 0);
    expect(sum(body.insuranceAging)).toBe(body.insuranceBalance);
    expect(sum(body.patientAging)).toBe(body.patientBalanceDue);
    expect(body.insuranceAging.days0to30).toBe(30_000 - 6000 - 2000);
    expect(body.patientAging.days31to60).toBe(5000);
    expect(body.insuranceAging.over120).toBe(30_000 - 1234);

    // Claim by claim: each claim's figures are the claim's own financial summary's.
    const details = await get<PatientFinancialDetailsReply>('Patient/getPatientFinancialDetailsByID', {
      patientID: String(group.patientId),
    });
    expect(details.body.claims.map((claim) => claim.claimID)).toEqual([old, middle, young]);
    for (const claim of details.body.claims) {
      const own = await get<ClaimFinancialReply>('AddEditClaim/getClaimFinancial', { claimID: String(claim.claimID) });
      expect(claim.figures).toEqual(own.body.totals);
    }
    expect(details.body.claims.find((claim) => claim.claimID === middle)?.ageDays).toBe(45);
  });

  it('lists every posting in order with its running balance, from a date with the balance before it', async () => {
    const all = await get<PatientTransactionsReply>('Patient/getPatientTransectionStatement', {
      patientID: String(group.patientId),
    });
    expect(all.status).toBe(200);
    expect(all.body.openingBalance).toBe(0);
    expect(all.body.closingBalance).toBe(await ledgerSum());
    let running = 0;
    for (const row of all.body.rows) {
      running += row.amount;
      expect(row.balance).toBe(running);
    }
    const words = all.body.rows.map((row) => row.description);
    expect(words).toContain('Charge 99213');
    expect(words.some((text) => text.startsWith('Insurance payment') && text.includes('CHK7001'))).toBe(true);
    expect(words).toContain('Contractual adjustment CO-45, check CHK7001');
    expect(words).toContain('Patient responsibility PR-1, check CHK7002');
    expect(words).toContain('Advance payment');

    const firstLater = all.body.rows.find((row) => row.postingDate > '2026-01-15');
    expect(firstLater).toBeDefined();
    const later = await get<PatientTransactionsReply>('Patient/getPatientTransectionStatement', {
      patientID: String(group.patientId),
      fromDate: '2026-01-16',
    });
    expect(later.body.openingBalance).toBe(90_000);
    expect(later.body.rows.every((row) => row.postingDate >= '2026-01-16')).toBe(true);
    expect(later.body.closingBalance).toBe(all.body.closingBalance);
  });

  it('keeps a patient outside the data role Not Found, refuses bad dates, and audits each read', async () => {
    const query = { patientID: String(group.patientId) };
    for (const path of [
      'Patient/getPatientFinancialsByID',
      'Patient/getPatientFinancialDetailsByID',
      'Patient/getPatientTransectionStatement',
    ]) {
      expect((await get(path, query, outsider)).status, path).toBe(404);
    }
    const backwards = await get<{ message: string }>('Patient/getPatientTransectionStatement', {
      ...query,
      fromDate: '2026-06-01',
      toDate: '2026-05-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/from date is after the to date/);
    expect((await get('Patient/getPatientTransectionStatement', { ...query, fromDate: '2026-02-30' })).status).toBe(
      400,
    );
    const audited = await database.db.query<{ action: string }>(
      "SELECT DISTINCT action FROM audit_log WHERE record_type = 'patient' AND record_id = $1 AND action LIKE 'patient.%'",
      [String(group.patientId)],
    );
    expect(audited.map((row) => row.action).sort()).toEqual([
      'patient.financial_details',
      'patient.financials',
      'patient.transactions',
    ]);
  });
});
