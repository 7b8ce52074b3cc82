import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCE_PAYMENT_APPLIED, type AdvancePaymentAddedReply } from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { PATIENT_PAYMENT_SAVED } from '../../../contract/era.ts';
import { booksDisagree, chargeLines, type OurLine } from '../advancePayments/advanceTestKit.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { owedOnLines, spreadInLineOrder, type SpreadLine } from './claimSpread.ts';

const line = (chargeId: number, lineNumber: number, balanceCents: number, chargeStatus = 'active'): SpreadLine => ({
  chargeId,
  lineNumber,
  chargeStatus,
  balanceCents,
});

describe('spreading an amount over a claim', () => {
  const lines = [line(101, 1, 3_000), line(102, 2, 0), line(103, 3, 9_000, 'void'), line(104, 4, 6_000)];

  it('goes over the open lines in line order, each up to its balance', () => {
    expect(spreadInLineOrder(lines, 5_000)).toEqual([
      { chargeID: 101, amount: 3_000 },
      { chargeID: 104, amount: 2_000 },
    ]);
    expect(spreadInLineOrder(lines, 50_000)).toEqual([
      { chargeID: 101, amount: 3_000 },
      { chargeID: 104, amount: 6_000 },
    ]);
    expect(spreadInLineOrder([line(1, 1, 0)], 100)).toEqual([]);
  });

  it('follows the line numbers, not the order the lines come in, and skips void and deleted lines', () => {
    expect(spreadInLineOrder([line(9, 2, 500), line(8, 1, 500), line(7, 3, 500, 'deleted')], 700)).toEqual([
      { chargeID: 8, amount: 500 },
      { chargeID: 9, amount: 200 },
    ]);
    expect(owedOnLines(lines)).toBe(9_000);
  });
});

