/**
 * The aging reports through the API on both engines: each report's rows and buckets, the split of
 * a balance between the payer and the patient after the payer passed a line to the patient, a
 * patient's claims under their row, the claims behind a figure, the data role (another group's
 * claims never appear), bad input refused with 400, and each read audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgingPatientCollapseReply, AgingReportReply } from '../../../../contract/agingReports.ts';
import type { SessionUser } from '../../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../../contract/claimStatus.ts';
import { compactLedgerSums } from '../../ledger/sumCompaction.ts';
import { testEngines, type TestDatabase } from '../../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { giveTwoLines } from '../../../test/twoLineClaims.ts';

/** The test clock's day (harness.ts): buckets count from it. */
const TODAY = '2026-11-22';
const daysBefore = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.each(testEngines)('aging reports on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let alpha: TestGroup;
  let beta: TestGroup;
  let passedLineCents = 0;

  const get = (path: string, query: Record<string, string | number> = {}) =>
    test.app.inject({
      method: 'GET',
      url: `/api/Reports/${path}`,
      headers: bearer(session),
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const read = async <T>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const reply = await get(path, query);
    expect(reply.statusCode, `${path}: ${reply.body}`).toBe(200);
    return reply.json<T>();
  };

  beforeAll(async () => {
    database = await engine.create();
    await database.db.query(
      `INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule/maximum allowable.'), ('1', 'Deductible amount.')
       ON CONFLICT (code) DO NOTHING`,
    );
    alpha = await createTestGroup(database.db, 'Aging Alpha', { claims: 3, patientLastName: 'ALPHA' });
    beta = await createTestGroup(database.db, 'Aging Beta', { claims: 2, patientLastName: 'BETA' });
    for (const [group, prefix] of [
      [alpha, 'AA'],
      [beta, 'AB'],
    ] as const)
      await giveTwoLines(database.db, group.groupId, { claimStatus: CLAIM_STATUS.draft, lineControlPrefix: prefix });
    // One claim in each of three buckets: 10, 45 and 200 days old.
    const ages = [10, 45, 200];
    for (const [index, claimID] of alpha.claimIds.entries())
      await database.db.query('UPDATE claims SET dos_from = $2::date, dos_to = $2::date WHERE claim_id = $1', [
        claimID,
        daysBefore(ages[index] ?? 0),
      ]);
    await database.db.query(
      "INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT claim_id, 1, 'E119' FROM claims",
    );
    await createTestUser(database.db, 'aging@example.test', { groupIds: [alpha.groupId] });
    await createTestUser(database.db, 'aging-beta@example.test', { groupIds: [beta.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'aging@example.test');

    // The payer pays part of the first claim's first line and passes $20 of it to the patient.
    const first = alpha.claimIds[0] as number;
    const [line] = await database.db.query<{ chargeID: number }>(
      'SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 AND line_number = 1',
      [first],
    );
    const posted = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/saveInsurancePayments',
      headers: bearer(session),
      payload: {
        claimID: first,
        reference: 'AGING-1',
        bypassWarningsID: 1,
        lines: [
          {
            chargeID: line?.chargeID,
            paid: 6_000,
            adjustments: [
              { group: 'CO', reason: '45', amount: 2_000 },
              { group: 'PR', reason: '1', amount: 2_000 },
            ],
          },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const [after] = await database.db.query<{ balance: number }>(
      'SELECT balance_cents AS balance FROM charges WHERE claim_id = $1 AND line_number = 1',
      [first],
    );
    passedLineCents = after?.balance ?? 0;
  }, 120_000);

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('lists each claim with a balance in its bucket, the totals adding up the rows', async () => {
    const report = await read<AgingReportReply>('getAgedTrialBalanceReport', { sortColumn: 'label', sortOrder: 'asc' });
    expect(report.total).toBe(3);
    expect(report.rows.map((row) => row.rowID).sort()).toEqual([...alpha.claimIds].sort());
    const [first, second, third] = alpha.claimIds;
    const byClaim = new Map(report.rows.map((row) => [row.rowID, row]));
    expect(byClaim.get(second ?? 0)?.buckets['31-60']).toBe(30_000);
    expect(byClaim.get(third ?? 0)?.buckets['120+']).toBe(30_000);
    // $300 less the $60 paid and the $20 contractual adjustment, in 0-30; $20 of it the patient's.
    const firstRow = byClaim.get(first ?? 0);
    expect(firstRow?.buckets['0-30']).toBe(22_000);
    expect(firstRow?.patientCents).toBe(passedLineCents);
    expect(firstRow?.insuranceCents).toBe(22_000 - passedLineCents);
    expect(report.totals.total).toBe(82_000);
    expect(report.totals.buckets).toEqual({ '0-30': 22_000, '31-60': 30_000, '61-90': 0, '91-120': 0, '120+': 30_000 });
    expect(report.meaning).toMatch(/date of service/);
  });

  it('ages by posting date when asked: every charge was posted on the same day', async () => {
    const report = await read<AgingReportReply>('getAgedTrialBalanceReport', { agingType: 'posting' });
    // The charges were posted on 2026-01-15, over 120 days before the test's day.
    expect(report.totals.buckets['120+']).toBe(82_000);
    expect(report.meaning).toMatch(/posting date/);
  });

  it('ages what the payer owes under the payer and what the patient owes under the patients', async () => {
    const report = await read<AgingReportReply>('getAgingByInsuranceReport');
    const payer = report.rows.find((row) => row.owedBy === 'payer');
    const patients = report.rows.find((row) => row.owedBy === 'patient');
    expect(payer).toMatchObject({ rowID: alpha.insuranceId, label: 'Aetna', total: 82_000 - passedLineCents });
    expect(patients).toMatchObject({ rowID: null, label: 'Patients', total: passedLineCents, claimCount: 1 });
    expect(patients?.buckets['0-30']).toBe(passedLineCents);
    expect(report.totals.total).toBe(82_000);
  });

  it('ages by provider and by patient, and lists a patient’s claims under their row', async () => {
    const byProvider = await read<AgingReportReply>('getAgingByProviderReport');
    expect(byProvider.rows).toMatchObject([
      { rowID: alpha.providerId, label: 'Lee, Ann', total: 82_000, claimCount: 3 },
    ]);
    const byPatient = await read<AgingReportReply>('getAgingByPatientReport', { groupIDs: String(alpha.groupId) });
    expect(byPatient.rows).toMatchObject([{ rowID: alpha.patientId, label: 'ALPHA, JANE', total: 82_000 }]);
    const claims = await read<AgingPatientCollapseReply>('getAgingPatientCollapseByID', {
      patientID: alpha.patientId,
      currentIndex: 4,
    });
    expect(claims.currentIndex).toBe(4);
    expect(claims.rows.map((row) => row.rowID).sort()).toEqual([...alpha.claimIds].sort());
    expect(claims.rows.reduce((sum, row) => sum + row.total, 0)).toBe(82_000);
  });

  it('moves a claim’s balance with the claim when its payer changes, the kept sums agreeing with every claim read', async () => {
    const moved = alpha.claimIds[2] as number;
    const [claim] = await database.db.query<{ balance: number }>(
      'SELECT balance_cents AS balance FROM claims WHERE claim_id = $1',
      [moved],
    );
    const balance = claim?.balance ?? 0;
    expect(balance).toBeGreaterThan(0);
    // A balance range every claim falls in makes the report read each claim instead of the sums.
    const everyClaim = { fromBalance: -1e12, toBalance: 1e12 };
    const both = async () => {
      const summed = await read<AgingReportReply>('getAgingByInsuranceReport');
      expect(summed).toEqual(await read<AgingReportReply>('getAgingByInsuranceReport', everyClaim));
      return summed;
    };
    await database.db.query('UPDATE claims SET insurance_id = NULL WHERE claim_id = $1', [moved]);
    try {
      const selfPay = await both();
      expect(selfPay.rows.find((row) => row.owedBy === 'payer')?.total).toBe(82_000 - passedLineCents - balance);
      expect(selfPay.rows.find((row) => row.owedBy === 'patient')).toMatchObject({
        total: passedLineCents + balance,
        claimCount: 2,
      });
      await compactLedgerSums(database.db);
      expect(await both()).toEqual(selfPay);
    } finally {
      await database.db.query('UPDATE claims SET insurance_id = $2 WHERE claim_id = $1', [moved, alpha.insuranceId]);
    }
    const back = await both();
    expect(back.rows.find((row) => row.owedBy === 'payer')?.total).toBe(82_000 - passedLineCents);
  });

  it('filters by balance, date of service and patient name, and names the claims behind a figure', async () => {
    const small = await read<AgingReportReply>('getAgedTrialBalanceReport', { toBalance: 25_000 });
    expect(small.rows.map((row) => row.rowID)).toEqual([alpha.claimIds[0]]);
    const recent = await read<AgingReportReply>('getAgedTrialBalanceReport', { fromDate: daysBefore(60) });
    expect(recent.total).toBe(2);
    const named = await read<AgingReportReply>('getAgingByPatientReport', { patientLastName: 'alp' });
    expect(named.total).toBe(1);
    const nobody = await read<AgingReportReply>('getAgingByPatientReport', { patientLastName: 'zz' });
    expect(nobody.total).toBe(0);
    const behind = await read<AgingReportReply>('getAgingByInsuranceReport', {
      getOnlyIDS: 'true',
      rowID: alpha.insuranceId,
      bucket: '120+',
    });
    expect(behind.claimIDs).toEqual([alpha.claimIds[2]]);
    expect(behind.totals.total).toBe(30_000);
    const patientsPart = await read<AgingReportReply>('getAgingByInsuranceReport', {
      getOnlyIDS: 'true',
      owedBy: 'patient',
    });
    expect(patientsPart.claimIDs).toEqual([alpha.claimIds[0]]);
  });

  it('never shows another group’s claims', async () => {
    for (const path of [
      'getAgedTrialBalanceReport',
      'getAgingByInsuranceReport',
      'getAgingByProviderReport',
      'getAgingByPatientReport',
    ]) {
      const report = await read<AgingReportReply>(path, { getAllData: 'true' });
      expect(report.totals.total, path).toBe(82_000);
      const asked = await read<AgingReportReply>(path, { groupIDs: String(beta.groupId) });
      expect(asked.total, path).toBe(0);
    }
    const trial = await read<AgingReportReply>('getAgedTrialBalanceReport', { getAllData: 'true' });
    for (const claimID of beta.claimIds) expect(trial.rows.map((row) => row.rowID)).not.toContain(claimID);
    const other = await get('getAgingPatientCollapseByID', { patientID: beta.patientId });
    expect(other.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a message', async () => {
    const bad: Record<string, string>[] = [
      { fromDate: '2026-05-01', toDate: '2026-04-01' },
      { agingType: 'billing' },
      { groupIDs: 'one,two' },
      { fromBalance: '500', toBalance: '100' },
      { pageSize: '0' },
      { bucket: '30-60', getOnlyIDS: 'true' },
      { surprise: '1' },
    ];
    for (const query of bad) {
      const reply = await get('getAgingByInsuranceReport', query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json<{ message: string }>().message).not.toBe('');
    }
    expect((await get('getAgingPatientCollapseByID', {})).statusCode).toBe(400);
  });

  it('writes an audit row for each report read', async () => {
    await read('getAgingByProviderReport', { providerID: alpha.providerId });
    await read('getAgingPatientCollapseByID', { patientID: alpha.patientId });
    const rows = await database.db.query<{ record_id: string; detail: Record<string, unknown> }>(
      `SELECT a.record_id, a.detail FROM audit_log a JOIN users u ON u.user_id = a.user_id
        WHERE u.email = 'aging@example.test' AND a.action = 'read' AND a.record_type = 'call'`,
    );
    expect(rows).toContainEqual({
      record_id: 'Reports/getAgingByProviderReport',
      detail: { providerID: alpha.providerId },
    });
    expect(rows).toContainEqual({
      record_id: 'Reports/getAgingPatientCollapseByID',
      detail: { patientID: alpha.patientId },
    });
  });
});
