/**
 * The lists screens pick from (CARC and RARC codes with their stop dates, claim and charge
 * statuses, fee types, times of day) and the posting date check, which refuses a date as the
 * payment writers would: in the future, or in a month closed by the month-end lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdjustmentCodesReply,
  IdLabelList,
  PostingDateCheckReply,
  ValueLabelList,
} from '../../contract/lookups.ts';
import { testEngines } from '../test/engines.ts';
import { remitWorld, type RemitWorld } from '../services/era/remitTestKit.ts';

describe.each(testEngines)('lookups and the posting date check on $name', (engine) => {
  let world: RemitWorld;

  beforeAll(async () => {
    world = await remitWorld(engine, 'lookups@example.test');
    await world.db.query(
      `INSERT INTO adjustment_reason_codes (code, description, stop_date) VALUES
         ('10', 'The diagnosis is inconsistent with the patient''s gender.', DATE '2018-03-01'),
         ('B7', 'This provider was not certified/eligible to be paid for this procedure/service on this date of service.', NULL)
       ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, stop_date = EXCLUDED.stop_date`,
    );
    await world.db.query(
      `INSERT INTO remark_codes (code, description, stop_date) VALUES
         ('M10', 'Equipment purchases are limited to the first or the tenth month of medical necessity.', NULL),
         ('M1', 'X-ray not taken within the past 12 months or near enough to the start of treatment.', NULL),
         ('MA01', 'Alert: If you do not agree with what we approved for these services, you may appeal.', NULL),
         ('N1', 'Alert: You may appeal this decision in writing within the required time limits.', DATE '2009-01-01')
       ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, stop_date = EXCLUDED.stop_date`,
    );
    const locked = await world.call('POST', 'Reports/lockMonthEndData', {
      groupID: world.group.groupId,
      monthStartDate: '2026-10-01',
    });
    expect(locked.statusCode, locked.body).toBe(200);
  });
  afterAll(async () => world?.close());

  const anonymous = (path: string) => world.test.app.inject({ method: 'GET', url: `/api/${path}` });

  it('answers 401 without a session on each call', async () => {
    for (const path of [
      'Repository/getReasonCode',
      'Repository/getRemarkCode',
      'Repository/getChargeStatus',
      'Repository/getStartAndEndTimeDropdown',
      'AddEditClaim/getClaimStatusCode',
      'AddEditClaim/getFeeType',
      'AddEditClaim/getPostingDateCheck?postingDate=2026-11-10&claimID=1',
    ])
      expect((await anonymous(path)).statusCode, path).toBe(401);
  });

  it('lists the CARC codes with their stop dates, numbers by value, and searches them', async () => {
    const all = await world.call('GET', 'Repository/getReasonCode');
    expect(all.statusCode, all.body).toBe(200);
    const codes = all.json<AdjustmentCodesReply>();
    const order = codes.map((row) => row.code);
    expect(order.indexOf('2')).toBeLessThan(order.indexOf('10'));
    expect(order.indexOf('10')).toBeLessThan(order.indexOf('45'));
    expect(order.indexOf('253')).toBeLessThan(order.indexOf('B7'));
    expect(codes.find((row) => row.code === '10')?.stopDate).toBe('2018-03-01');
    expect(codes.find((row) => row.code === '45')).toEqual({
      code: '45',
      description: 'Charge exceeds fee schedule/maximum allowable.',
      stopDate: null,
    });
    const found = await world.call('GET', 'Repository/getReasonCode', { searchValue: 'fee schedule' });
    expect(found.json<AdjustmentCodesReply>().map((row) => row.code)).toEqual(['45']);
    const byCode = await world.call('GET', 'Repository/getReasonCode', { searchValue: 'b7' });
    expect(byCode.json<AdjustmentCodesReply>().map((row) => row.code)).toEqual(['B7']);
    // A search's % or _ is a character, not a wildcard.
    const literal = await world.call('GET', 'Repository/getReasonCode', { searchValue: '%' });
    expect(literal.json<AdjustmentCodesReply>()).toEqual([]);
  });

  it('lists the RARC codes by prefix then number, marking the retired ones', async () => {
    const all = await world.call('GET', 'Repository/getRemarkCode');
    expect(all.statusCode, all.body).toBe(200);
    const codes = all.json<AdjustmentCodesReply>();
    expect(codes.map((row) => row.code)).toEqual(['M1', 'M10', 'MA01', 'N1']);
    expect(codes.find((row) => row.code === 'N1')?.stopDate).toBe('2009-01-01');
    const found = await world.call('GET', 'Repository/getRemarkCode', { searchValue: 'appeal' });
    expect(found.json<AdjustmentCodesReply>().map((row) => row.code)).toEqual(['MA01', 'N1']);
  });

  it('refuses a search that is too long, or an unknown parameter, with 400', async () => {
    const long = await world.call('GET', 'Repository/getRemarkCode', { searchValue: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A code search is at most 60 characters.');
    const unknown = await world.call('GET', 'Repository/getReasonCode', { code: '45' });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists claim statuses, charge statuses, fee types and times of day', async () => {
    const statuses = (await world.call('GET', 'AddEditClaim/getClaimStatusCode')).json<IdLabelList>();
    expect(statuses).toHaveLength(11);
    expect(statuses[0]).toEqual({ id: 1, label: 'Draft' });
    expect(statuses.find((row) => row.id === 8)?.label).toBe('Paid');
    expect(statuses.at(-1)).toEqual({ id: 11, label: 'Void' });

    expect((await world.call('GET', 'Repository/getChargeStatus')).json<ValueLabelList>()).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'hold', label: 'On hold' },
      { value: 'void', label: 'Void' },
    ]);
    expect((await world.call('GET', 'AddEditClaim/getFeeType')).json<ValueLabelList>().map((row) => row.value)).toEqual(
      ['standard', 'payer'],
    );

    const times = (await world.call('GET', 'Repository/getStartAndEndTimeDropdown')).json<ValueLabelList>();
    expect(times).toHaveLength(96);
    expect(times[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(times[1]).toEqual({ value: '00:15', label: '12:15 AM' });
    expect(times.find((row) => row.value === '12:00')?.label).toBe('12:00 PM');
    expect(times.find((row) => row.value === '13:45')?.label).toBe('1:45 PM');
    expect(times.at(-1)).toEqual({ value: '23:45', label: '11:45 PM' });
    for (const path of [
      'Repository/getStartAndEndTimeDropdown',
      'Repository/getChargeStatus',
      'AddEditClaim/getClaimStatusCode',
      'AddEditClaim/getFeeType',
    ]) {
      const extra = await world.call('GET', path, { step: 5 });
      expect(extra.statusCode, path).toBe(400);
      expect(extra.json<{ message: string }>().message, path).toMatch(/step/);
    }
  });

  const check = async (input: Record<string, unknown>) => {
    const reply = await world.call('GET', 'AddEditClaim/getPostingDateCheck', input);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<PostingDateCheckReply>();
  };

  it('allows a day in an open month up to today, for a claim or a patient', async () => {
    const { claimID } = await world.claimWith([10_000]);
    expect(await check({ postingDate: '2026-11-10', claimID })).toEqual({
      allowed: true,
      message: null,
      lockedThrough: '2026-10-01',
    });
    expect(await check({ postingDate: '2026-11-22', patientID: world.group.patientId })).toEqual({
      allowed: true,
      message: null,
      lockedThrough: '2026-10-01',
    });
  });

  it('refuses a day in the locked month with the words the posting itself answers', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const checked = await check({ postingDate: '2026-10-20', claimID });
    expect(checked).toEqual({
      allowed: false,
      message: 'October 2026 is closed (month-end lock); post with a date in an open month.',
      lockedThrough: '2026-10-01',
    });
    const posted = await world.call('POST', 'AddEditClaim/savePatientPayments', {
      patientID: world.group.patientId,
      method: 'cash',
      postingDate: '2026-10-20',
      applications: [{ chargeID: lines[0]!.chargeID, amount: 1_000 }],
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json<{ message: string }>().message).toBe(checked.message);
    expect((await check({ postingDate: '2026-10-01', patientID: world.group.patientId })).allowed).toBe(false);
  });

  it('refuses a day after today as the posting would', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const checked = await check({ postingDate: '2026-11-23', claimID });
    expect(checked).toEqual({
      allowed: false,
      message: 'The posting date 2026-11-23 is in the future.',
      lockedThrough: '2026-10-01',
    });
    const posted = await world.call('POST', 'AddEditClaim/saveInsurancePayments', {
      claimID,
      reference: 'EOB-FUTURE',
      postingDate: '2026-11-23',
      lines: [{ chargeID: lines[0]!.chargeID, paid: 6_000, adjustments: [] }],
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json<{ message: string }>().message).toBe(checked.message);
  });

  it("knows no lock for the other group's practice", async () => {
    expect(await check({ postingDate: '2026-10-20', patientID: world.other.patientId })).toEqual({
      allowed: true,
      message: null,
      lockedThrough: null,
    });
  });

  it('refuses bad input with 400 and an unknown claim with 404', async () => {
    const { claimID } = await world.claimWith([10_000]);
    const cases: [Record<string, unknown>, string][] = [
      [{ claimID }, 'postingDate: is required.'],
      [{ postingDate: '11/10/2026', claimID }, 'The posting date is YYYY-MM-DD.'],
      [{ postingDate: '2026-02-30', claimID }, 'The posting date is not a real day.'],
      [{ postingDate: '2026-11-10' }, 'Give the claimID or the patientID the posting is for (one of them).'],
      [
        { postingDate: '2026-11-10', claimID, patientID: world.group.patientId },
        'Give the claimID or the patientID the posting is for (one of them).',
      ],
    ];
    for (const [input, message] of cases) {
      const reply = await world.call('GET', 'AddEditClaim/getPostingDateCheck', input);
      expect(reply.statusCode, JSON.stringify(input)).toBe(400);
      expect(reply.body).toContain(message);
    }
    const missing = await world.call('GET', 'AddEditClaim/getPostingDateCheck', {
      postingDate: '2026-11-10',
      claimID: 999_999_999,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Claim not found.');
  });
});
