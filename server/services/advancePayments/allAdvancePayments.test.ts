import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvanceListReply } from '../../../contract/advancePaymentList.ts';
import type { AdvancePaymentAddedReply } from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

describe.each(testEngines)('the advance payments list on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let biller: SessionUser;
  let other: SessionUser;
  let ours: TestGroup;
  let hidden: TestGroup;

  beforeAll(async () => {
    database = await engine.create();
    ours = await createTestGroup(database.db, 'Listed', { claims: 1 });
    hidden = await createTestGroup(database.db, 'Elsewhere', { claims: 1 });
    await createTestUser(database.db, 'list@example.test', { groupIds: [ours.groupId] });
    await createTestUser(database.db, 'other@example.test', { groupIds: [hidden.groupId] });
    test = await createTestApp(database.db);
    biller = await signIn(test, 'list@example.test');
    other = await signIn(test, 'other@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const add = async (session: SessionUser, patientID: number, amount: number, receivedOn: string) => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/savePatientAdvancePayments',
      headers: bearer(session),
      payload: { patientID, amount, method: 'check', reference: '1001', receivedOn },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AdvancePaymentAddedReply>().advancePaymentID;
  };
  const list = (session: SessionUser, query: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url: '/api/Patient/getAdvancePaymentsData', headers: bearer(session), query });

  it("lists the data role's advances newest first, with the patient and the figures, and never another group's", async () => {
    const older = await add(biller, ours.patientId, 12_500, '2026-03-01');
    const newer = await add(biller, ours.patientId, 4_000, '2026-04-01');
    const theirs = await add(other, hidden.patientId, 9_900, '2026-04-02');

    const reply = await list(biller);
    expect(reply.statusCode, reply.body).toBe(200);
    const { count, rows } = reply.json<AdvanceListReply>();
    expect(count).toBe(2);
    expect(rows.map((row) => row.advancePaymentID)).toEqual([newer, older]);
    expect(rows[1]).toMatchObject({
      patientID: ours.patientId,
      amount: 12_500,
      applied: 0,
      unapplied: 12_500,
      status: 'active',
      method: 'check',
      reference: '1001',
      receivedOn: '2026-03-01',
      accountNumber: 'LIS0001',
    });
    expect(rows[1]?.patientName).toMatch(/^[A-Z]+, JANE$/);

    const theirList = (await list(other)).json<AdvanceListReply>();
    expect(theirList.rows.map((row) => row.advancePaymentID)).toEqual([theirs]);
  });

  it('keeps only the advances with credit left, or those of one status', async () => {
    const [first] = (await list(biller)).json<AdvanceListReply>().rows;
    const reversed = await test.app.inject({
      method: 'GET',
      url: '/api/Patient/reverseAdvancePayment',
      headers: bearer(biller),
      query: { advancePaymentID: String(first?.advancePaymentID), postingDate: '2026-04-03' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    const credit = (await list(biller, { filter: 'credit' })).json<AdvanceListReply>();
    expect(credit.rows.map((row) => row.amount)).toEqual([12_500]);
    const gone = (await list(biller, { filter: 'reversed' })).json<AdvanceListReply>();
    expect(gone.rows).toEqual([
      expect.objectContaining({ advancePaymentID: first?.advancePaymentID, status: 'reversed', unapplied: 0 }),
    ]);
    const one = (await list(biller, { pageSize: '1' })).json<AdvanceListReply>();
    expect(one).toMatchObject({
      count: 2,
      rows: [expect.objectContaining({ advancePaymentID: first?.advancePaymentID })],
    });
  });

  it('refuses bad input with 400 and a message', async () => {
    const bad: Record<string, string>[] = [
      { filter: 'everything' },
      { pageSize: '0' },
      { pageSize: '5000' },
      { patientID: String(ours.patientId) },
    ];
    for (const query of bad) {
      const reply = await list(biller, query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });
});
