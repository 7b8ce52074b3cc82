import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimFinancialReply, FinancialFigures } from '../../../contract/claimFinancial.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createLedgerTestData, postCredit, type LedgerTestData } from './writeOffTestKit.ts';

const none: FinancialFigures = {
  charges: 0,
  insurancePaid: 0,
  patientPaid: 0,
  contractualAdjustments: 0,
  writeOffs: 0,
  otherAdjustments: 0,
  reversals: 0,
  refunds: 0,
  balance: 0,
  patientResponsibility: 0,
  insuranceBalance: 0,
};

describe.each(testEngines)('the claim financial summary on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: LedgerTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createLedgerTestData(database.db, 'Summary');
    const other = await createTestGroup(database.db, 'Afar', { claims: 0 });
    await createTestUser(database.db, 'afar@example.test', { groupIds: [other.groupId] });
    test = await createTestApp(database.db);
    biller = await signIn(test, 'summary@example.test');
    outsider = await signIn(test, 'afar@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const summary = async (claimID: number, session = biller) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/AddEditClaim/getClaimFinancial',
      headers: bearer(session),
      query: { claimID: String(claimID) },
    });
    return { status: reply.statusCode, body: reply.json<ClaimFinancialReply>() };
  };

  /** Reverses a line's ledger row the way a correction does: the opposite amount, pointing at it. */
  async function reverse(ledgerID: number): Promise<void> {
    await database.db.transaction(async (tx) => {
      const [row] = await tx.query<{ chargeID: number; claimID: number; amount: number }>(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id, posting_date)
         SELECT group_id, practice_id, patient_id, claim_id, charge_id, 'reversal', -amount_cents, ledger_id, DATE '2026-05-01' FROM ledger_entries WHERE ledger_id = $1
         RETURNING charge_id AS "chargeID", claim_id AS "claimID", amount_cents AS amount`,
        [ledgerID],
      );
      await tx.query('UPDATE charges SET balance_cents = balance_cents + $2 WHERE charge_id = $1', [
        row!.chargeID,
        row!.amount,
      ]);
      await tx.query('UPDATE claims SET balance_cents = balance_cents + $2 WHERE claim_id = $1', [
        row!.claimID,
        row!.amount,
      ]);
    });
  }

  it('sums every kind of ledger row for the claim and each line, and they add up to the balances', async () => {
    const { claimID, chargeIDs } = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.patientBalance,
      lines: [
        { code: '99213', cents: 20_000 },
        { code: '36415', cents: 8000 },
      ],
    });
    const [first, second] = chargeIDs as [number, number];
    await postCredit(database.db, first, 'insurance_payment', 12_000);
    await postCredit(database.db, first, 'contractual_adjustment', 5000);
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date, note)
       SELECT group_id, practice_id, patient_id, claim_id, $2, 'patient_responsibility', 0, 'PR', '1', DATE '2026-03-01', 'Patient deductible $30.00' FROM claims WHERE claim_id = $1`,
      [claimID, first],
    );
    await postCredit(database.db, first, 'patient_payment', 1000);
    await postCredit(database.db, second, 'insurance_payment', 8000);
    const [paid] = await database.db.query<{ id: number }>(
      `SELECT ledger_id AS id FROM ledger_entries WHERE charge_id = $1 AND entry_type = 'insurance_payment'`,
      [second],
    );
    await reverse(paid!.id);
    const writeOff = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/saveWriteOffByID',
      headers: bearer(biller),
      payload: { claimID, amountCents: 500, reasonID: 1 },
    });
    expect(writeOff.statusCode, writeOff.body).toBe(200);

    const { status, body } = await summary(claimID);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      claimID,
      claimStatus: 'Patient Balance',
      storedBalance: 9500,
      balanced: true,
      problems: [],
    });
    expect(body.totals).toEqual({
      ...none,
      charges: 28_000,
      // The reversed payment is no payment: every figure is net of its reversals, which say how much they took back.
      insurancePaid: 12_000,
      patientPaid: 1000,
      contractualAdjustments: 5000,
      writeOffs: 500,
      reversals: 8000,
      balance: 9500,
      patientResponsibility: 1500,
      insuranceBalance: 8000,
    });
    expect(body.lines).toEqual([
      {
        chargeID: first,
        lineNumber: 1,
        cptCode: '99213',
        status: 'active',
        storedBalance: 1500,
        balanced: true,
        figures: {
          ...none,
          charges: 20_000,
          insurancePaid: 12_000,
          patientPaid: 1000,
          contractualAdjustments: 5000,
          writeOffs: 500,
          balance: 1500,
          patientResponsibility: 1500,
        },
      },
      {
        chargeID: second,
        lineNumber: 2,
        cptCode: '36415',
        status: 'active',
        storedBalance: 8000,
        balanced: true,
        figures: { ...none, charges: 8000, reversals: 8000, balance: 8000, insuranceBalance: 8000 },
      },
    ]);
    const audit = await database.db.query(
      `SELECT source FROM audit_log WHERE action = 'claims.financial' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audit).toHaveLength(1);
  });

  it('counts the whole balance of a self-pay claim as the patient’s', async () => {
    const { claimID } = await data.insertBilledClaim({ lines: [{ code: '99213', cents: 4200 }] });
    await database.db.query('UPDATE claims SET insurance_id = NULL, patient_insurance_id = NULL WHERE claim_id = $1', [
      claimID,
    ]);
    const { body } = await summary(claimID);
    expect(body.totals).toMatchObject({ balance: 4200, patientResponsibility: 4200, insuranceBalance: 0 });
  });

  it('names every figure that does not agree with the stored balances', async () => {
    // Charges without their ledger rows: the claim and its line owe $75.00 that the ledger never booked.
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213', cents: 7500 }] });
    const { body } = await summary(claimID);
    expect(body.balanced).toBe(false);
    expect(body.lines[0]).toMatchObject({ storedBalance: 7500, balanced: false, figures: { ...none } });
    expect(body.problems).toEqual([
      'Line 1: its balance is $75.00 but its ledger adds up to $0.00.',
      "The claim's balance is $75.00 but its ledger adds up to $0.00.",
    ]);
  });

  it('answers 404 for a claim outside the data role', async () => {
    const { claimID } = await data.insertBilledClaim({ lines: [{ code: '99213', cents: 100 }] });
    expect((await summary(claimID, outsider)).status).toBe(404);
    expect((await summary(987_654_321)).status).toBe(404);
  });
});
