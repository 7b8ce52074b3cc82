import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancePaymentAddedReply } from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { PatientInfoReply } from '../../../contract/patients.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';
import { FIGURE_SQL, figureOf, REVERSED_ROW_JOIN, sumFigures, type LedgerSum } from './ledgerFigures.ts';

describe('the figure model', () => {
  it('counts a reversal where the row it reverses counts, so every figure is net of its reversals', () => {
    expect(figureOf('reversal', 'advance_application')).toBe('patientPaid');
    expect(figureOf('reversal', 'write_off')).toBe('writeOffs');
    expect(figureOf('reversal', 'charge')).toBe('charges');
    expect(figureOf('reversal', null)).toBe('otherAdjustments');
    const rows: LedgerSum[] = [
      { entryType: 'charge', reversedType: null, cents: 20_000 },
      { entryType: 'advance_application', reversedType: null, cents: -5000 },
      { entryType: 'reversal', reversedType: 'advance_application', cents: 5000 },
      { entryType: 'insurance_payment', reversedType: null, cents: -8000 },
      { entryType: 'contractual_adjustment', reversedType: null, cents: -2000 },
      { entryType: 'refund', reversedType: null, cents: 300 },
    ];
    expect(sumFigures(rows)).toEqual({
      charges: 20_000,
      insurancePaid: 8000,
      patientPaid: 0,
      contractualAdjustments: 2000,
      writeOffs: 0,
      otherAdjustments: 0,
      reversals: 5000,
      refunds: 300,
      balance: 10_300,
      patientResponsibility: 0,
      insuranceBalance: 10_300,
    });
    expect(sumFigures(rows, true)).toMatchObject({
      balance: 10_300,
      patientResponsibility: 10_300,
      insuranceBalance: 0,
    });
  });
});

describe.each(testEngines)('figures after an advance payment is reversed on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let session: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Advance Figures', { claims: 1 });
    await giveTwoLines(database.db, group.groupId, {
      claimStatus: CLAIM_STATUS.patientBalance,
      lineControlPrefix: 'AF',
    });
    await createTestUser(database.db, 'advance-figures@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'advance-figures@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const call = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
    test.app.inject({
      method,
      url: `/api/${path}`,
      headers: bearer(session),
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
        : { payload: input }),
    });
  const header = async () =>
    (await call('GET', 'Claims/getClaimDetailData', { claimID: group.claimIds[0] })).json<ClaimDetailReply>();

  it('shows the claim as it was before the advance paid it: nothing paid, nothing adjusted', async () => {
    const claimID = Number(group.claimIds[0]);
    const before = await header();
    expect(before.header).toMatchObject({ totalCharges: 30_000, paid: 0, adjusted: 0, balance: 30_000 });
    const added = await call('POST', 'Patient/savePatientAdvancePayments', {
      patientID: group.patientId,
      amount: 5000,
      method: 'card',
    });
    expect(added.statusCode, added.body).toBe(200);
    const { advancePaymentID } = added.json<AdvancePaymentAddedReply>();
    const applied = await call('POST', 'AddEditClaim/applyAdvancePatientPayments', {
      advancePaymentID,
      applications: [{ chargeID: before.charges[0]?.chargeID, amount: 5000 }],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await header()).header).toMatchObject({ paid: 5000, adjusted: 0, balance: 25_000 });

    const reversed = await call('GET', 'Patient/reverseAdvancePayment', {
      advancePaymentID,
      postingDate: '2026-11-22',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const after = await header();
    expect(after.header).toMatchObject({ claimID, totalCharges: 30_000, paid: 0, adjusted: 0, balance: 30_000 });
    expect(after.charges.map((line) => [line.paid, line.adjusted, line.balance])).toEqual([
      [0, 0, 10_000],
      [0, 0, 20_000],
    ]);
    // The patient's header likewise: the deposit and its application are both gone.
    const patient = (
      await call('GET', 'Patient/getPatientInfoByID', { patientID: group.patientId })
    ).json<PatientInfoReply>();
    expect(patient.totals).toMatchObject({ charges: 30_000, paid: 0, adjusted: 0, balance: 30_000 });
  });

  it('adds up in the database as it does in TypeScript, row kind by row kind', async () => {
    const rows = await database.db.query<LedgerSum>(
      `SELECT l.entry_type AS "entryType", o.entry_type AS "reversedType", sum(l.amount_cents)::bigint AS cents
         FROM ledger_entries l ${REVERSED_ROW_JOIN} WHERE l.patient_id = $1 GROUP BY l.entry_type, o.entry_type`,
      [group.patientId],
    );
    const [sql] = await database.db.query<{
      charges: number;
      paid: number;
      adjusted: number;
      received: number;
      balance: number;
    }>(
      `SELECT ${FIGURE_SQL.charges} AS charges, ${FIGURE_SQL.paid} AS paid, ${FIGURE_SQL.adjusted} AS adjusted, ${FIGURE_SQL.received} AS received, ${FIGURE_SQL.balance} AS balance
         FROM ledger_entries l ${REVERSED_ROW_JOIN} WHERE l.patient_id = $1`,
      [group.patientId],
    );
    const figures = sumFigures(rows);
    expect(rows.some((row) => row.entryType === 'reversal')).toBe(true);
    expect(sql).toEqual({
      charges: figures.charges,
      paid: figures.insurancePaid + figures.patientPaid - figures.refunds,
      adjusted: figures.contractualAdjustments + figures.writeOffs + figures.otherAdjustments,
      received: figures.insurancePaid + figures.patientPaid,
      balance: figures.balance,
    });
  });
});
