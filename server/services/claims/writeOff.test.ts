import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { WRITE_OFF_REASONS, type SaveWriteOffRequest, type WriteOffReply } from '../../../contract/writeOff.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { booksOf, claimSnapshot, createLedgerTestData, postCredit, type LedgerTestData } from './writeOffTestKit.ts';

describe.each(testEngines)('writing off one claim on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: LedgerTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createLedgerTestData(database.db, 'Writer');
    const other = await createTestGroup(database.db, 'Elsewhere', { claims: 0 });
    await createTestUser(database.db, 'elsewhere@example.test', { groupIds: [other.groupId] });
    test = await createTestApp(database.db);
    biller = await signIn(test, 'writer@example.test');
    outsider = await signIn(test, 'elsewhere@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const writeOff = (body: SaveWriteOffRequest | Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/saveWriteOffByID',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload: body,
    });
  const posted = async (body: SaveWriteOffRequest) => {
    const reply = await writeOff(body);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<WriteOffReply>();
  };
  /** The refusal's status and message, and proof that the claim is exactly as before. */
  const refused = async (
    claimID: number,
    body: SaveWriteOffRequest | Record<string, unknown>,
    status = 400,
    session = biller,
  ) => {
    const before = await claimSnapshot(database.db, claimID);
    const reply = await writeOff(body, session);
    expect(reply.statusCode, reply.body).toBe(status);
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    return reply.json<{ message: string }>().message;
  };
  const statusOf = async (claimID: number) =>
    (
      await database.db.query<{ id: number }>('SELECT claim_status_id AS id FROM claims WHERE claim_id = $1', [claimID])
    )[0]?.id;
  const expectBooksAgree = async (claimID: number) => {
    const books = await booksOf(database.db, claimID);
    for (const line of books.lines) expect(line.balance).toBe(line.ledger);
    expect(books.claimBalance).toBe(books.lines.reduce((sum, line) => sum + line.balance, 0));
    expect(books.claimLedger).toBe(books.claimBalance);
    return books;
  };

  it('spreads the amount over the lines in order, one ledger row per line, and records the DNA event and audit', async () => {
    const { claimID, chargeIDs } = await data.insertBilledClaim({
      lines: [
        { code: '99213', cents: 10_000 },
        { code: '93000', cents: 5000 },
        { code: '36415', cents: 2550 },
      ],
    });
    await postCredit(database.db, chargeIDs[0]!, 'insurance_payment', 6000);

    const reply = await posted({
      claimID,
      amountCents: 7001,
      reasonID: 6,
      postingDate: '2026-11-20',
      note: ' Contract rate per the March letter. ',
    });
    expect(reply).toMatchObject({ message: 'Write-off posted.', claimBalance: 4549 });
    expect(reply.ledgerIDs).toHaveLength(2);

    const books = await expectBooksAgree(claimID);
    expect(books.lines.map((line) => line.balance)).toEqual([0, 1999, 2550]);
    const rows = await database.db.query(
      `SELECT ledger_id AS "ledgerID", charge_id AS "chargeID", entry_type AS type, amount_cents AS amount, adjustment_group_code AS "group", reason_code AS reason,
              write_off_reason_id AS "reasonID", posting_date AS "postingDate", note, created_by AS "createdBy"
         FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'write_off' ORDER BY ledger_id`,
      [claimID],
    );
    const row = {
      type: 'write_off',
      group: 'CO',
      reason: '45',
      reasonID: 6,
      postingDate: '2026-11-20',
      note: 'Contract rate per the March letter.',
      createdBy: data.actor.userId,
    };
    expect(rows).toEqual([
      { ...row, ledgerID: reply.ledgerIDs[0], chargeID: chargeIDs[0], amount: -4000 },
      { ...row, ledgerID: reply.ledgerIDs[1], chargeID: chargeIDs[1], amount: -3001 },
    ]);
    // A draft with money left keeps its status.
    expect(await statusOf(claimID)).toBe(CLAIM_STATUS.draft);

    const events = await database.db.query<{ action: string; source: string; detail: unknown }>(
      'SELECT action, source, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
    expect(events).toEqual([
      {
        action: 'written off',
        source: 'palette',
        detail: {
          amountCents: 7001,
          reasonID: 6,
          reason: 'Contractual adjustment not posted',
          groupCode: 'CO',
          reasonCode: '45',
          postingDate: '2026-11-20',
          ledgerIDs: reply.ledgerIDs,
          balanceAfterCents: 4549,
          note: 'Contract rate per the March letter.',
        },
      },
    ]);
    const audit = await database.db.query(
      `SELECT source, detail FROM audit_log WHERE action = 'claims.writeOff' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audit).toEqual([
      {
        source: 'palette',
        detail: { amountCents: 7001, reasonID: 6, postingDate: '2026-11-20', ledgerIDs: reply.ledgerIDs },
      },
    ]);
  });

  it('splits an amount across lines exactly to the cent', async () => {
    const { claimID } = await data.insertBilledClaim({
      lines: [
        { code: '99213', cents: 3333 },
        { code: '93000', cents: 3333 },
        { code: '36415', cents: 3334 },
      ],
    });
    const reply = await posted({ claimID, amountCents: 5001, reasonID: 4 });
    expect(reply.claimBalance).toBe(4999);
    const books = await expectBooksAgree(claimID);
    expect(books.lines.map((line) => line.balance)).toEqual([0, 1665, 3334]);
    const amounts = await database.db.query<{ amount: number }>(
      `SELECT amount_cents AS amount FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'write_off' ORDER BY ledger_id`,
      [claimID],
    );
    expect(amounts.map((row) => row.amount)).toEqual([-3333, -1668]);
  });

  it('writes off the whole balance when no amount is given, posts today, and closes a claim the patient owed', async () => {
    const { claimID, chargeIDs } = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.patientBalance,
      lines: [
        { code: '99213', cents: 12_000 },
        { code: '36415', cents: 1500 },
      ],
    });
    await postCredit(database.db, chargeIDs[0]!, 'insurance_payment', 9000);
    await postCredit(database.db, chargeIDs[0]!, 'contractual_adjustment', 2500);
    await postCredit(database.db, chargeIDs[1]!, 'insurance_payment', 1500);

    const reply = await posted({ claimID, reasonID: 1 });
    expect(reply.claimBalance).toBe(0);
    expect(reply.ledgerIDs).toHaveLength(1);
    await expectBooksAgree(claimID);
    expect(await statusOf(claimID)).toBe(CLAIM_STATUS.closed);
    const [row] = await database.db.query(
      `SELECT amount_cents AS amount, posting_date AS day, adjustment_group_code AS "group", reason_code AS reason FROM ledger_entries WHERE ledger_id = $1`,
      [reply.ledgerIDs[0]],
    );
    expect(row).toEqual({ amount: -500, day: '2026-11-22', group: 'OA', reason: null });
    const [event] = await database.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM claim_events WHERE claim_id = $1 AND action = 'written off'`,
      [claimID],
    );
    expect(event?.detail.claimStatus).toEqual({ from: CLAIM_STATUS.patientBalance, to: CLAIM_STATUS.closed });
  });

  it('leaves a claim still with the payer in its status when its balance is written off', async () => {
    const { claimID } = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.submitted,
      lines: [{ code: '99213', cents: 800 }],
    });
    expect((await posted({ claimID, reasonID: 2 })).claimBalance).toBe(0);
    expect(await statusOf(claimID)).toBe(CLAIM_STATUS.submitted);
  });

  it('refuses, changing nothing: no amount, more than the balance, a void claim, no balance left, an unknown reason', async () => {
    const { claimID, chargeIDs } = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.denied,
      lines: [
        { code: '99213', cents: 5000 },
        { code: '36415', cents: 1000 },
      ],
    });
    expect(await refused(claimID, { claimID, amountCents: 0, reasonID: 1 })).toBe(
      'amountCents: The write-off amount must be more than $0.00.',
    );
    expect(await refused(claimID, { claimID, amountCents: -5, reasonID: 1 })).toBe(
      'amountCents: The write-off amount must be more than $0.00.',
    );
    expect(await refused(claimID, { claimID, amountCents: 12.5, reasonID: 1 })).toBe(
      'amountCents: The write-off amount is a whole number of cents.',
    );
    expect(await refused(claimID, { claimID, amountCents: 6001, reasonID: 1 })).toBe(
      `Claim ${claimID}: The write-off ($60.01) is more than the claim's balance of $60.00.`,
    );
    expect(await refused(claimID, { claimID, reasonID: 99 })).toBe(
      'reasonID: Choose a write-off reason from the list.',
    );
    expect(await refused(claimID, { claimID, reasonID: 1, maxBalanceCents: 500 })).toBe(
      'maxBalanceCents: maxBalanceCents is for bulk write-offs; give amountCents for one claim.',
    );

    await postCredit(database.db, chargeIDs[0]!, 'patient_payment', 5000);
    await postCredit(database.db, chargeIDs[1]!, 'patient_payment', 1000);
    expect(await refused(claimID, { claimID, reasonID: 1 })).toBe(
      `Claim ${claimID}: Nothing to write off: the claim's balance is $0.00.`,
    );

    const voided = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.void,
      lines: [{ code: '99213', cents: 5000 }],
    });
    expect(await refused(voided.claimID, { claimID: voided.claimID, reasonID: 1 })).toBe(
      `Claim ${voided.claimID}: The claim is void: nothing on it can be written off.`,
    );
  });

  it('refuses a posting date in the future, not a real day, or in a month locked at month-end', async () => {
    const { claimID } = await data.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.denied,
      lines: [{ code: '99213', cents: 5000 }],
    });
    // At 15:00 UTC on the 22nd the 23rd has begun east of UTC+9, so the 24th is the first day in the future.
    expect(await refused(claimID, { claimID, reasonID: 2, postingDate: '2026-11-24' })).toBe(
      "The posting date 2026-11-24 is in the future: post the write-off with today's date or an earlier one.",
    );
    expect(await refused(claimID, { claimID, reasonID: 2, postingDate: '2026-02-30' })).toBe(
      'postingDate: The posting date is not a real day.',
    );

    await database.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-10-01')`,
      [data.group.groupId, data.group.practiceId],
    );
    expect(await refused(claimID, { claimID, reasonID: 2, postingDate: '2026-10-31' })).toBe(
      `Claim ${claimID}: October 2026 is locked at month-end for this practice: post the write-off in an open month.`,
    );
    // The month after the locked one is open.
    expect((await posted({ claimID, amountCents: 100, reasonID: 2, postingDate: '2026-11-01' })).claimBalance).toBe(
      4900,
    );
  });

  it('refuses (409) a claim whose balance does not agree with its ledger, rather than compound the error', async () => {
    const { claimID } = await data.insertClaim({
      claimStatusID: CLAIM_STATUS.denied,
      lines: [{ code: '99213', cents: 5000 }],
    });
    expect(await refused(claimID, { claimID, reasonID: 1 }, 409)).toBe(
      `Claim ${claimID}: The claim's balance does not agree with its ledger, so nothing was written off. Ask support to check the claim.`,
    );
  });

  it('answers 404 for a claim outside the data role or missing, and changes nothing', async () => {
    const { claimID } = await data.insertBilledClaim({ lines: [{ code: '99213', cents: 5000 }] });
    expect(await refused(claimID, { claimID, reasonID: 1 }, 404, outsider)).toBe('Not Found.');
    expect((await writeOff({ claimID: 987_654_321, reasonID: 1 })).statusCode).toBe(404);
  });

  it('offers the reasons migration 0008 stores, with the same ids, groups and CARCs', async () => {
    const rows = await database.db.query(
      'SELECT write_off_reason_id AS "reasonID", name, adjustment_group_code AS "groupCode", reason_code AS "reasonCode" FROM write_off_reasons ORDER BY 1',
    );
    expect(rows).toEqual(WRITE_OFF_REASONS);
  });

  it('answers 400 to a body that names no claim or more than one kind of target', async () => {
    expect((await writeOff({ reasonID: 1 })).json<{ message: string }>().message).toBe(
      'Send one of claimID, claimIDS or query.',
    );
    expect((await writeOff({ claimID: 1, claimIDS: [1], reasonID: 1 })).statusCode).toBe(400);
    expect(
      (await writeOff({ claimIDS: [1], amountCents: 100, reasonID: 1 })).json<{ message: string }>().message,
    ).toContain('An amount is for one claim');
  });
});
