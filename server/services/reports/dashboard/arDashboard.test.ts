import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ArDaysReply,
  ClaimCountsReply,
  CollectedReply,
  ExpectedPaymentsReply,
  MonthlyAverageReply,
  RecentlyAccessedReply,
  UnresolvedTasksReply,
} from '../../../../contract/arDashboard.ts';
import { CLAIM_STATUS, SUBMIT_STATUS } from '../../../../contract/claimStatus.ts';
import { testEngines } from '../../../test/engines.ts';
import { bearer } from '../../../test/harness.ts';
import { openClaimTestWorld, type ClaimTestWorld } from '../../scrub/scrubTestData.ts';

/** The test clock's day (harness.ts TestClock). */
const TODAY = '2026-11-22';

interface Row {
  claimID: number;
  practiceID: number;
  entryType: string;
  reversedType: string | null;
  cents: number;
  postingDate: string;
}

const RECEIVED = ['insurance_payment', 'patient_payment', 'advance_application', 'refund'];

describe.each(testEngines)('the AR dashboard, on $name', (engine) => {
  let world: ClaimTestWorld;
  const ids = { a: 0, b: 0, c: 0, d: 0, elsewhere: 0 };

  beforeAll(async () => {
    world = await openClaimTestWorld(engine, 'Dashing', 'Faraway', 1);
    const { db } = world.database;
    const { group } = world.data;
    const claim = async (cents: number) =>
      (await world.data.insertClaim({ lines: [{ code: '99213', cents }] })).claimID;
    ids.a = await claim(10_000);
    ids.b = await claim(20_000);
    ids.c = await claim(5_000);
    ids.d = await claim(8_000);
    ids.elsewhere = world.elsewhere.claimIds[0]!;
    const post = async (
      claimID: number,
      entryType: string,
      cents: number,
      day: string,
      reverses: number | null = null,
    ) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date, reverses_ledger_id)
         SELECT group_id, practice_id, patient_id, claim_id, $2, $3, $4::date, $5 FROM claims WHERE claim_id = $1 RETURNING ledger_id AS id`,
        [claimID, entryType, cents, day, reverses],
      );
      return row!.id;
    };
    const state = (
      claimID: number,
      status: number,
      balance: number,
      submitted: string | null,
      submit: number = SUBMIT_STATUS.acceptedByClearinghouse,
    ) =>
      db.query(
        'UPDATE claims SET claim_status_id = $2, balance_cents = $3, submitted_at = $4::timestamptz, submit_status_id = $5 WHERE claim_id = $1',
        [claimID, status, balance, submitted, submit],
      );
    // A: billed in October, paid by the payer 20 days after submission, then a patient payment.
    await post(ids.a, 'charge', 10_000, '2026-10-05');
    await state(ids.a, CLAIM_STATUS.submitted, 10_000, '2026-10-06T12:00:00Z');
    await post(ids.a, 'insurance_payment', -6_000, '2026-10-26');
    await post(ids.a, 'contractual_adjustment', -1_000, '2026-10-26');
    await post(ids.a, 'patient_payment', -500, '2026-11-03');
    await state(ids.a, CLAIM_STATUS.patientBalance, 2_500, '2026-10-06T12:00:00Z');
    // B: billed in November, awaiting the payer.
    await post(ids.b, 'charge', 20_000, '2026-11-02');
    await state(ids.b, CLAIM_STATUS.submitted, 20_000, '2026-11-20T12:00:00Z');
    // C: denied.
    await post(ids.c, 'charge', 5_000, '2026-11-10');
    await state(ids.c, CLAIM_STATUS.denied, 5_000, '2026-11-11T12:00:00Z');
    // D: paid 15 days after submission, the payment reversed the next day: nothing collected.
    await post(ids.d, 'charge', 8_000, '2026-09-15');
    await state(ids.d, CLAIM_STATUS.submitted, 8_000, '2026-09-16T12:00:00Z');
    const paid = await post(ids.d, 'insurance_payment', -8_000, '2026-10-01');
    await post(ids.d, 'reversal', 8_000, '2026-10-02', paid);
    await state(ids.d, CLAIM_STATUS.acceptedByPayer, 8_000, '2026-09-16T12:00:00Z');
    // Another group's money, task and recent record: never in the biller's figures.
    await post(ids.elsewhere, 'charge', 99_999, '2026-11-04');
    await post(ids.elsewhere, 'insurance_payment', -77_777, '2026-11-05');
    const [biller] = await db.query<{ id: number }>(
      "SELECT user_id AS id FROM users WHERE email = 'dashing@example.test'",
    );
    await db.query(
      `INSERT INTO tasks (group_id, claim_id, task_type_id, assigned_user_id, text, due_date) VALUES
         ($1, $2, 1, $4, 'Call the payer about the balance', DATE '2026-11-20'),
         ($1, $2, 2, $4, 'Resolved already', NULL),
         ($5, $3, 1, $4, 'A task on another group''s claim', DATE '2026-11-01')`,
      [group.groupId, ids.a, ids.elsewhere, biller!.id, world.elsewhere.groupId],
    );
    await db.query("UPDATE tasks SET status = 'resolved' WHERE text = 'Resolved already'");
    await db.query(
      `INSERT INTO recents (user_id, item_type, item_id, label, accessed_at) VALUES ($1, 'claim', $2, 'Claim A', now()), ($1, 'claim', $3, 'Elsewhere', now())`,
      [biller!.id, String(ids.a), String(ids.elsewhere)],
    );
  });

  afterAll(async () => {
    await world.test.close();
    await world.database.dispose();
  });

  const get = (name: string, query: Record<string, string | number> = {}, session = world.biller) =>
    world.test.app.inject({
      method: 'GET',
      url: `/api/ARDashboard/${name}`,
      headers: bearer(session),
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const json = async <T>(name: string, query: Record<string, string | number> = {}, session = world.biller) => {
    const reply = await get(name, query, session);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<T>();
  };

  /** The ledger rows of the biller's practice, each reversal with the kind it reverses. */
  const ledgerRows = async (): Promise<Row[]> =>
    (
      await world.database.db.query<Row>(
        `SELECT l.claim_id AS "claimID", l.practice_id AS "practiceID", l.entry_type AS "entryType", o.entry_type AS "reversedType",
                l.amount_cents::int AS cents, l.posting_date::text AS "postingDate"
           FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
          WHERE l.practice_id = $1 ORDER BY l.ledger_id`,
        [world.data.group.practiceId],
      )
    ).map((row) => ({ ...row, claimID: Number(row.claimID) }));
  const kindOf = (row: Row) => row.reversedType ?? row.entryType;
  const inMonth = (month: string) => (row: Row) => row.postingDate.startsWith(month);
  const collected = (rows: Row[]) =>
    0 - rows.filter((row) => RECEIVED.includes(kindOf(row))).reduce((sum, row) => sum + row.cents, 0);
  const charged = (rows: Row[]) =>
    rows.filter((row) => kindOf(row) === 'charge').reduce((sum, row) => sum + row.cents, 0);
  /** Claims whose first charge row was posted in the month. */
  const billed = (rows: Row[], month: string) => {
    const first = new Map<number, string>();
    for (const row of rows)
      if (row.entryType === 'charge' && !first.has(row.claimID)) first.set(row.claimID, row.postingDate);
    return [...first.values()].filter((day) => day.startsWith(month)).length;
  };

  it('adds up the money collected by month as the ledger rows say, a reversed payment collecting nothing', async () => {
    const rows = await ledgerRows();
    const reply = await json<CollectedReply>('getCollectedAmountsData', {
      fromPostingDate: '2026-09-01',
      toPostingDate: TODAY,
    });
    expect(reply.unit).toBe('month');
    expect(reply.points.map((point) => point.start)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    for (const point of reply.points)
      expect(point.collectedCents).toBe(collected(rows.filter(inMonth(point.start.slice(0, 7)))));
    expect(reply.points.map((point) => point.collectedCents)).toEqual([0, 6_000, 500]);
    expect(reply.points[1]).toMatchObject({ insurancePaidCents: 6_000, patientPaidCents: 0 });
    expect(reply.points[2]).toMatchObject({ insurancePaidCents: 0, patientPaidCents: 500 });
    expect(reply.collectedCents).toBe(collected(rows));
    expect(reply.filter).toEqual({ postingFrom: '2026-09-01', postingTo: TODAY });
    // A short span is drawn by day.
    const days = await json<CollectedReply>('getCollectedAmountsData', {
      fromPostingDate: '2026-10-25',
      toPostingDate: '2026-10-27',
    });
    expect(days.unit).toBe('day');
    expect(days.points.map((point) => point.collectedCents)).toEqual([0, 6_000, 0]);
  });

  it('averages the charges and the money collected over the claims billed each month', async () => {
    const rows = await ledgerRows();
    const range = { fromPostingDate: '2026-09-01', toPostingDate: TODAY };
    const charges = await json<MonthlyAverageReply>('getAverageChargeAmount', range);
    const revenue = await json<MonthlyAverageReply>('getAverageClaimsRevenue', range);
    for (const [index, month] of ['2026-09', '2026-10', '2026-11'].entries()) {
      const monthRows = rows.filter(inMonth(month));
      const claims = billed(rows, month);
      expect(charges.points[index]).toMatchObject({ month, amountCents: charged(monthRows), claimsBilled: claims });
      expect(charges.points[index]!.averageCents).toBe(Math.round(charged(monthRows) / claims));
      expect(revenue.points[index]).toMatchObject({ month, amountCents: collected(monthRows), claimsBilled: claims });
    }
    expect(charges.points.map((point) => point.averageCents)).toEqual([8_000, 10_000, 12_500]);
    expect(revenue.points.map((point) => point.averageCents)).toEqual([0, 6_000, 250]);
  });

  it('says AR days: the receivable balance over the average day of charges of the period, with the aging behind it', async () => {
    const rows = await ledgerRows();
    const reply = await json<ArDaysReply>('getARSByData', { periodDays: 90 });
    const balances = new Map<number, number>();
    for (const row of rows) balances.set(row.claimID, (balances.get(row.claimID) ?? 0) + row.cents);
    // Every claim of the practice is receivable here: a balance above zero, none closed or void.
    const ar = [...balances.values()].filter((balance) => balance > 0).reduce((sum, balance) => sum + balance, 0);
    const periodCharges = charged(rows.filter((row) => row.postingDate >= '2026-08-25'));
    expect(reply).toMatchObject({
      asOf: TODAY,
      periodFrom: '2026-08-25',
      arCents: ar,
      arClaims: 4,
      chargesInPeriodCents: periodCharges,
    });
    expect(ar).toBe(35_500);
    expect(reply.arDays).toBe(Math.round((ar / (periodCharges / 90)) * 10) / 10);
    expect(reply.buckets.reduce((sum, bucket) => sum + bucket.balanceCents, 0)).toBe(ar);
    expect(reply.filter).toEqual({ ar: 'true' });
  });

  it('expects each awaiting claim on its submission day plus the payer’s median days, for its balance times the payer’s paid share', async () => {
    const reply = await json<ExpectedPaymentsReply>('getExpectedPaymentsByDay');
    // History: A paid 6,000 of 10,000 after 20 days, D 8,000 of 8,000 after 15 (its first payment, reversed since).
    const share = 14_000 / 18_000;
    const b = Math.round(20_000 * share);
    const d = Math.round(8_000 * share);
    expect(reply.payers).toEqual([
      expect.objectContaining({
        payerName: 'Aetna',
        medianDays: 15,
        paidShareBasisPoints: Math.round(share * 10_000),
        historyClaims: 2,
        claims: 2,
        balanceCents: 28_000,
        expectedCents: b + d,
      }),
    ]);
    // D (submitted Sep 16) was due Oct 1: already due; B (Nov 20) on Dec 5.
    expect(reply.overdue).toEqual({ claims: 1, expectedCents: d });
    expect(reply.days.find((day) => day.expectedCents > 0)).toEqual({
      date: '2026-12-05',
      claims: 1,
      expectedCents: b,
    });
    expect(reply.totalExpectedCents).toBe(b + d);
    expect(reply.filter).toMatchObject({ claimStatusIDs: '3,4', ar: 'true' });
    const medicare = await json<ExpectedPaymentsReply>('getExpectedPaymentsByDay', { insuranceTypeID: 'medicare' });
    expect(medicare.totalExpectedCents).toBe(0);
  });

  it('counts the claims needing action and the open items with their balance and the filter that lists them', async () => {
    const action = await json<ClaimCountsReply>('getActionNeededClaims');
    expect(action.rows.find((row) => row.key === 'denied')).toMatchObject({
      claims: 1,
      balanceCents: 5_000,
      filter: { claimStatusIDs: '6' },
    });
    expect(action).toMatchObject({ totalClaims: 1, totalBalanceCents: 5_000 });
    const open = await json<ClaimCountsReply>('getOpenItems');
    expect(open.rows.find((row) => row.key === 'patientBalance')).toMatchObject({ claims: 1, balanceCents: 2_500 });
    expect(open.totalClaims).toBe(1);
    // The other group's ready-to-submit claim is theirs alone.
    const theirs = await json<ClaimCountsReply>('getOpenItems', {}, world.outsider);
    expect(theirs.rows.find((row) => row.key === 'readyToSubmit')).toMatchObject({ claims: 1 });
  });

  it('lists the user’s open tasks and recent records within the data role', async () => {
    const tasks = await json<UnresolvedTasksReply>('getUnresolvedTasksAssignedToYou');
    expect(tasks).toMatchObject({ total: 1, overdue: 1 });
    expect(tasks.tasks).toEqual([
      expect.objectContaining({ claimID: ids.a, text: 'Call the payer about the balance', overdue: true }),
    ]);
    const recent = await json<RecentlyAccessedReply>('getRecentlyAccessedData');
    expect(recent.records.map((record) => record.id)).toEqual([ids.a]);
  });

  it('never shows another group’s figures, even when asked for that group', async () => {
    const asked = { groupID: world.elsewhere.groupId, fromPostingDate: '2026-09-01', toPostingDate: TODAY };
    expect((await json<CollectedReply>('getCollectedAmountsData', asked)).collectedCents).toBe(0);
    expect((await json<MonthlyAverageReply>('getAverageChargeAmount', asked)).amountCents).toBe(0);
    expect((await json<ArDaysReply>('getARSByData', { groupID: world.elsewhere.groupId })).arCents).toBe(0);
    expect((await json<ClaimCountsReply>('getOpenItems', { groupID: world.elsewhere.groupId })).totalClaims).toBe(0);
    expect(
      (await json<ExpectedPaymentsReply>('getExpectedPaymentsByDay', { groupID: world.elsewhere.groupId })).payers,
    ).toEqual([]);
    // The other group's biller sees their own money and none of ours.
    const theirs = await json<CollectedReply>(
      'getCollectedAmountsData',
      { fromPostingDate: '2026-09-01', toPostingDate: TODAY },
      world.outsider,
    );
    expect(theirs.collectedCents).toBe(77_777);
    expect((await json<ArDaysReply>('getARSByData', {}, world.outsider)).arClaims).toBe(1);
  });

  it('counts a claim denied after the dashboard was read at its next read', async () => {
    const before = await json<ClaimCountsReply>('getActionNeededClaims');
    const expected = await json<ExpectedPaymentsReply>('getExpectedPaymentsByDay');
    await world.database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      ids.b,
      CLAIM_STATUS.denied,
    ]);
    try {
      const after = await json<ClaimCountsReply>('getActionNeededClaims');
      expect(after.totalClaims).toBe(before.totalClaims + 1);
      expect(after.totalBalanceCents).toBe(before.totalBalanceCents + 20_000);
      // No longer awaiting the payer: no longer expected.
      const now = await json<ExpectedPaymentsReply>('getExpectedPaymentsByDay');
      expect(now.totalExpectedCents).toBe(expected.totalExpectedCents - Math.round(20_000 * (14_000 / 18_000)));
    } finally {
      await world.database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
        ids.b,
        CLAIM_STATUS.submitted,
      ]);
    }
  });

  it('keeps to the practices the role shows within a group: their tasks and money only', async () => {
    const { db } = world.database;
    const { group } = world.data;
    const [practice] = await db.query<{ id: number }>(
      `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip)
       VALUES ($1, 'Dashing Annex', '1234567893', '123456789', '3 Elm St', 'Austin', 'TX', '78701') RETURNING practice_id AS id`,
      [group.groupId],
    );
    const [claim] = await db.query<{ id: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to, total_charge_cents, balance_cents)
       VALUES ($1, $2, $3, 'SMITH, JANE', $4, $5, 7, 2, 3, DATE '2026-11-01', DATE '2026-11-01', 4000, 1000) RETURNING claim_id AS id`,
      [group.groupId, practice!.id, group.patientId, group.insuranceId, group.providerId],
    );
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date)
       VALUES ($1, $2, $3, $4, 'charge', 4000, DATE '2026-11-01'), ($1, $2, $3, $4, 'insurance_payment', -3000, DATE '2026-11-12')`,
      [group.groupId, practice!.id, group.patientId, claim!.id],
    );
    const [biller] = await db.query<{ id: number; role: number }>(
      "SELECT user_id AS id, data_role_id AS role FROM users WHERE email = 'dashing@example.test'",
    );
    await db.query(
      `INSERT INTO tasks (group_id, claim_id, task_type_id, assigned_user_id, text) VALUES ($1, $2, 1, $3, 'Annex follow-up')`,
      [group.groupId, claim!.id, biller!.id],
    );
    const range = { fromPostingDate: '2026-11-01', toPostingDate: TODAY };
    const wholeGroup = await json<CollectedReply>('getCollectedAmountsData', range);
    expect((await json<UnresolvedTasksReply>('getUnresolvedTasksAssignedToYou')).total).toBe(2);
    // The role now shows the first practice of the group only.
    await db.query('INSERT INTO data_role_practices (data_role_id, practice_id, show) VALUES ($1, $2, true)', [
      biller!.role,
      group.practiceId,
    ]);
    try {
      const tasks = await json<UnresolvedTasksReply>('getUnresolvedTasksAssignedToYou');
      expect(tasks.total).toBe(1);
      expect(tasks.tasks.map((task) => task.text)).toEqual(['Call the payer about the balance']);
      const narrowed = await json<CollectedReply>('getCollectedAmountsData', range);
      expect(narrowed.collectedCents).toBe(wholeGroup.collectedCents - 3_000);
    } finally {
      await db.query('DELETE FROM data_role_practices WHERE data_role_id = $1', [biller!.role]);
    }
  });

  it('refuses bad input with a message naming the problem', async () => {
    const refused = async (name: string, query: Record<string, string | number>, message: RegExp) => {
      const reply = await get(name, query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    };
    await refused(
      'getCollectedAmountsData',
      { fromPostingDate: '2026-11-01', toPostingDate: '2026-10-01' },
      /first posting date is after the last/,
    );
    await refused(
      'getAverageClaimsRevenue',
      { fromPostingDate: '2020-01-01', toPostingDate: '2026-10-01' },
      /three years/,
    );
    await refused('getAverageChargeAmount', { fromPostingDate: '2026-02-30' }, /.+/);
    await refused('getARSByData', { periodDays: 7 }, /30, 60, 90, 180, 365/);
    await refused('getExpectedPaymentsByDay', { insuranceTypeID: 'martian' }, /medicare/);
    await refused('getActionNeededClaims', { groupID: 'abc' }, /.+/);
    await refused('getOpenItems', { pageSize: 5 }, /.+/);
  });
});