describe.each(testEngines)('paying a claim rather than its lines on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let ours: TestGroup;
  let neighbour: TestGroup;
  let hidden: TestGroup;
  let lines: OurLine[];

  beforeAll(async () => {
    database = await engine.create();
    ours = await createTestGroup(database.db, 'Spread', { claims: 3 });
    neighbour = await createTestGroup(database.db, 'SpreadNeighbour', { claims: 1 });
    hidden = await createTestGroup(database.db, 'SpreadHidden', { claims: 1 });
    lines = await chargeLines(database.db, ours.groupId);
    await chargeLines(database.db, neighbour.groupId);
    await chargeLines(database.db, hidden.groupId);
    await createTestUser(database.db, 'spread@example.test', { groupIds: [ours.groupId, neighbour.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'spread@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/AddEditClaim/${name}`, headers: bearer(session), payload });
  const message = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;
  const lineAt = (index: number) => lines[index] as OurLine;
  const claimAt = (index: number) => Number(ours.claimIds[index]);
  const balances = async (claimID: number) =>
    (
      await database.db.query<{ balance: number }>(
        'SELECT balance_cents AS balance FROM charges WHERE claim_id = $1 ORDER BY line_number',
        [claimID],
      )
    ).map((row) => row.balance);
  const claimState = async (claimID: number) =>
    (
      await database.db.query<{ balance: number; status: number }>(
        'SELECT balance_cents AS balance, claim_status_id AS status FROM claims WHERE claim_id = $1',
        [claimID],
      )
    )[0];
  const advance = async (amount: number) => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/savePatientAdvancePayments',
      headers: bearer(session),
      payload: { patientID: ours.patientId, method: 'card', amount },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AdvancePaymentAddedReply>().advancePaymentID;
  };
  const patientPayment = (body: Record<string, unknown>) =>
    post('savePatientPayments', { patientID: ours.patientId, method: 'cash', ...body });

  it('applies an advance to a claim: the amount over its open lines in line order, each up to its balance', async () => {
    const claimID = claimAt(0);
    // Lines picked one by one still work: $50.00 on line 1 leaves it owing $50.00.
    expect((await patientPayment({ applications: [{ chargeID: lineAt(0).chargeID, amount: 5_000 }] })).statusCode).toBe(
      200,
    );
    expect(await balances(claimID)).toEqual([5_000, 20_000]);
    const advancePaymentID = await advance(20_000);

    const reply = await post('applyAdvancePatientPayments', { advancePaymentID, claimID, amount: 15_000 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: ADVANCE_PAYMENT_APPLIED, applied: 15_000, unapplied: 5_000, claims: 1 });
    expect(await balances(claimID)).toEqual([0, 10_000]);
    const rows = await database.db.query<{ charge: number; amount: number }>(
      "SELECT charge_id AS charge, amount_cents AS amount FROM ledger_entries WHERE advance_payment_id = $1 AND entry_type = 'advance_application' AND charge_id IS NOT NULL ORDER BY ledger_id",
      [advancePaymentID],
    );
    expect(rows).toEqual([
      { charge: lineAt(0).chargeID, amount: -5_000 },
      { charge: lineAt(1).chargeID, amount: -10_000 },
    ]);

    // Without an amount: what the claim owes ($100.00), up to what is left of the advance ($50.00).
    const rest = await post('applyAdvancePatientPayments', { advancePaymentID, claimID });
    expect(rest.json()).toEqual({ message: ADVANCE_PAYMENT_APPLIED, applied: 5_000, unapplied: 0, claims: 1 });
    expect(await balances(claimID)).toEqual([0, 5_000]);
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('refuses more than the claim owes, a claim of another patient or outside the data role, and a request that is neither lines nor a claim', async () => {
    const claimID = claimAt(1);
    const advancePaymentID = await advance(40_000);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ claimID, amount: 30_001 }, 400, `Claim ${claimID} owes $300.00, less than $300.01; nothing was applied.`],
      [
        { claimID: Number(neighbour.claimIds[0]) },
        400,
        `Claim ${Number(neighbour.claimIds[0])} is not a claim of this patient; nothing was applied.`,
      ],
      [{ claimID: Number(hidden.claimIds[0]) }, 404, `Claim ${Number(hidden.claimIds[0])} was not found.`],
      [{}, 400, 'Apply the advance payment to lines, or to a claim.'],
      [
        { claimID, applications: [{ chargeID: lineAt(2).chargeID, amount: 100 }] },
        400,
        'Apply the advance payment to lines, or to a claim.',
      ],
      [
        { amount: 100, applications: [{ chargeID: lineAt(2).chargeID, amount: 100 }] },
        400,
        'An amount goes with a claim; lines carry their own.',
      ],
    ];
    for (const [body, status, text] of refusals) {
      const reply = await post('applyAdvancePatientPayments', { advancePaymentID, ...body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(message(reply)).toContain(text);
    }
    expect(await balances(claimID)).toEqual([10_000, 20_000]);
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('takes a patient payment for a claim the same way, refuses more than it owes, and the paid claim takes no more', async () => {
    const claimID = claimAt(2);
    const reply = await patientPayment({ claimID, amount: 25_000, reference: 'DESK' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: PATIENT_PAYMENT_SAVED, pkid: 1, applied: 25_000, claims: 1 });
    expect(await balances(claimID)).toEqual([0, 5_000]);

    const tooMuch = await patientPayment({ claimID, amount: 6_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(message(tooMuch)).toBe(
      `Claim ${claimID} owes $50.00, less than $60.00; nothing was posted. Post what the claim owes and keep the rest as an advance payment.`,
    );
    expect((await patientPayment({ claimID })).statusCode).toBe(400);
    expect((await patientPayment({ amount: 100 })).statusCode).toBe(400);

    expect((await patientPayment({ claimID, amount: 5_000 })).statusCode).toBe(200);
    expect(await claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    const nothingOwed = await post('applyAdvancePatientPayments', { advancePaymentID: await advance(1_000), claimID });
    expect(nothingOwed.statusCode).toBe(400);
    expect(message(nothingOwed)).toBe(`Claim ${claimID} has no open line with a balance; nothing was applied.`);
    expect(await booksDisagree(database.db)).toEqual([]);
  });
});
