import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimFinancialReply } from '../../../contract/claimFinancial.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type {
  ClaimPayorReply,
  ClaimTransferInsuranceReply,
  TransferClaimBalanceReply,
} from '../../../contract/claimTransfer.ts';
import type { PatientFinancialsReply } from '../../../contract/patientFinancials.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { booksOf, createLedgerTestData, postCredit, type LedgerTestData } from './writeOffTestKit.ts';

describe.each(testEngines)('transferring a claim balance on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: LedgerTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createLedgerTestData(database.db, 'Transferer');
    const { db } = database;
    const [secondaryPayer] = await db.query<{ id: number }>(
      `INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Texas Medicaid (TMHP)', '617591011', 'medicaid') RETURNING insurance_id AS id`,
    );
    const [tertiaryPayer] = await db.query<{ id: number }>(
      `INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Cigna', '62308', 'commercial') RETURNING insurance_id AS id`,
    );
    await db.query(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
       VALUES ($1, $2, 2, 'M2222', DATE '2025-01-01'), ($1, $3, 3, 'C3333', DATE '2025-01-01')`,
      [data.group.patientId, secondaryPayer!.id, tertiaryPayer!.id],
    );
    const other = await createTestGroup(db, 'Yonder', { claims: 0 });
    await createTestUser(db, 'yonder@example.test', { groupIds: [other.groupId] });
    test = await createTestApp(db);
    biller = await signIn(test, 'transferer@example.test');
    outsider = await signIn(test, 'yonder@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const read = (name: string, query: Record<string, string | number>, session = biller) =>
    test.app.inject({
      method: 'GET',
      url: `/api/${name}`,
      headers: bearer(session),
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const readOk = async <T>(name: string, query: Record<string, string | number>): Promise<T> => {
    const reply = await read(name, query);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<T>();
  };
  const payor = (claimID: number) => readOk<ClaimPayorReply>('AddEditClaim/getClaimPayor', { claimID });
  const targets = (claimID: number) =>
    readOk<ClaimTransferInsuranceReply>('AddEditClaim/getClaimTransferInsurance', { claimID });
  const financial = (claimID: number) => readOk<ClaimFinancialReply>('AddEditClaim/getClaimFinancial', { claimID });
  const patientMoney = () =>
    readOk<PatientFinancialsReply>('Patient/getPatientFinancialsByID', { patientID: data.group.patientId });
  const transfer = (body: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/transferClaimBalance',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload: body,
    });
  const reverse = (ledgerID: number) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/reversePaymentLedger',
      headers: bearer(biller),
      payload: { ledgerID },
    });
  /** Everything a transfer may write, to show a refused one wrote nothing. */
  const snapshot = async (claimID: number) => ({
    claim: await database.db.query('SELECT balance_cents, claim_status_id FROM claims WHERE claim_id = $1', [claimID]),
    ledger: await database.db.query('SELECT ledger_id FROM ledger_entries WHERE claim_id = $1 ORDER BY ledger_id', [
      claimID,
    ]),
    events: await database.db.query('SELECT count(*)::int AS n FROM claim_events WHERE claim_id = $1', [claimID]),
    transfers: await database.db.query('SELECT count(*)::int AS n FROM balance_transfers WHERE claim_id = $1', [
      claimID,
    ]),
    crossovers: await database.db.query('SELECT count(*)::int AS n FROM claims WHERE crossover_of_claim_id = $1', [
      claimID,
    ]),
  });
  const refused = async (claimID: number, body: Record<string, unknown>) => {
    const before = await snapshot(claimID);
    const reply = await transfer({ claimID, ...body });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(await snapshot(claimID)).toEqual(before);
    return reply.json<{ message: string }>().message;
  };
  const expectBooksAgree = async (claimID: number) => {
    const books = await booksOf(database.db, claimID);
    for (const line of books.lines) expect(line.balance).toBe(line.ledger);
    expect(books.claimLedger).toBe(books.claimBalance);
  };
  /** A $150 claim (lines $100 and $50) the primary paid $60 on line 1: $90 still on the payer. */
  const paidClaim = async (claimStatusID: number = CLAIM_STATUS.partiallyPaid) => {
    const claim = await data.insertBilledClaim({
      claimStatusID,
      lines: [
        { code: '99213', cents: 10_000 },
        { code: '36415', cents: 5000 },
      ],
    });
    await postCredit(database.db, claim.chargeIDs[0]!, 'insurance_payment', 6000);
    return claim;
  };

  it('says who owes the claim and where its balance can go, with the financial summary’s figures', async () => {
    const { claimID } = await paidClaim();
    const summary = await financial(claimID);
    const now = await payor(claimID);
    expect(now).toMatchObject({
      claimID,
      responsible: 'payer',
      selfPay: false,
      payer: { payerName: 'Aetna', rank: 'primary', memberID: 'W123456789' },
      balance: 9000,
      insuranceBalance: summary.totals.insuranceBalance,
      patientBalance: summary.totals.patientResponsibility,
      transfer: null,
    });
    expect(now.insuranceBalance).toBe(9000);
    expect(now.description).toBe('Aetna (primary), member W123456789');

    const next = await targets(claimID);
    expect(next.patient).toEqual({ amount: 9000, possible: true, reason: null });
    expect(next.coverages.map((coverage) => [coverage.payerName, coverage.rank, coverage.crossoverPossible])).toEqual([
      ['Texas Medicaid (TMHP)', 'secondary', true],
      ['Cigna', 'tertiary', false],
    ]);
    expect(next.coverages[0]?.memberID).toBe('M2222');
    expect(next.coverages[1]?.reason).toMatch(/bills Texas Medicaid \(TMHP\) \(secondary\) first/);
  });

  it('moves the insurance balance to the patient in one posting, and the patient’s financials agree', async () => {
    const { claimID, chargeIDs } = await paidClaim();
    const patientBefore = await patientMoney();
    const reply = await transfer({ claimID, target: 'patient', postingDate: '2026-11-02' });
    expect(reply.statusCode, reply.body).toBe(200);
    const moved = reply.json<TransferClaimBalanceReply>();
    expect(moved).toMatchObject({ target: 'patient', movedCents: 9000, crossoverClaimID: null });
    expect(moved.message).toBe(
      `Transferred $90.00 on claim ${claimID} from Aetna (primary) to the patient (2 lines); the patient now owes $90.00.`,
    );
    expect(moved.ledgerIDs).toHaveLength(2);
    const markers = await database.db.query<{ chargeID: number; amount: number; type: string }>(
      `SELECT charge_id AS "chargeID", amount_cents AS amount, entry_type AS type FROM ledger_entries WHERE ledger_id = ANY($1::bigint[]) ORDER BY ledger_id`,
      [moved.ledgerIDs],
    );
    expect(markers).toEqual(chargeIDs.map((chargeID) => ({ chargeID, amount: 0, type: 'patient_responsibility' })));

    const after = await payor(claimID);
    expect(after).toMatchObject({
      responsible: 'patient',
      balance: 9000,
      insuranceBalance: 0,
      patientBalance: 9000,
      transfer: { ledgerID: moved.ledgerID, postingDate: '2026-11-02', amount: 9000 },
    });
    expect(after.description).toBe('Patient: $90.00 transferred from Aetna (primary)');
    expect((await financial(claimID)).totals).toMatchObject({ balance: 9000, patientResponsibility: 9000 });
    await expectBooksAgree(claimID);
    const [claim] = await database.db.query<{ status: number }>(
      'SELECT claim_status_id AS status FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(claim?.status).toBe(CLAIM_STATUS.patientBalance);

    const patientAfter = await patientMoney();
    expect(patientAfter.patientBalanceDue - patientBefore.patientBalanceDue).toBe(9000);
    expect(patientBefore.insuranceBalance - patientAfter.insuranceBalance).toBe(9000);
    expect(patientAfter.totals.balance).toBe(patientBefore.totals.balance);

    const audits = await database.db.query<{ detail: { amountCents: number } }>(
      `SELECT detail FROM audit_log WHERE action = 'claims.transferBalance' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audits.map((row) => row.detail.amountCents)).toEqual([9000]);
    const events = await database.db.query<{ action: string }>(
      'SELECT action FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
    expect(events.map((event) => event.action)).toContain('balance transferred to patient');

    // Nothing left on the payer: a second transfer is refused and writes nothing.
    expect(await refused(claimID, { target: 'patient' })).toBe(
      `Claim ${claimID} has no insurance balance to transfer to the patient.`,
    );
    expect((await targets(claimID)).patient).toMatchObject({ amount: 0, possible: false });
  });

  it('reversing the transfer puts the balance back on the payer, and only the lines it moved', async () => {
    const { claimID, chargeIDs } = await paidClaim();
    // The payer already passed line 1's balance to the patient (a remit's patient share).
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date)
       SELECT group_id, practice_id, patient_id, claim_id, $2, 'patient_responsibility', 0, 'PR', '2', DATE '2026-03-01' FROM claims WHERE claim_id = $1`,
      [claimID, chargeIDs[0]],
    );
    expect(await payor(claimID)).toMatchObject({ insuranceBalance: 5000, patientBalance: 4000 });
    const moved = (await transfer({ claimID, target: 'patient' })).json<TransferClaimBalanceReply>();
    expect(moved).toMatchObject({ movedCents: 5000 });
    expect(moved.ledgerIDs).toHaveLength(1);
    expect(await payor(claimID)).toMatchObject({ responsible: 'patient', insuranceBalance: 0, patientBalance: 9000 });

    const reversal = await reverse(moved.ledgerID!);
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(reversal.json<{ message: string }>().message).toBe(
      `Balance transfer reversed: $50.00 of claim ${claimID} is back on Aetna (primary).`,
    );
    // The remit's patient share stays the patient's; the transferred line is the payer's again.
    expect(await payor(claimID)).toMatchObject({
      responsible: 'payer',
      insuranceBalance: 5000,
      patientBalance: 4000,
      transfer: null,
    });
    await expectBooksAgree(claimID);
    const [claim] = await database.db.query<{ status: number }>(
      'SELECT claim_status_id AS status FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(claim?.status).toBe(CLAIM_STATUS.partiallyPaid);
    expect((await reverse(moved.ledgerID!)).statusCode).toBe(409);
  });

  it('reverses a whole transfer of many lines by any of its rows', async () => {
    const { claimID } = await paidClaim();
    const before = await payor(claimID);
    const moved = (await transfer({ claimID, target: 'patient' })).json<TransferClaimBalanceReply>();
    const reversal = await reverse(moved.ledgerIDs[1]!);
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(await payor(claimID)).toEqual(before);
    const reversals = await database.db.query<{ reverses: number }>(
      `SELECT reverses_ledger_id AS reverses FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'reversal' ORDER BY reverses_ledger_id`,
      [claimID],
    );
    expect(reversals.map((row) => row.reverses)).toEqual(moved.ledgerIDs);
    // The claim can be transferred again once the transfer is undone.
    expect((await transfer({ claimID, target: 'patient' })).statusCode).toBe(200);
  });

  it('moves only the lines named', async () => {
    const { claimID, chargeIDs } = await paidClaim();
    const moved = (
      await transfer({ claimID, target: 'patient', chargeIDs: [chargeIDs[1]] })
    ).json<TransferClaimBalanceReply>();
    expect(moved.movedCents).toBe(5000);
    expect(await payor(claimID)).toMatchObject({ responsible: 'payer', insuranceBalance: 4000, patientBalance: 5000 });
    expect(await refused(claimID, { target: 'patient', chargeIDs: [chargeIDs[1]] })).toBe(
      'Line 2 has no insurance balance to transfer.',
    );
  });

  it('refuses, writing nothing, what cannot be transferred', async () => {
    const { claimID } = await paidClaim();
    const other = await paidClaim();
    expect(await refused(claimID, { target: 'patient', chargeIDs: [other.chargeIDs[0]] })).toBe(
      `Charge ${other.chargeIDs[0]} is not a line of claim ${claimID}.`,
    );
    expect(await refused(claimID, { target: 'patient', postingDate: '2099-01-01' })).toMatch(/is in the future/);
    await database.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-10-01')`,
      [data.group.groupId, data.group.practiceId],
    );
    expect(await refused(claimID, { target: 'patient', postingDate: '2026-10-20' })).toBe(
      'October 2026 is closed (month-end lock); post with a date in an open month.',
    );
    expect(await refused(claimID, { target: 'nextPayer', chargeIDs: [other.chargeIDs[0]] })).toMatch(
      /crossover claim bills every line/,
    );
    expect(await refused(claimID, { target: 'insurer' })).toMatch(/'patient' or 'nextPayer'/);

    const voided = await paidClaim(CLAIM_STATUS.void);
    expect(await refused(voided.claimID, { target: 'patient' })).toBe(
      `Claim ${voided.claimID} is void: there is no balance to transfer.`,
    );
    const selfPay = await paidClaim();
    await database.db.query('UPDATE claims SET insurance_id = NULL, patient_insurance_id = NULL WHERE claim_id = $1', [
      selfPay.claimID,
    ]);
    expect(await refused(selfPay.claimID, { target: 'patient' })).toMatch(/is self-pay/);
    expect(await payor(selfPay.claimID)).toMatchObject({
      responsible: 'patient',
      selfPay: true,
      payer: null,
      patientBalance: 9000,
      description: 'Patient (self-pay claim)',
    });
    const unpaid = await data.insertBilledClaim({ lines: [{ code: '99213', cents: 10_000 }] });
    expect(await refused(unpaid.claimID, { target: 'nextPayer' })).toMatch(/has not answered/);
  });

  it('moves the balance once when two billers transfer the same claim at the same moment', async () => {
    const { claimID } = await paidClaim();
    const patientBefore = await patientMoney();
    const replies = await Promise.all([
      transfer({ claimID, target: 'patient' }),
      transfer({ claimID, target: 'patient' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    const [markers] = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'patient_responsibility'`,
      [claimID],
    );
    expect(markers?.n).toBe(2);
    expect((await patientMoney()).patientBalanceDue - patientBefore.patientBalanceDue).toBe(9000);
    await expectBooksAgree(claimID);
  });

  it('bills the next payer through a crossover claim', async () => {
    const { claimID } = await paidClaim();
    const reply = await transfer({ claimID, target: 'nextPayer' });
    expect(reply.statusCode, reply.body).toBe(200);
    const made = reply.json<TransferClaimBalanceReply>();
    expect(made).toMatchObject({ target: 'nextPayer', ledgerID: null, ledgerIDs: [] });
    const [crossover] = await database.db.query<{ id: number }>(
      'SELECT claim_id AS id FROM claims WHERE crossover_of_claim_id = $1',
      [claimID],
    );
    expect(made.crossoverClaimID).toBe(crossover?.id);
    expect(made.message).toMatch(/created for Texas Medicaid \(TMHP\) \(secondary\)/);
    expect(await payor(made.crossoverClaimID!)).toMatchObject({
      responsible: 'payer',
      payer: { payerName: 'Texas Medicaid (TMHP)', rank: 'secondary', memberID: 'M2222' },
    });
    expect((await targets(claimID)).coverages[0]).toMatchObject({
      crossoverPossible: false,
      reason: expect.stringMatching(/already has crossover claim/) as unknown,
    });
    expect(await refused(claimID, { target: 'nextPayer' })).toMatch(/already has crossover claim/);
  });

  it('answers 404 for a claim outside the data role, and audits the reads', async () => {
    const { claimID } = await paidClaim();
    for (const name of ['AddEditClaim/getClaimPayor', 'AddEditClaim/getClaimTransferInsurance'])
      expect((await read(name, { claimID }, outsider)).statusCode).toBe(404);
    const before = await snapshot(claimID);
    for (const target of ['patient', 'nextPayer'])
      expect((await transfer({ claimID, target }, outsider)).statusCode).toBe(404);
    expect(await snapshot(claimID)).toEqual(before);

    await payor(claimID);
    await targets(claimID);
    const audits = await database.db.query<{ call: string }>(
      `SELECT record_id AS call FROM audit_log
        WHERE action = 'read' AND record_type = 'call' AND record_id LIKE 'AddEditClaim/getClaim%' AND detail->>'claimID' = $1`,
      [String(claimID)],
    );
    expect(audits.map((row) => row.call).sort()).toEqual([
      'AddEditClaim/getClaimPayor',
      'AddEditClaim/getClaimTransferInsurance',
    ]);
  });
});
