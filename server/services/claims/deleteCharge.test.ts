import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { chargeWasDeleted, type DeleteChargeReply } from '../../../contract/chargeStatus.ts';
import type { ChargesReply, ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import type { PatientInfoReply } from '../../../contract/patients.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { findDuplicateLines } from '../scrub/duplicateLines.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import {
  balanceMismatches,
  claimSnapshot,
  insertLedgerClaim,
  markScrubbed,
  markSubmitted,
  postOnLine,
} from './chargeStatusTestData.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

describe.each(testEngines)('deleting a charge line on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Eraser', 'Elsewhere'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const remove = (id: number | string, session = biller) =>
    test.app.inject({
      method: 'DELETE',
      url: '/api/AddEditClaim/deleteChargeByID',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      query: { id: String(id) },
    });
  const deleted = async (id: number) => {
    const reply = await remove(id);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<DeleteChargeReply>();
  };
  const read = async <T>(url: string, query: Record<string, string>, status = 200) => {
    const reply = await test.app.inject({ method: 'GET', url, headers: bearer(biller), query });
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<T>();
  };
  const patientTotals = async () =>
    (await read<PatientInfoReply>('/api/Patient/getPatientInfoByID', { patientID: String(data.group.patientId) }))
      .totals;
  const today = () => new Date(test.clock.time).toISOString().slice(0, 10);

  it('takes a line off a claim never sent: a reversal, the line marked deleted, and the line gone from every read', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }, { code: '81002', cents: 900 }],
    });
    await markScrubbed(database.db, claimID);
    const chargeID = chargeIDs[1]!;
    const totalsBefore = await patientTotals();

    const reply = await deleted(chargeID);
    expect(reply).toEqual({ message: 'Charge Successfully Deleted', pkid: 1 });
    expect(chargeWasDeleted(reply)).toBe(true);

    const [line] = await database.db.query<{ status: string; balance: number }>(
      'SELECT charge_status AS status, balance_cents AS balance FROM charges WHERE charge_id = $1',
      [chargeID],
    );
    expect(line).toEqual({ status: 'deleted', balance: 0 });
    const ledger = await database.db.query<{ type: string; amount: number; postingDate: string; note: string | null }>(
      `SELECT entry_type AS type, amount_cents AS amount, to_char(posting_date, 'YYYY-MM-DD') AS "postingDate", note FROM ledger_entries WHERE charge_id = $1 ORDER BY ledger_id`,
      [chargeID],
    );
    expect(ledger.map(({ type, amount }) => [type, amount])).toEqual([
      ['charge', 2_500],
      ['reversal', -2_500],
    ]);
    expect(ledger[1]).toMatchObject({ postingDate: today(), note: 'Line 2 deleted' });
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);

    const { header, charges } = await read<ClaimDetailReply>('/api/Claims/getClaimDetailData', {
      claimID: String(claimID),
    });
    expect(charges.map((charge) => charge.lineNumber)).toEqual([1, 3]);
    expect(header).toMatchObject({
      totalCharges: 10_900,
      paid: 0,
      adjusted: 0,
      balance: 10_900,
      scrubStatus: 'Not Scrubbed',
      claimStatus: 'Draft',
    });
    expect(
      (await read<ChargesReply>('/api/Claims/getChargesData', { claimID: String(claimID) })).charges.map(
        (charge) => charge.chargeID,
      ),
    ).toEqual([chargeIDs[0], chargeIDs[2]]);
    const { rows } = await read<PaymentLedgersReply>('/api/Claims/getPaymentLedgers', { claimID: String(claimID) });
    expect(rows.map((row) => row.chargeLine).sort()).toEqual([1, 3]);
    expect(await patientTotals()).toEqual({
      ...totalsBefore,
      charges: totalsBefore.charges - 2_500,
      balance: totalsBefore.balance - 2_500,
    });
    const [billed] = await loadBillingClaims(database.db, [claimID]);
    expect(billed?.charges.map((charge) => charge.lineNumber)).toEqual([1, 3]);
    expect(billed?.totalChargeCents).toBe(10_900);

    const events = await database.db.query<{ action: string; source: string; detail: Record<string, unknown> }>(
      `SELECT action, source, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id`,
      [claimID],
    );
    expect(events).toEqual([
      {
        action: 'charge deleted',
        source: 'palette',
        detail: { chargeID, lineNumber: 2, cptCode: '36415', chargeCents: 2_500, reversedCents: 2_500 },
      },
    ]);
    const [status] = await database.db.query<{ scrubStatusID: number }>(
      'SELECT scrub_status_id AS "scrubStatusID" FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(status?.scrubStatusID).toBe(SCRUB_STATUS.notScrubbed);
    const history = await database.db.query(
      'SELECT from_status, to_status FROM charge_status_history WHERE charge_id = $1',
      [chargeID],
    );
    expect(history).toEqual([{ from_status: 'active', to_status: 'deleted' }]);

    // Gone for the calls that name the line as well.
    const headers = bearer(biller);
    expect((await remove(chargeID)).statusCode).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/Claims/getChargeStatusHistory',
          headers,
          query: { chargeID: String(chargeID) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/Claims/changeChargeStatus',
          headers,
          payload: { chargeID, status: 'active' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/AddEditClaim/editCharge',
          headers,
          payload: { chargeID, units: 2 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes the id from a JSON body as well', async () => {
    const { chargeIDs } = await insertLedgerClaim(data, { lines: [{ code: '99213' }, { code: '36415' }] });
    const reply = await test.app.inject({
      method: 'DELETE',
      url: '/api/AddEditClaim/deleteChargeByID',
      headers: bearer(biller),
      payload: { id: chargeIDs[1] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<DeleteChargeReply>().pkid).toBe(1);
  });

  it('no longer counts a deleted line as a duplicate of another claim', async () => {
    const first = await insertLedgerClaim(data, { dos: '2026-02-02', lines: [{ code: '99214' }, { code: '36415' }] });
    const second = await insertLedgerClaim(data, { dos: '2026-02-02', lines: [{ code: '99214' }] });
    expect((await findDuplicateLines(database.db, [second.claimID])).get(second.chargeIDs[0]!)).toEqual({
      claimID: first.claimID,
      lineNumber: 1,
    });
    expect((await deleted(first.chargeIDs[0]!)).pkid).toBe(1);
    expect((await findDuplicateLines(database.db, [second.claimID])).size).toBe(0);
  });

  it('refuses with pkid 2 and the reason, and changes nothing', async () => {
    const sent = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, sent.claimID);
    const rejected = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, rejected.claimID, CLAIM_STATUS.rejected);
    const voidClaim = await insertLedgerClaim(data, {
      claimStatusID: CLAIM_STATUS.void,
      lines: [{ code: '99213', status: 'void' }],
    });
    const closed = await insertLedgerClaim(data, { claimStatusID: CLAIM_STATUS.closed, lines: [{ code: '99213' }] });
    const withVoidLine = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', status: 'void' }],
    });
    const paid = await insertLedgerClaim(data, { lines: [{ code: '99213' }, { code: '36415' }] });
    await postOnLine(database.db, paid.chargeIDs[1]!, 'patient_payment', -500);

    const cases: [{ claimID: number; chargeIDs: number[] }, number, string][] = [
      [sent, 0, `claim ${sent.claimID} has been submitted; void the line instead.`],
      [rejected, 0, `claim ${rejected.claimID} has been submitted; void the line instead.`],
      [voidClaim, 0, `claim ${voidClaim.claimID} is void.`],
      [closed, 0, `claim ${closed.claimID} is closed.`],
      [withVoidLine, 1, 'line 2 is void.'],
      [paid, 1, 'line 2 has payments or adjustments posted; reverse them first.'],
    ];
    for (const [claim, line, reason] of cases) {
      const before = await claimSnapshot(database.db, claim.claimID);
      const reply = await deleted(claim.chargeIDs[line]!);
      expect(reply).toEqual({ message: `Charge cannot be deleted: ${reason}`, pkid: 2 });
      expect(chargeWasDeleted(reply)).toBe(false);
      expect(await claimSnapshot(database.db, claim.claimID)).toEqual(before);
    }
    expect(await balanceMismatches(database.db, paid.claimID)).toEqual([]);
  });

  it('refuses while this month is locked for month-end', async () => {
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
    expect(await deleted(chargeIDs[0]!)).toEqual({
      message: `Charge cannot be deleted: ${month} is locked for month-end.`,
      pkid: 2,
    });
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    await database.db.query('DELETE FROM month_end_locks WHERE practice_id = $1', [data.group.practiceId]);
  });

  it('answers bad input with a 400, and a line outside the data role or unknown with a 404, changing nothing', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    const before = await claimSnapshot(database.db, claimID);
    for (const id of ['abc', '0', '-4']) {
      const reply = await remove(id);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(/^id: /);
    }
    const missing = await test.app.inject({
      method: 'DELETE',
      url: '/api/AddEditClaim/deleteChargeByID',
      headers: bearer(biller),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'id: is required.' });
    const outside = await remove(chargeIDs[0]!, outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Not Found.' });
    expect((await remove(987_654_321)).statusCode).toBe(404);
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });
});
