import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVANCE_DOS_UPDATED,
  ADVANCE_PAYMENT_ADDED,
  ADVANCE_PAYMENT_APPLIED,
  ADVANCE_PAYMENT_REVERSED,
  ADVANCE_PAYMENTS_COLLECTED,
  type AdvancePaymentAddedReply,
  type AdvancePaymentRow,
  type ClaimAdvancePaymentsReply,
  type PatientAdvancePaymentsReply,
} from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { booksDisagree, chargeLines, type OurLine } from './advanceTestKit.ts';

describe.each(testEngines)('advance payments on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let ours: TestGroup;
  let neighbour: TestGroup;
  let hidden: TestGroup;
  let lines: OurLine[];
  let hiddenLines: OurLine[];
  let neighbourLines: OurLine[];

  beforeAll(async () => {
    database = await engine.create();
    ours = await createTestGroup(database.db, 'Advance', { claims: 4 });
    neighbour = await createTestGroup(database.db, 'Neighbour', { claims: 1 });
    hidden = await createTestGroup(database.db, 'Hidden', { claims: 1 });
    lines = await chargeLines(database.db, ours.groupId);
    neighbourLines = await chargeLines(database.db, neighbour.groupId);
    hiddenLines = await chargeLines(database.db, hidden.groupId);
    await createTestUser(database.db, 'advance@example.test', { groupIds: [ours.groupId, neighbour.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'advance@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (controller: string, name: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/${controller}/${name}`, headers: bearer(session), payload });
  const get = (controller: string, name: string, query: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/${controller}/${name}`, headers: bearer(session), query });
  const add = (body: Record<string, unknown>) =>
    post('Patient', 'savePatientAdvancePayments', { patientID: ours.patientId, method: 'card', ...body });
  const apply = (
    advancePaymentID: number,
    applications: { chargeID: number; amount: number }[],
    postingDate?: string,
  ) =>
    post('AddEditClaim', 'applyAdvancePatientPayments', {
      advancePaymentID,
      applications,
      ...(postingDate ? { postingDate } : {}),
    });
  const refund = (query: Record<string, string>) =>
    test.app.inject({ method: 'POST', url: '/api/Patient/refundAdvancePayment', headers: bearer(session), query });
  const reverse = (advancePaymentID: number, postingDate = '2026-11-22') =>
    get('Patient', 'reverseAdvancePayment', { advancePaymentID: String(advancePaymentID), postingDate });
  const message = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;
  const added = async (amount: number) => {
    const reply = await add({ amount });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AdvancePaymentAddedReply>().advancePaymentID;
  };
  const figures = async (advancePaymentID: number): Promise<AdvancePaymentRow | undefined> => {
    const reply = await get('Patient', 'getPatientAdvancePayments', { patientID: String(ours.patientId) });
    return reply.json<PatientAdvancePaymentsReply>().rows.find((row) => row.advancePaymentID === advancePaymentID);
  };
  const unapplied = async () =>
    (await get('Patient', 'getPatientUnappliedAdvancePayment', { patientID: String(ours.patientId) })).json<{
      unapplied: number;
    }>().unapplied;
  const lineAt = (index: number) => lines[index] as OurLine;
  const claimState = async (claimID: number) =>
    (
      await database.db.query<{ balance: number; status: number }>(
        'SELECT balance_cents AS balance, claim_status_id AS status FROM claims WHERE claim_id = $1',
        [claimID],
      )
    )[0];
  const count = async (table: string) =>
    (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

  it("adds an advance payment as the patient's credit, visible on the patient's ledger", async () => {
    const before = await unapplied();
    const reply = await add({
      amount: 12_500,
      reference: 'VISA 4242',
      receivedOn: '2026-11-20',
      dateOfService: '2026-12-01',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { message: text, advancePaymentID } = reply.json<AdvancePaymentAddedReply>();
    expect(text).toBe(ADVANCE_PAYMENT_ADDED);
    expect(await figures(advancePaymentID)).toEqual({
      advancePaymentID,
      patientID: ours.patientId,
      amount: 12_500,
      applied: 0,
      refunded: 0,
      unapplied: 12_500,
      status: 'active',
      method: 'card',
      reference: 'VISA 4242',
      receivedOn: '2026-11-20',
      dateOfService: '2026-12-01',
    });
    expect(await unapplied()).toBe(before + 12_500);
    const ledger = await database.db.query<{
      type: string;
      amount: number;
      charge: number | null;
      claim: number | null;
    }>(
      'SELECT entry_type AS type, amount_cents AS amount, charge_id AS charge, claim_id AS claim FROM ledger_entries WHERE advance_payment_id = $1',
      [advancePaymentID],
    );
    expect(ledger).toEqual([{ type: 'advance_payment', amount: -12_500, charge: null, claim: null }]);
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('refuses a bad advance payment with a clear message and saves nothing', async () => {
    const saved = await count('advance_payments');
    await database.db.query(
      "INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-09-01')",
      [ours.groupId, ours.practiceId],
    );
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ amount: 0 }, 400, 'The amount must be more than $0.00.'],
      [{ amount: 12.5 }, 400, 'Amounts are whole cents.'],
      [{ amount: 100, method: 'gold' }, 400, 'The method is cash, check, card or ach.'],
      [{ amount: 100, receivedOn: '2026-11-23' }, 400, 'The received date 2026-11-23 is in the future.'],
      [{ amount: 100, receivedOn: '2026-02-30' }, 400, 'Enter the received date as YYYY-MM-DD, e.g. 2026-03-15.'],
      [
        { amount: 100, receivedOn: '2026-09-10' },
        400,
        'September 2026 is closed (month-end lock); post with a date in an open month.',
      ],
      [{ amount: 100, patientID: hidden.patientId }, 404, 'Patient not found.'],
    ];
    for (const [body, status, text] of refusals) {
      const reply = await add(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(message(reply)).toContain(text);
    }
    expect(await count('advance_payments')).toBe(saved);
  });

  it('saves advance payments collected together whole, or none of them', async () => {
    const saved = await count('advance_payments');
    const refused = await post('AddEditClaim', 'savePatientCollectedAdvancePaymentList', {
      advancePayments: [
        { patientID: ours.patientId, amount: 1_000, method: 'cash' },
        { patientID: hidden.patientId, amount: 2_000, method: 'cash' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(message(refused)).toBe('Advance payment 2: Patient not found. Nothing was saved.');
    expect(await count('advance_payments')).toBe(saved);
    const reply = await post('AddEditClaim', 'savePatientCollectedAdvancePaymentList', {
      advancePayments: [
        { patientID: ours.patientId, amount: 1_000, method: 'cash' },
        { patientID: neighbour.patientId, amount: 2_000, method: 'check', reference: '1042' },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      message: ADVANCE_PAYMENTS_COLLECTED,
      advancePaymentIDs: [expect.any(Number), expect.any(Number)],
    });
    expect(await count('advance_payments')).toBe(saved + 2);
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it("applies an advance to the patient's open lines, never past a line's balance nor past what is left", async () => {
    const advancePaymentID = await added(25_000);
    const [first, second] = [lineAt(0), lineAt(1)];
    const other = neighbourLines[0] as OurLine;
    const refusals: [{ chargeID: number; amount: number }[], number, string][] = [
      [
        [{ chargeID: first.chargeID, amount: 10_001 }],
        400,
        `Charge ${first.chargeID} owes $100.00; $100.01 would pay it past its balance.`,
      ],
      [
        [{ chargeID: other.chargeID, amount: 100 }],
        400,
        `Not a line of this patient's claims: charge ${other.chargeID}.`,
      ],
      [[{ chargeID: (hiddenLines[0] as OurLine).chargeID, amount: 100 }], 404, 'Charges not found.'],
      [
        [
          { chargeID: first.chargeID, amount: 100 },
          { chargeID: first.chargeID, amount: 100 },
        ],
        400,
        'Each line is paid once in an application.',
      ],
      [
        [
          { chargeID: first.chargeID, amount: 10_000 },
          { chargeID: second.chargeID, amount: 20_000 },
        ],
        409,
        `Advance payment ${advancePaymentID} has $250.00 left to apply, less than the $300.00 asked`,
      ],
    ];
    for (const [applications, status, text] of refusals) {
      const reply = await apply(advancePaymentID, applications);
      expect(reply.statusCode, reply.body).toBe(status);
      expect(message(reply)).toContain(text);
    }
    expect((await apply(advancePaymentID, [{ chargeID: first.chargeID, amount: 100 }], '2026-09-15')).statusCode).toBe(
      400,
    );
    expect(await claimState(first.claimID)).toEqual({ balance: 30_000, status: CLAIM_STATUS.patientBalance });

    const reply = await apply(advancePaymentID, [
      { chargeID: first.chargeID, amount: 10_000 },
      { chargeID: second.chargeID, amount: 5_000 },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: ADVANCE_PAYMENT_APPLIED, applied: 15_000, unapplied: 10_000, claims: 1 });
    expect(await claimState(first.claimID)).toEqual({ balance: 15_000, status: CLAIM_STATUS.patientBalance });
    expect(await figures(advancePaymentID)).toMatchObject({
      amount: 25_000,
      applied: 15_000,
      refunded: 0,
      unapplied: 10_000,
      status: 'active',
    });
    const onClaim = await get('AddEditClaim', 'getClaimAdvancePayments', { claimID: String(first.claimID) });
    expect(onClaim.json<ClaimAdvancePaymentsReply>().rows.map((row) => row.advancePaymentID)).toContain(
      advancePaymentID,
    );

    const settle = await apply(advancePaymentID, [{ chargeID: second.chargeID, amount: 15_000 }]);
    expect(settle.statusCode, settle.body).toBe(409);
    expect((await apply(advancePaymentID, [{ chargeID: second.chargeID, amount: 10_000 }])).statusCode).toBe(200);
    expect(await figures(advancePaymentID)).toMatchObject({ applied: 25_000, unapplied: 0 });
    const noLonger = await get('AddEditClaim', 'getClaimAdvancePayments', { claimID: String(first.claimID) });
    expect(noLonger.json<ClaimAdvancePaymentsReply>().rows.map((row) => row.advancePaymentID)).not.toContain(
      advancePaymentID,
    );
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('closes a claim the advance settles, and a reversal takes the advance and its applications back', async () => {
    const line = lineAt(2);
    const advancePaymentID = await added(20_000);
    expect((await apply(advancePaymentID, [{ chargeID: line.chargeID, amount: 10_000 }])).statusCode).toBe(200);
    expect((await apply(advancePaymentID, [{ chargeID: lineAt(3).chargeID, amount: 10_000 }])).statusCode).toBe(200);
    expect(await claimState(line.claimID)).toEqual({ balance: 10_000, status: CLAIM_STATUS.patientBalance });
    expect((await apply(await added(10_000), [{ chargeID: lineAt(3).chargeID, amount: 10_000 }])).statusCode).toBe(200);
    expect(await claimState(line.claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    const credit = await unapplied();

    expect((await reverse(advancePaymentID, '2026-11-23')).statusCode).toBe(400);
    expect((await reverse(advancePaymentID, '2026-09-30')).statusCode).toBe(400);
    const reply = await reverse(advancePaymentID);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      message: ADVANCE_PAYMENT_REVERSED,
      reversed: 20_000,
      applicationsTakenBack: 20_000,
    });
    expect(await claimState(line.claimID)).toEqual({ balance: 20_000, status: CLAIM_STATUS.patientBalance });
    expect(await figures(advancePaymentID)).toMatchObject({ applied: 0, unapplied: 0, status: 'reversed' });
    expect(await unapplied()).toBe(credit);
    const again = await reverse(advancePaymentID);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(`Advance payment ${advancePaymentID} is already reversed; nothing was reversed.`);
    expect((await apply(advancePaymentID, [{ chargeID: line.chargeID, amount: 1 }])).statusCode).toBe(409);
    const unlinked = await database.db.query(
      "SELECT 1 FROM ledger_entries l WHERE l.advance_payment_id = $1 AND l.entry_type <> 'reversal' AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)",
      [advancePaymentID],
    );
    expect(unlinked).toEqual([]);
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('refunds part or all of what is left, says so as the spec has it, and a refunded advance stays refunded', async () => {
    const advancePaymentID = await added(9_000);
    const id = String(advancePaymentID);
    expect((await refund({ advancePaymentID: id, amount: '9001' })).statusCode).toBe(409);
    expect((await refund({ advancePaymentID: id, amount: '0' })).statusCode).toBe(400);
    expect((await refund({ advancePaymentID: id, postingDate: '2026-09-02' })).statusCode).toBe(400);
    expect((await refund({ advancePaymentID: '999999' })).statusCode).toBe(404);
    // As the browser sends it: an empty text body, the input in the query string.
    const part = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/refundAdvancePayment',
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      query: { advancePaymentID: id, amount: '2500', reference: 'CHK 77' },
      payload: '',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toEqual({ message: ADVANCE_DOS_UPDATED, refunded: 2_500, unapplied: 6_500, status: 'active' });
    const rest = await refund({ advancePaymentID: id });
    expect(rest.json()).toEqual({ message: ADVANCE_DOS_UPDATED, refunded: 6_500, unapplied: 0, status: 'refunded' });
    expect(await figures(advancePaymentID)).toMatchObject({ refunded: 9_000, unapplied: 0, status: 'refunded' });
    expect((await refund({ advancePaymentID: id })).statusCode).toBe(409);
    expect((await apply(advancePaymentID, [{ chargeID: lineAt(4).chargeID, amount: 1 }])).statusCode).toBe(409);

    const partly = await added(3_000);
    expect((await refund({ advancePaymentID: String(partly), amount: '1000' })).statusCode).toBe(200);
    const refused = await reverse(partly);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      `$10.00 of advance payment ${partly} was refunded to the patient, so it cannot be reversed.`,
    );
    expect(await booksDisagree(database.db)).toEqual([]);
  });

  it('changes the date of service of an advance', async () => {
    const advancePaymentID = await added(500);
    const change = (dateOfService: string, id = advancePaymentID) =>
      post('Patient', 'updateAdvancePaymentDOS', { advancePaymentID: id, dateOfService });
    expect((await change('2026-13-01')).statusCode).toBe(400);
    expect((await change('2026-12-05', 999_999)).statusCode).toBe(404);
    const reply = await change('2026-12-05');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: ADVANCE_DOS_UPDATED });
    expect(await figures(advancePaymentID)).toMatchObject({ dateOfService: '2026-12-05' });
  });

  it("keeps every list and change inside the user's data role", async () => {
    const [hiddenAdvance] = await database.db.query<{ id: number }>(
      `INSERT INTO advance_payments (group_id, patient_id, amount_cents, payment_method, received_on) VALUES ($1, $2, 700, 'cash', DATE '2026-11-01') RETURNING advance_payment_id AS id`,
      [hidden.groupId, hidden.patientId],
    );
    const id = String(hiddenAdvance?.id);
    expect(
      (await get('Patient', 'getPatientAdvancePayments', { patientID: String(hidden.patientId) })).statusCode,
    ).toBe(404);
    expect(
      (await get('Patient', 'getPatientUnappliedAdvancePayment', { patientID: String(hidden.patientId) })).statusCode,
    ).toBe(404);
    expect(
      (await get('AddEditClaim', 'getClaimAdvancePayments', { claimID: String(hidden.claimIds[0]) })).statusCode,
    ).toBe(404);
    expect((await apply(Number(id), [{ chargeID: (hiddenLines[0] as OurLine).chargeID, amount: 1 }])).statusCode).toBe(
      404,
    );
    expect((await refund({ advancePaymentID: id })).statusCode).toBe(404);
    expect((await reverse(Number(id))).statusCode).toBe(404);
    expect(
      (await post('Patient', 'updateAdvancePaymentDOS', { advancePaymentID: Number(id), dateOfService: '2026-12-01' }))
        .statusCode,
    ).toBe(404);
    const listed = await get('Patient', 'getPatientAdvancePayments', { patientID: String(ours.patientId) });
    expect(listed.json<PatientAdvancePaymentsReply>().rows.every((row) => row.patientID === ours.patientId)).toBe(true);
  });

  it('lets only a role with the payments module apply an advance, and only one with patients add one', async () => {
    await createTestUser(database.db, 'front-desk@example.test', { groupIds: [ours.groupId], modules: ['PATIENTS'] });
    const frontDesk = await signIn(test, 'front-desk@example.test');
    const advancePaymentID = await added(1_000);
    const applied = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/applyAdvancePatientPayments',
      headers: bearer(frontDesk),
      payload: { advancePaymentID, applications: [{ chargeID: lineAt(6).chargeID, amount: 100 }] },
    });
    expect(applied.statusCode).toBe(403);
    const collected = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/savePatientAdvancePayments',
      headers: bearer(frontDesk),
      payload: { patientID: ours.patientId, amount: 100, method: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
  });
});
