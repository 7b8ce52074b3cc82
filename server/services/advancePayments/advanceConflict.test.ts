/**
 * Two billers spending the same advance at the same moment: one succeeds, the other is told it
 * conflicts (409) and nothing is applied or refunded twice. The two calls touch different claims,
 * so only the advance's own row lock keeps them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancePaymentAddedReply } from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { booksDisagree, chargeLines, type OurLine } from './advanceTestKit.ts';

describe.each(testEngines)('two billers on one advance payment on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let first: SessionUser;
  let second: SessionUser;
  let group: TestGroup;
  let lines: OurLine[];

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Race', { claims: 6 });
    lines = await chargeLines(database.db, group.groupId);
    await createTestUser(database.db, 'first@example.test', { groupIds: [group.groupId] });
    await createTestUser(database.db, 'second@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    first = await signIn(test, 'first@example.test');
    second = await signIn(test, 'second@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const added = async (amount: number) => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/savePatientAdvancePayments',
      headers: bearer(first),
      payload: { patientID: group.patientId, amount, method: 'cash' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AdvancePaymentAddedReply>().advancePaymentID;
  };
  const apply = (session: SessionUser, advancePaymentID: number, line: OurLine, amount: number) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/applyAdvancePatientPayments',
      headers: bearer(session),
      payload: { advancePaymentID, applications: [{ chargeID: line.chargeID, amount }] },
    });
  const refund = (session: SessionUser, advancePaymentID: number) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Patient/refundAdvancePayment',
      headers: bearer(session),
      query: { advancePaymentID: String(advancePaymentID) },
    });
  const credit = async (advancePaymentID: number) =>
    (
      await database.db.query<{ spent: number }>(
        'SELECT coalesce(sum(amount_cents), 0)::bigint AS spent FROM ledger_entries WHERE advance_payment_id = $1 AND charge_id IS NOT NULL',
        [advancePaymentID],
      )
    )[0]?.spent;
  const line = (index: number) => lines[index] as OurLine;

  it('lets one of two applications of the whole advance through and refuses the other', async () => {
    for (let round = 0; round < 3; round++) {
      const advancePaymentID = await added(5_000);
      const replies = await Promise.all([
        apply(first, advancePaymentID, line(round * 2), 5_000),
        apply(second, advancePaymentID, line(round * 2 + 6), 5_000),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
      const refused = replies.find((reply) => reply.statusCode === 409);
      expect(refused?.json<{ message: string }>().message).toBe(
        `Advance payment ${advancePaymentID} has $0.00 left to apply, less than the $50.00 asked (another biller may have just used it); nothing was applied.`,
      );
      expect(await credit(advancePaymentID)).toBe(-5_000);
      expect(await booksDisagree(database.db)).toEqual([]);
    }
  });

  it('lets one of two refunds through, and an application racing a refund never spends the same credit twice', async () => {
    const twice = await added(4_000);
    const refunds = await Promise.all([refund(first, twice), refund(second, twice)]);
    expect(refunds.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const [row] = await database.db.query<{ refunded: number }>(
      "SELECT coalesce(sum(amount_cents), 0)::bigint AS refunded FROM ledger_entries WHERE advance_payment_id = $1 AND entry_type = 'refund'",
      [twice],
    );
    expect(row?.refunded).toBe(4_000);

    const raced = await added(3_000);
    const replies = await Promise.all([apply(first, raced, line(1), 3_000), refund(second, raced)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const [left] = await database.db.query<{ credit: number }>(
      'SELECT coalesce(-sum(amount_cents), 0)::bigint AS credit FROM ledger_entries WHERE advance_payment_id = $1 AND charge_id IS NULL',
      [raced],
    );
    expect(left?.credit).toBe(0);
    expect(await booksDisagree(database.db)).toEqual([]);
  });
});
