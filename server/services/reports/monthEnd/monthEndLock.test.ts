/**
 * The month-end lock as a biller meets it: a month not over is refused; the first lock of a
 * practice locks the open months before it too and says so; locking twice says the month is
 * locked already and changes nothing; the lock is audited; the month-end view says what a lock
 * would lock and what is locked; the reload checks the locked months against the ledger; another
 * group's months are not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LastSummaryDateReply,
  LockMonthReply,
  MonthEndStatusReply,
  MonthlySummaryReply,
  ReloadSummaryReply,
} from '../../../../contract/monthEnd.ts';
import { testEngines } from '../../../test/engines.ts';
import { createTestUser } from '../../../test/fixtures.ts';
import { bearer, signIn } from '../../../test/harness.ts';
import { remitWorld, type RemitWorld } from '../../era/remitTestKit.ts';

describe.each(testEngines)('locking a month on $name', (engine) => {
  let world: RemitWorld;
  const lock = (monthStartDate: string, extra: Record<string, unknown> = {}) =>
    world.call('POST', 'Reports/lockMonthEndData', { groupID: world.group.groupId, monthStartDate, ...extra });

  beforeAll(async () => {
    world = await remitWorld(engine, 'month-end-lock@example.test');
    // Charges posted 2026-01-15; a payment in March.
    const { lines } = await world.claimWith([10_000, 5_000]);
    const paid = await world.call('POST', 'AddEditClaim/savePatientPayments', {
      patientID: world.group.patientId,
      method: 'cash',
      postingDate: '2026-03-10',
      applications: [{ chargeID: lines[0]!.chargeID, amount: 2_500 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });
  afterAll(async () => world?.close());

  it('refuses a month that has not ended', async () => {
    const reply = await lock('2026-11-01');
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe(
      'November 2026 has not ended yet: a month is locked once it is over.',
    );
  });

  it('says what a lock would do before it is made', async () => {
    const reply = await world.call('GET', 'Reports/getNewMonthlySummaryDevelopmemt', {
      groupID: world.group.groupId,
      monthStartDate: '2026-03-01',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [practice] = reply.json<MonthEndStatusReply>().practices;
    expect(practice).toMatchObject({
      lockedThrough: null,
      monthLocked: false,
      wouldLock: ['2026-01-01', '2026-02-01', '2026-03-01'],
      figures: { chargesCents: 0, paymentsCents: 2_500, startArCents: 15_000, endArCents: 12_500 },
    });
  });

  it('locks the month with the open months before it, keeps its figures and audits it', async () => {
    const reply = await lock('2026-03-01', { practiceID: world.group.practiceId });
    expect(reply.statusCode, reply.body).toBe(200);
    const locked = reply.json<LockMonthReply>();
    expect(locked.locked).toEqual([
      {
        practiceID: world.group.practiceId,
        practiceName: 'Remit Ours Practice',
        months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      },
    ]);
    expect(locked.message).toBe(
      'March 2026 is locked for Remit Ours Practice (with January and February 2026, open before it): nothing can be posted with a date in it now; post corrections in an open month.',
    );
    const [audit] = await world.db.query<{ detail: { months: string[] } }>(
      "SELECT detail FROM audit_log WHERE action = 'monthEnd.lock' AND record_id = $1::text",
      [world.group.practiceId],
    );
    expect(audit?.detail.months).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);

    const summary = (
      await world.call('GET', 'Reports/getmonthlySummaryDevelopmemt', {
        groupID: world.group.groupId,
        fromDate: '2026-01-01',
        toDate: '2026-04-30',
      })
    ).json<MonthlySummaryReply>();
    const group = summary.rows.filter((row) => row.level === 'group');
    expect(group.map((row) => [row.monthStart, row.locked, row.startArCents, row.endArCents])).toEqual([
      ['2026-04-01', false, 12_500, 12_500],
      ['2026-03-01', true, 15_000, 12_500],
      ['2026-02-01', true, 15_000, 15_000],
      ['2026-01-01', true, 0, 15_000],
    ]);
  });

  it('says so when the month is locked already, and changes nothing', async () => {
    const before = await world.db.query('SELECT * FROM month_end_locks');
    const reply = await lock('2026-03-01');
    expect(reply.statusCode).toBe(409);
    expect(reply.json<{ message: string }>().message).toBe(
      'March 2026 is already locked for Remit Ours Practice: nothing was changed.',
    );
    expect(await world.db.query('SELECT * FROM month_end_locks')).toEqual(before);
  });

  it('a later lock locks only the months since the last one', async () => {
    const reply = await lock('2026-05-01');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<LockMonthReply>().locked[0]?.months).toEqual(['2026-04-01', '2026-05-01']);
  });

  it('a reload checks every locked month against the ledger and is remembered', async () => {
    const reply = await world.call('GET', 'Reports/reloadMonthlySummaryReport', { groupID: world.group.groupId });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ReloadSummaryReply>()).toMatchObject({
      lockedMonthsChecked: 5,
      differences: [],
      message: 'Monthly summary reloaded from the ledger: 5 locked months checked, all as kept when locked.',
    });
    const last = (
      await world.call('GET', 'Repository/getLastMonthlySummaryReportDate', { groupID: world.group.groupId })
    ).json<LastSummaryDateReply>();
    expect(last).toMatchObject({ lastLockedMonth: '2026-05-01' });
    expect(last.reloadedAt).not.toBeNull();
  });

  it("another group's months are not found", async () => {
    await createTestUser(world.db, 'other-month-end@example.test', { groupIds: [world.other.groupId] });
    const other = await signIn(world.test, 'other-month-end@example.test');
    const reply = await world.test.app.inject({
      method: 'POST',
      url: '/api/Reports/lockMonthEndData',
      payload: { groupID: world.group.groupId, monthStartDate: '2026-06-01' },
      headers: bearer(other),
    });
    expect(reply.statusCode).toBe(404);
    const summary = await world.test.app.inject({
      method: 'GET',
      url: '/api/Reports/getmonthlySummaryDevelopmemt',
      query: { groupID: String(world.group.groupId), fromDate: '2026-01-01', toDate: '2026-02-01' },
      headers: bearer(other),
    });
    expect(summary.statusCode).toBe(404);
  });
});
