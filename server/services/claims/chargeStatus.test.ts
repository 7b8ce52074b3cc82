import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import {
  CHARGE_STATUS_UPDATED,
  VOID_CHARGE_LOCKED,
  type ChargeStatusHistoryReply,
} from '../../../contract/chargeStatus.ts';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import {
  balanceMismatches,
  claimSnapshot,
  insertLedgerClaim,
  markScrubbed,
  markSubmitted,
  postOnLine,
} from './chargeStatusTestData.ts';

describe.each(testEngines)('charge line status on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Liner', 'Yonder'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const change = (payload: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Claims/changeChargeStatus',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload,
    });
  const refusal = async (payload: Record<string, unknown>, status = 400) => {
    const reply = await change(payload);
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const history = (chargeID: number | string, session = biller) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Claims/getChargeStatusHistory',
      headers: bearer(session),
      query: { chargeID: String(chargeID) },
    });
  const detail = async (claimID: number) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getClaimDetailData',
      headers: bearer(biller),
      query: { claimID: String(claimID) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ClaimDetailReply>();
  };
  const claimOf = async (claimID: number) =>
    (
      await database.db.query<{
        claimStatusID: number;
        scrubStatusID: number;
        total: number;
        balance: number;
        findings: number;
      }>(
        `SELECT claim_status_id AS "claimStatusID", scrub_status_id AS "scrubStatusID", total_charge_cents AS total, balance_cents AS balance,
                (SELECT count(*)::int FROM scrub_results r WHERE r.claim_id = c.claim_id) AS findings
           FROM claims c WHERE claim_id = $1`,
        [claimID],
      )
    )[0];
  const lineOf = async (chargeID: number) =>
    (
      await database.db.query<{ status: string; balance: number }>(
        'SELECT charge_status AS status, balance_cents AS balance FROM charges WHERE charge_id = $1',
        [chargeID],
      )
    )[0];
  const eventsOf = (claimID: number) =>
    database.db.query<{ action: string; source: string; detail: Record<string, unknown> }>(
      'SELECT action, source, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
  const today = () => new Date(test.clock.time).toISOString().slice(0, 10);

  it('puts a line on hold and back: a history row and a DNA event each, and the claim needs scrubbing again', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }],
    });
    await markScrubbed(database.db, claimID);
    const chargeID = chargeIDs[1]!;

    const held = await change({ chargeID, status: 'hold' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toEqual({ message: CHARGE_STATUS_UPDATED });
    expect(await lineOf(chargeID)).toEqual({ status: 'hold', balance: 2_500 });
    expect(await claimOf(claimID)).toEqual({
      claimStatusID: CLAIM_STATUS.draft,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      total: 12_500,
      balance: 12_500,
      findings: 0,
    });
    test.clock.advanceMinutes(3);
    expect((await change({ chargeID, status: 'active' })).statusCode).toBe(200);

    const rows = await history(chargeID);
    expect(rows.statusCode, rows.body).toBe(200);
    const { rows: changes } = rows.json<ChargeStatusHistoryReply>();
    expect(changes.map(({ fromStatus, toStatus, changedBy }) => ({ fromStatus, toStatus, changedBy }))).toEqual([
      { fromStatus: 'active', toStatus: 'hold', changedBy: 'Test User' },
      { fromStatus: 'hold', toStatus: 'active', changedBy: 'Test User' },
    ]);
    expect(changes[1]?.changedAt).toBe(new Date(test.clock.time).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(await eventsOf(claimID)).toEqual([
      {
        action: 'charge status changed',
        source: 'palette',
        detail: { chargeID, lineNumber: 2, from: 'active', to: 'hold' },
      },
      {
        action: 'charge status changed',
        source: 'palette',
        detail: { chargeID, lineNumber: 2, from: 'hold', to: 'active' },
      },
    ]);
    const audit = await database.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'charges.status' AND record_id = $1 ORDER BY audit_id`,
      [String(chargeID)],
    );
    expect(audit.map((row) => row.detail)).toEqual([
      { claimID, from: 'active', to: 'hold' },
      { claimID, from: 'hold', to: 'active' },
    ]);
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);
  });

  it('voids a line: a reversal of its charge row, its balance to 0, the claim total and balance follow it', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }],
    });
    await markScrubbed(database.db, claimID);
    const chargeID = chargeIDs[1]!;
    const reply = await change({ chargeID, status: 'void' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: CHARGE_STATUS_UPDATED });

    expect(await lineOf(chargeID)).toEqual({ status: 'void', balance: 0 });
    expect(await claimOf(claimID)).toEqual({
      claimStatusID: CLAIM_STATUS.draft,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      total: 10_000,
      balance: 10_000,
      findings: 0,
    });
    const ledger = await database.db.query<{
      type: string;
      amount: number;
      reversesCharge: boolean;
      postingDate: string;
      note: string | null;
    }>(
      `SELECT l.entry_type AS type, l.amount_cents AS amount, o.entry_type IS NOT DISTINCT FROM 'charge' AND o.ledger_id IS NOT NULL AS "reversesCharge",
              to_char(l.posting_date, 'YYYY-MM-DD') AS "postingDate", l.note
         FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
        WHERE l.charge_id = $1 ORDER BY l.ledger_id`,
      [chargeID],
    );
    expect(ledger).toEqual([
      { type: 'charge', amount: 2_500, reversesCharge: false, postingDate: ledger[0]!.postingDate, note: null },
      { type: 'reversal', amount: -2_500, reversesCharge: true, postingDate: today(), note: 'Line 2 voided' },
    ]);
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);

    const { header, charges } = await detail(claimID);
    expect(header).toMatchObject({ totalCharges: 10_000, paid: 0, adjusted: 0, balance: 10_000 });
    expect(
      charges.map(({ lineNumber, status, charge, adjusted, balance }) => ({
        lineNumber,
        status,
        charge,
        adjusted,
        balance,
      })),
    ).toEqual([
      { lineNumber: 1, status: 'active', charge: 10_000, adjusted: 0, balance: 10_000 },
      // Taking the line off reverses its charge: nothing was adjusted, so the lines add up to the header.
      { lineNumber: 2, status: 'void', charge: 2_500, adjusted: 0, balance: 0 },
    ]);
    expect((await eventsOf(claimID)).at(-1)).toEqual({
      action: 'charge status changed',
      source: 'palette',
      detail: { chargeID, lineNumber: 2, from: 'active', to: 'void', reversedCents: 2_500 },
    });
    const { rows } = (await history(chargeID)).json<ChargeStatusHistoryReply>();
    expect(rows.map((row) => [row.fromStatus, row.toStatus])).toEqual([['active', 'void']]);
  });

  it('keeps a void line void: 400 with the errors list, and nothing changes', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', status: 'void' }],
    });
    const before = await claimSnapshot(database.db, claimID);
    for (const status of ['active', 'hold', 'void']) {
      const reply = await change({ chargeID: chargeIDs[1]!, status });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message: VOID_CHARGE_LOCKED, errors: [VOID_CHARGE_LOCKED] });
    }
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });

  it('refuses to void a line while a payment or adjustment stands on it, and voids it once they are reversed', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      claimStatusID: CLAIM_STATUS.rejected,
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }],
    });
    const chargeID = chargeIDs[0]!;
    const payment = await postOnLine(database.db, chargeID, 'insurance_payment', -4_000);
    const adjustment = await postOnLine(database.db, chargeID, 'contractual_adjustment', -1_000);
    // A denial marker moves no money and does not hold the line.
    await postOnLine(database.db, chargeID, 'denial', 0);
    const before = await claimSnapshot(database.db, claimID);
    expect(await refusal({ chargeID, status: 'void' })).toBe('Reverse the postings on line 1 before voiding it.');
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);

    await postOnLine(database.db, chargeID, 'reversal', 4_000, payment);
    expect(await refusal({ chargeID, status: 'void' })).toBe('Reverse the postings on line 1 before voiding it.');
    await postOnLine(database.db, chargeID, 'reversal', 1_000, adjustment);
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);

    expect((await change({ chargeID, status: 'void' })).statusCode).toBe(200);
    expect(await lineOf(chargeID)).toEqual({ status: 'void', balance: 0 });
    expect(await claimOf(claimID)).toMatchObject({
      claimStatusID: CLAIM_STATUS.rejected,
      total: 2_500,
      balance: 2_500,
    });
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);
  });

  it('refuses the lines of a void, closed or submitted claim, and a status the line already has', async () => {
    const voided = await insertLedgerClaim(data, { claimStatusID: CLAIM_STATUS.void, lines: [{ code: '99213' }] });
    const closed = await insertLedgerClaim(data, { claimStatusID: CLAIM_STATUS.closed, lines: [{ code: '99213' }] });
    const sent = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, sent.claimID);
    const open = await insertLedgerClaim(data, { lines: [{ code: '99213' }, { code: '36415', status: 'hold' }] });
    const cases: [{ claimID: number; chargeIDs: number[] }, number, string, string][] = [
      [voided, 0, 'hold', `Claim ${voided.claimID} is void: its charges cannot be changed.`],
      [closed, 0, 'void', `Claim ${closed.claimID} is closed: its charges cannot be changed.`],
      [
        sent,
        0,
        'void',
        `Claim ${sent.claimID} has been submitted: its charges stay as sent until the claim is rejected or corrected.`,
      ],
      [open, 0, 'active', 'Line 1 is already active.'],
      [open, 1, 'hold', 'Line 2 is already on hold.'],
    ];
    for (const [claim, line, status, message] of cases) {
      const before = await claimSnapshot(database.db, claim.claimID);
      expect(await refusal({ chargeID: claim.chargeIDs[line]!, status })).toBe(message);
      expect(await claimSnapshot(database.db, claim.claimID)).toEqual(before);
    }
  });

  it('refuses a void while this month is locked for month-end', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await database.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, date_trunc('month', $3::date)::date)`,
      [data.group.groupId, data.group.practiceId, today()],
    );
    const before = await claimSnapshot(database.db, claimID);
    const month = new Date(test.clock.time).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(await refusal({ chargeID: chargeIDs[0]!, status: 'void' })).toBe(
      `Line 1 cannot be voided today: ${month} is locked for month-end.`,
    );
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    // Holding a line posts nothing, so a closed month does not stop it.
    expect((await change({ chargeID: chargeIDs[0]!, status: 'hold' })).statusCode).toBe(200);
    await database.db.query('DELETE FROM month_end_locks WHERE practice_id = $1', [data.group.practiceId]);
  });

  it('refuses bad input with a 400 that says what is wrong, and changes nothing', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    const chargeID = chargeIDs[0]!;
    const before = await claimSnapshot(database.db, claimID);
    expect(await refusal({ chargeID, status: 'deleted' })).toBe('status: Choose active, hold or void.');
    expect(await refusal({ chargeID })).toBe('status: Choose active, hold or void.');
    expect(await refusal({ status: 'hold' })).toBe('chargeID: is required.');
    expect(await refusal({ chargeID: -3, status: 'hold' })).toMatch(/^chargeID: /);
    expect(await refusal({ chargeID, status: 'hold', note: 'x' })).toMatch(/Unrecognized key: "note"/);
    expect((await history('abc')).statusCode).toBe(400);
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });

  it('does not find a line outside the data role, or one that does not exist', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    const chargeID = chargeIDs[0]!;
    const before = await claimSnapshot(database.db, claimID);
    const reply = await change({ chargeID, status: 'void' }, outsider);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found.' });
    expect((await history(chargeID, outsider)).statusCode).toBe(404);
    expect(await refusal({ chargeID: 987_654_321, status: 'hold' }, 404)).toBe('Not Found.');
    expect((await history(987_654_321)).statusCode).toBe(404);
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });
});
